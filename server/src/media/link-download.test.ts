import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { freePort } from "../free-port";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLink, downloadLink, isPublicAddress, LinkError, resolvePublicTarget, whatToFetch } from "./link-download";

// The test server listens on 127.0.0.3 so that, with allowPrivateAddresses off,
// it alone can be trusted while redirects to 127.0.0.1 still meet the real rule.
const HOST = "127.0.0.3";
const MEDIA = Buffer.alloc(50_000, 7);
let server: http.Server;
let base: string;
let dir: string;
let bodyBytesSent = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "link-test-"));
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", base);
    const hop = Number(url.searchParams.get("hop") ?? 0);
    switch (url.pathname) {
      case "/media/talk.mp3":
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": MEDIA.length });
        res.end(MEDIA);
        return;
      case "/download":
        res.writeHead(200, {
          "content-type": "application/octet-stream",
          "content-disposition": `attachment; filename="x.bin"; filename*=UTF-8''Zo%C3%AB%20standup.m4a`,
        });
        res.end(MEDIA.subarray(0, 1000));
        return;
      case "/missing":
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
        return;
      case "/zoom-share":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!doctype html><html><body>Zoom recording</body></html>");
        return;
      case "/sneaky-page":
        // A page served without a content type still must not pass as media.
        res.writeHead(200);
        res.end("<!DOCTYPE html><html><head><title>Meet</title></head></html>");
        return;
      case "/chain":
        if (hop < 3) res.writeHead(302, { location: `/chain?hop=${hop + 1}` });
        else res.writeHead(301, { location: `${base}/media/talk.mp3` });
        res.end();
        return;
      case "/loop":
        res.writeHead(302, { location: `/loop?hop=${hop + 1}` });
        res.end();
        return;
      case "/to-loopback":
        res.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/talk.mp3` });
        res.end();
        return;
      case "/to-localhost":
        res.writeHead(307, { location: `http://localhost:${(server.address() as AddressInfo).port}/media/talk.mp3` });
        res.end();
        return;
      case "/to-metadata":
        res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" });
        res.end();
        return;
      case "/to-ftp":
        res.writeHead(302, { location: "ftp://example.com/talk.mp3" });
        res.end();
        return;
      case "/huge":
        // Declares 3 GB but sends only a little and then holds the connection.
        res.writeHead(200, { "content-type": "video/mp4", "content-length": String(3 * 1024 ** 3) });
        res.write(Buffer.alloc(16_384));
        bodyBytesSent += 16_384;
        return;
      case "/endless": {
        // No Content-Length: the cap must be enforced while streaming.
        res.writeHead(200, { "content-type": "audio/wav" });
        const timer = setInterval(() => {
          if (!res.write(Buffer.alloc(16_384, 1))) return;
        }, 1);
        res.on("close", () => clearInterval(timer));
        return;
      }
      case "/stall-headers":
        return; // never answers
      case "/stall-body":
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "100000" });
        res.write(Buffer.alloc(1000));
        return; // never finishes
      case "/short":
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "100000" });
        // Promises 100 kB, sends 1 kB, then hangs up.
        res.write(Buffer.alloc(1000), () => res.destroy());
        return;
      case "/empty":
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "0" });
        res.end();
        return;
      case "/forbidden":
        res.writeHead(403);
        res.end();
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  base = `http://${HOST}:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  bodyBytesSent = 0;
});

const open = { maxBytes: 1_000_000, timeoutMs: 5_000, allowPrivateAddresses: true };
const strict = { maxBytes: 1_000_000, timeoutMs: 5_000, allowPrivateAddresses: false, trustAddress: (ip: string) => ip === HOST };
let n = 0;
const dest = () => join(dir, `out-${++n}.bin`);

async function expectLinkError(p: Promise<unknown>, code: string): Promise<LinkError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LinkError);
  expect((err as LinkError).code).toBe(code);
  return err as LinkError;
}

async function expectNoFile(path: string) {
  const files = await readdir(dir);
  const name = path.split("/").pop()!;
  expect(files).not.toContain(name);
  expect(files).not.toContain(`${name}.part`);
}

describe("downloadLink", () => {
  it("downloads a media file and reports progress", async () => {
    const out = dest();
    const progress: [number, number | null][] = [];
    const r = await downloadLink(`${base}/media/talk.mp3`, out, { ...open, onProgress: (b, t) => progress.push([b, t]) });
    expect(r).toEqual({ bytes: MEDIA.length, contentType: "audio/mpeg", fileName: "talk.mp3" });
    expect((await readFile(out)).equals(MEDIA)).toBe(true);
    expect(progress.at(-1)).toEqual([MEDIA.length, MEDIA.length]);
  });

  it("takes the file name from Content-Disposition (RFC 5987 form first)", async () => {
    const r = await downloadLink(`${base}/download`, dest(), open);
    expect(r.fileName).toBe("Zoë standup.m4a");
    expect(r.contentType).toBe("application/octet-stream");
  });

  it("reports an HTTP error status in the message", async () => {
    const out = dest();
    const err = await expectLinkError(downloadLink(`${base}/missing`, out, open), "HTTP_ERROR");
    expect(err.httpStatus).toBe(404);
    expect(err.message).toMatch(/^Could not download the recording from 127\.0\.0\.3 \(HTTP 404 Not Found\)/);
    await expectNoFile(out);
    const forbidden = await expectLinkError(downloadLink(`${base}/forbidden`, dest(), open), "HTTP_ERROR");
    expect(forbidden.message).toMatch(/HTTP 403.*sign-in or permission/);
  });

  it("refuses an HTML page (a share page elsewhere) and says what to do", async () => {
    const err = await expectLinkError(downloadLink(`${base}/zoom-share`, dest(), open), "WEB_PAGE");
    expect(err.message).toMatch(/web page, not a recording/);
    expect(err.message).toMatch(/Google Drive, Dropbox, OneDrive, SharePoint or Box share link/);
    expect(err.message).toMatch(/upload the file|direct link to the media file/);
    await expectLinkError(downloadLink(`${base}/sneaky-page`, dest(), open), "WEB_PAGE");
  });

  it("follows a chain of redirects (4 hops) to the media", async () => {
    const r = await downloadLink(`${base}/chain`, dest(), open);
    expect(r.bytes).toBe(MEDIA.length);
    expect(r.fileName).toBe("talk.mp3");
  });

  it("gives up after 5 redirects", async () => {
    const err = await expectLinkError(downloadLink(`${base}/loop`, dest(), open), "TOO_MANY_REDIRECTS");
    expect(err.message).toMatch(/more than 5 times/);
  });

  it("refuses a direct loopback URL when private addresses are not allowed", async () => {
    const port = (server.address() as AddressInfo).port;
    const off = { ...open, allowPrivateAddresses: false };
    const err = await expectLinkError(downloadLink(`http://127.0.0.1:${port}/media/talk.mp3`, dest(), off), "BLOCKED_ADDRESS");
    expect(err.message).toMatch(/private or internal network address/);
    // The server is really there: the same URL works with the test flag on.
    await expect(downloadLink(`http://${HOST}:${port}/media/talk.mp3`, dest(), open)).resolves.toMatchObject({ bytes: MEDIA.length });
    await expectLinkError(downloadLink(`${base}/media/talk.mp3`, dest(), off), "BLOCKED_ADDRESS");
    await expectLinkError(downloadLink(`http://localhost:${port}/media/talk.mp3`, dest(), off), "BLOCKED_ADDRESS");
    await expectLinkError(downloadLink(`http://[::1]:${port}/x.mp3`, dest(), off), "BLOCKED_ADDRESS");
    await expectLinkError(downloadLink(`http://[::ffff:127.0.0.1]:${port}/x.mp3`, dest(), off), "BLOCKED_ADDRESS");
    // Numeric spellings of 127.0.0.1 that URL parsing normalises.
    await expectLinkError(downloadLink(`http://2130706433:${port}/x.mp3`, dest(), off), "BLOCKED_ADDRESS");
    await expectLinkError(downloadLink(`http://0x7f.1:${port}/x.mp3`, dest(), off), "BLOCKED_ADDRESS");
  });

  it("checks every redirect target: loopback, localhost and cloud metadata are refused", async () => {
    // The trusted first hop works ...
    await expect(downloadLink(`${base}/media/talk.mp3`, dest(), strict)).resolves.toMatchObject({ bytes: MEDIA.length });
    // ... but its redirects into internal addresses do not.
    await expectLinkError(downloadLink(`${base}/to-loopback`, dest(), strict), "BLOCKED_ADDRESS");
    await expectLinkError(downloadLink(`${base}/to-localhost`, dest(), strict), "BLOCKED_ADDRESS");
    const meta = await expectLinkError(downloadLink(`${base}/to-metadata`, dest(), strict), "BLOCKED_ADDRESS");
    expect(meta.message).toContain("169.254.169.254");
    await expectLinkError(downloadLink(`${base}/to-ftp`, dest(), strict), "UNSUPPORTED_PROTOCOL");
  });

  it("refuses a declared 3 GB body from the headers, without reading it", async () => {
    const out = dest();
    const started = Date.now();
    const err = await expectLinkError(downloadLink(`${base}/huge`, out, { ...open, maxBytes: 100 * 1024 * 1024 }), "TOO_LARGE");
    expect(err.message).toMatch(/is 3\.0 GB, which is over the 100 MB limit/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(bodyBytesSent).toBeLessThanOrEqual(16_384);
    await expectNoFile(out);
  });

  it("aborts a stream that passes the cap and removes the partial file", async () => {
    const out = dest();
    const err = await expectLinkError(downloadLink(`${base}/endless`, out, { ...open, maxBytes: 64 * 1024 }), "TOO_LARGE");
    expect(err.message).toMatch(/over the 64 KB limit/);
    await expectNoFile(out);
  });

  it("times out a server that never answers, and one that stalls mid-body", async () => {
    const t0 = Date.now();
    const e1 = await expectLinkError(downloadLink(`${base}/stall-headers`, dest(), { ...open, timeoutMs: 300 }), "TIMEOUT");
    expect(e1.message).toMatch(/took too long/);
    const out = dest();
    await expectLinkError(downloadLink(`${base}/stall-body`, out, { ...open, timeoutMs: 300 }), "TIMEOUT");
    expect(Date.now() - t0).toBeLessThan(3000);
    await expectNoFile(out);
  });

  it("fails a body cut short of its Content-Length and removes the partial file", async () => {
    const out = dest();
    const err = await expectLinkError(downloadLink(`${base}/short`, out, open), "CONNECTION_FAILED");
    expect(err.message).toMatch(/before the file was complete/);
    await expectNoFile(out);
  });

  it("refuses an empty body", async () => {
    await expectLinkError(downloadLink(`${base}/empty`, dest(), open), "EMPTY");
  });

  it("passes the caller abort reason through", async () => {
    const ac = new AbortController();
    const p = downloadLink(`${base}/stall-body`, dest(), { ...open, signal: ac.signal });
    setTimeout(() => ac.abort(new Error("meeting deleted")), 100);
    await expect(p).rejects.toThrow("meeting deleted");
  });

  it.each(["ftp://example.com/a.mp3", "file:///etc/passwd", "javascript:alert(1)"])("refuses %s", async (url) => {
    const err = await expectLinkError(downloadLink(url, dest(), open), "UNSUPPORTED_PROTOCOL");
    expect(err.message).toMatch(/Only http:\/\/ and https:\/\/ links/);
  });

  it("refuses text that is not a URL", async () => {
    await expectLinkError(downloadLink("zoom meeting tomorrow", dest(), open), "INVALID_URL");
  });

  it("reports a refused connection", async () => {
    const port = await freePort();
    const err = await expectLinkError(downloadLink(`http://${HOST}:${port}/a.mp3`, dest(), open), "CONNECTION_FAILED");
    expect(err.message).toMatch(/refused the connection/);
  });
});

