// A stalled upload (UPLOAD_IDLE_TIMEOUT_SECONDS without a byte) is ended with 408 in the one
// error shape; its temp file goes and its upload slot is free again. A slow upload whose bytes
// keep coming is not cut.
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";

let t: TestApp;
let c: TestClient;
let userId: string;
const open: http.ClientRequest[] = [];

beforeAll(async () => {
  // One upload at a time, so a slot that was not given back refuses the next upload.
  t = await startTestApp({ UPLOAD_IDLE_TIMEOUT_SECONDS: "2", MAX_UPLOADS_PER_USER: "1" });
  c = new TestClient(t.url);
  userId = (await c.signUp(uniqueEmail("idle"))).json.user.id;
});
afterAll(async () => {
  for (const req of open) req.destroy();
  await t.close();
});

const boundary = "----minutes-idle-upload";
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="idle.vtt"\r\nContent-Type: text/vtt\r\n\r\n`;
const end = `\r\n--${boundary}--\r\n`;

/** A raw upload: writes `first`, then whatever the test writes; resolves with the server's answer. */
function rawUpload(first: string) {
  const url = new URL(t.url);
  const req = http.request({
    host: "127.0.0.1",
    port: url.port,
    path: "/api/meetings",
    method: "POST",
    headers: {
      cookie: c.cookie,
      origin: t.url,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "transfer-encoding": "chunked",
    },
  });
  open.push(req);
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: any; closed: Promise<void> }>((resolve, reject) => {
    req.on("error", reject);
    req.on("response", (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (text += d));
      const closed = new Promise<void>((r) => req.socket?.once("close", () => r()) ?? r());
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, json: JSON.parse(text || "null"), closed }));
    });
  });
  req.write(first);
  return { req, answer };
}

const tempFiles = async () =>
  (await fs.readdir(path.join(t.dataDir, "files", ".tmp")).catch(() => [] as string[])).filter((f) => f.endsWith(".part"));
const slotsHeld = async () =>
  Number((await t.ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM uploads_in_flight WHERE user_id = ${userId}`)).rows[0]!.n);

describe("an upload that stalls", () => {
  it("mid-file: 408 in the error shape, the connection closed, no temp file left, the slot free for the next upload", async () => {
    const { answer } = rawUpload(field("title", "Stalled") + fileHead + "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nHal");
    // Part of the file is on its way to storage while the client stalls.
    const r = await answer;
    expect(r.status).toBe(408);
    expect(r.json).toEqual({
      error: {
        code: "REQUEST_TIMEOUT",
        message: "The upload stopped: nothing arrived for 2 seconds. Check the connection and upload the file again.",
      },
    });
    expect(r.headers.connection).toBe("close");
    await r.closed;
    expect(await tempFiles()).toEqual([]);
    expect(await slotsHeld()).toBe(0);
    expect(await c.importTranscript("next.vtt", SAMPLE_TEAMS_VTT, "Next")).toMatch(/-/);
    expect((await c.get("/api/meetings")).json.meetings.map((m: any) => m.title)).not.toContain("Stalled");
  });

  it("between parts (no file yet): 408 too", async () => {
    const { answer } = rawUpload(field("title", "Stalled early"));
    const r = await answer;
    expect(r.status).toBe(408);
    expect(r.json.error.code).toBe("REQUEST_TIMEOUT");
    expect(await slotsHeld()).toBe(0);
  });

  it("a slow upload whose bytes keep coming is not cut", async () => {
    const { req, answer } = rawUpload(field("title", "Slow but steady") + fileHead);
    // SAMPLE_TEAMS_VTT in pieces, a piece every 0.4 s: longer in all than the idle time-out.
    const lines = SAMPLE_TEAMS_VTT.split(/(?<=\n)/);
    const pieces = 8;
    const size = Math.ceil(lines.length / pieces);
    for (let i = 0; i < lines.length; i += size) {
      req.write(lines.slice(i, i + size).join(""));
      await new Promise((r) => setTimeout(r, 400));
    }
    req.end(end);
    const r = await answer;
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.id).toMatch(/-/);
  });
});
