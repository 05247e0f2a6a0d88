// Error answers that Fastify, Node's HTTP parser or a route's own status would otherwise
// give in their own shapes, checked against the app as `npm start` runs it: every one is
// {"error":{"code","message"}} with a message that says what to do.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWav } from "../server/src/media/test-fixtures";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";

let t: AppProcess;
let client: TestClient;
let tmp: string;

beforeAll(async () => {
  [t, tmp] = await Promise.all([startAppProcess(), fs.mkdtemp(path.join(os.tmpdir(), "error-answers-"))]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("errors"));
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

const inShape = (json: unknown, code: string) => expect(json).toMatchObject({ error: { code, message: expect.stringMatching(/\S{3}/) } });

describe("error answers in the one shape (app process)", () => {
  it("414: a path segment longer than the router takes", async () => {
    const r = await client.get(`/api/meetings/${"a".repeat(500)}`);
    expect(r.status).toBe(414);
    inShape(r.json, "URI_TOO_LONG");
    expect(r.headers.get("content-type")).toContain("application/json");
    // The message does not echo the whole address back.
    expect(r.json.error.message.length).toBeLessThan(200);
  });

  it("414: a request line longer than the server reads", async () => {
    const r = await fetch(`${t.url}/api/meetings?q=${"b".repeat(40_000)}`);
    expect(r.status).toBe(414);
    expect(r.headers.get("content-type")).toContain("application/json");
    inShape(await r.json(), "URI_TOO_LONG");
  });

  it("431: headers larger than the server reads; 400: a broken %-escape in the path", async () => {
    const big = await fetch(`${t.url}/api/meetings`, { headers: { "x-filler": "c".repeat(40_000) } });
    expect(big.status).toBe(431);
    inShape(await big.json(), "HEADERS_TOO_LARGE");
    const broken = await client.get("/api/meetings/%E0%A4%A");
    expect(broken.status).toBe(400);
    inShape(broken.json, "BAD_REQUEST");
  });

  it("416: a range past the end of the recording, with its size", async () => {
    const wav = await fs.readFile(await makeWav(path.join(tmp, "tone.wav"), 1));
    const fd = new FormData();
    fd.append("title", "Range check");
    fd.append("file", new Blob([wav], { type: "audio/wav" }), "tone.wav");
    const up = await client.request("POST", "/api/meetings", fd);
    expect(up.status).toBe(201);
    const media = `/api/meetings/${up.json.id}/media`;
    const ok = await client.request("GET", media, undefined, { range: "bytes=0-9" });
    expect(ok.status).toBe(206);
    const bad = await client.request("GET", media, undefined, { range: `bytes=${wav.length}-` });
    expect(bad.status).toBe(416);
    expect(bad.headers.get("content-range")).toBe(`bytes */${wav.length}`);
    inShape(bad.json, "RANGE_NOT_SATISFIABLE");
    expect(bad.json.error.message).toContain(String(wav.length));
    // Another user gets 404, not the range answer.
    const other = new TestClient(t.url);
    await other.signUp(uniqueEmail("errors-other"));
    const theirs = await other.request("GET", media, undefined, { range: `bytes=${wav.length}-` });
    expect(theirs.status).toBe(404);
    inShape(theirs.json, "NOT_FOUND");
  });
});