describe("resolvePublicTarget", () => {
  it("refuses a host when any one of its addresses is internal", async () => {
    // localhost resolves only to loopback addresses here; none may pass.
    await expect(resolvePublicTarget(new URL("http://localhost/"), { allowPrivateAddresses: false })).rejects.toMatchObject({
      code: "BLOCKED_ADDRESS",
    });
    await expect(resolvePublicTarget(new URL("http://8.8.8.8/"), { allowPrivateAddresses: false })).resolves.toMatchObject({
      address: "8.8.8.8",
      family: 4,
    });
    await expect(resolvePublicTarget(new URL("http://[2606:4700::1111]/"), { allowPrivateAddresses: false })).resolves.toMatchObject({
      family: 6,
    });
  });
});

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["93.184.216.34", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
    ["10.0.0.1", false],
    ["10.255.255.255", false],
    ["172.16.0.1", false],
    ["172.31.255.254", false],
    ["172.32.0.1", true],
    ["192.168.1.10", false],
    ["127.0.0.1", false],
    ["127.1.2.3", false],
    ["0.0.0.0", false],
    ["169.254.169.254", false],
    ["169.254.1.1", false],
    ["100.64.0.1", false],
    ["100.127.255.255", false],
    ["224.0.0.251", false],
    ["255.255.255.255", false],
    ["::1", false],
    ["::", false],
    ["fe80::1", false],
    ["fe80::1%eth0", false],
    ["fc00::1", false],
    ["fd12:3456::1", false],
    ["ff02::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:10.0.0.1", false],
    ["::127.0.0.1", false],
    ["64:ff9b::a00:1", false],
    ["not-an-ip", false],
    ["", false],
  ])("%s → %s", (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });
});

describe("links that cannot be downloaded as they are", () => {
  const fails = () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));

  it("says the server cannot reach the internet when no name resolves, not that the link has a typo", async () => {
    const offline = { allowPrivateAddresses: false, lookup: fails };
    const err = await checkLink("https://cdn.example.org/standup.mp3", offline).catch((e) => e);
    expect(err).toMatchObject({ code: "OFFLINE" });
    expect(err.message).toMatch(/^This server cannot reach the internet/);
    expect(err.message).not.toMatch(/typo/);
  });

  it("says a host could not be found when other names resolve", async () => {
    const lookup = (host: string) =>
      host === "no-such-host.example.org" ? fails() : Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    const err = await checkLink("https://no-such-host.example.org/a.mp3", { allowPrivateAddresses: false, lookup }).catch((e) => e);
    expect(err).toMatchObject({ code: "HOST_NOT_FOUND", message: expect.stringContaining("could not be found") });
  });

  it("refuses a meeting platform's page at once with the steps to download and upload the recording", async () => {
    const lookup = () => Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    const err = await checkLink("https://us02web.zoom.us/rec/share/AbC", { allowPrivateAddresses: false, lookup }).catch((e) => e);
    expect(err).toMatchObject({ code: "WEB_PAGE" });
    expect(err.message).toMatch(/^This is a Zoom page/);
    expect(err.message).toContain("'Upload File' tab");
  });

  it("fetches a storage service's share link from its direct-download address", async () => {
    const asked: string[] = [];
    const lookup = (host: string) => {
      asked.push(host);
      return Promise.resolve([{ address: "93.184.215.14", family: 4 }]);
    };
    expect(whatToFetch(new URL("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view")).url.hostname).toBe(
      "drive.usercontent.google.com",
    );
    await checkLink("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp/view", { allowPrivateAddresses: false, lookup });
    expect(asked).toEqual(["drive.usercontent.google.com"]);
  });
});
