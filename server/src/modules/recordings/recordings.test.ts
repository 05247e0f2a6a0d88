// Browser recordings over the API: chunks in any order and twice, finish → one meeting whose
// recording is the chunks in order; a missing chunk → 409 naming it; strangers get 404; a
// reload's second MediaRecorder run is joined after the first; abandoned sessions are swept.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { ffmpegPath, runBinary } from "../../media/ffmpeg";
import { probeMedia } from "../../media/probe";
import { ffmpeg } from "../../media/test-fixtures";
import { partStart } from "./recording-join";
import { RecordingsService } from "./recordings.service";

let t: TestApp;
let owner: TestClient;
let stranger: TestClient;
let tmp: string;
let webm12: Buffer;

/** WebM/Opus as MediaRecorder writes it (one stream, no duration in the header). */
async function makeWebm(name: string, seconds: number, freq: number): Promise<Buffer> {
  const out = path.join(tmp, name);
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=${freq}:duration=${seconds}:sample_rate=48000`,
    "-c:a",
    "libopus",
    "-b:a",
    "32k",
    "-f",
    "webm",
    out,
  ]);
  return fs.readFile(out);
}

/** Cuts `data` into `count` byte slices, as a timeslice cuts one recorder's stream. */
function slices(data: Buffer, count: number): Buffer[] {
  const size = Math.ceil(data.length / count);
  return Array.from({ length: count }, (_, i) => data.subarray(i * size, Math.min(data.length, (i + 1) * size)));
}

/** MD5 of the decoded audio: equal when the packets are the same, whatever the container's header says. */
async function audioMd5(file: string): Promise<string> {
  const res = await runBinary(ffmpegPath(), ["-v", "error", "-i", file, "-map", "0:a", "-f", "md5", "-"], { collectStdout: true });
  expect(res.code, res.stderrTail).toBe(0);
  return res.stdout.trim();
}

const putChunk = (c: TestClient, id: string, n: number, body: Buffer) =>
  fetch(`${c.baseUrl}/api/recordings/${id}/chunks/${n}`, {
    method: "PUT",
    headers: { origin: c.baseUrl, cookie: c.cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  }).then(async (r) => ({ status: r.status, json: (await r.json()) as any }));

async function storedRecording(meetingId: string): Promise<string> {
  const r = await t.ctx.database.db.execute(sql`SELECT storage_key FROM meetings WHERE id = ${meetingId}`);
  const key = (r.rows[0] as { storage_key: string }).storage_key;
  const local = t.ctx.store.localPath(key);
  expect(local).not.toBeNull();
  return local!;
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "recordings-test-"));
  t = await startTestApp();
  owner = new TestClient(t.url);
  stranger = new TestClient(t.url);
  await owner.signUp(uniqueEmail("recorder"));
  await stranger.signUp(uniqueEmail("stranger"));
  webm12 = await makeWebm("twelve.webm", 12, 440);
});

afterAll(async () => {
  await t?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("recording sessions", () => {
  it("joins 12 chunks sent out of order (one twice) into one meeting whose recording is the chunks in order", async () => {
    const created = await owner.post("/api/recordings", { title: "Standup", language: "en", mimeType: "audio/webm;codecs=opus" });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as string;
    const chunks = slices(webm12, 12);
    const order = [5, 0, 11, 3, 7, 1, 9, 2, 10, 4, 8, 6, 3];
    for (const n of order) {
      const r = await putChunk(owner, id, n, chunks[n]!);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toEqual({ n, bytes: chunks[n]!.length });
    }
    const state = await owner.get(`/api/recordings/${id}`);
    expect(state.status).toBe(200);
    expect(state.json.chunks).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    // Chunk 3 twice is counted once.
    expect(state.json.bytes).toBe(webm12.length);

    const finished = await owner.post(`/api/recordings/${id}/finish`, { chunks: 12 });
    expect(finished.status, finished.text).toBe(200);
    const meetingId = finished.json.meetingId as string;
    // A repeated finish (its answer lost) returns the same meeting.
    expect((await owner.post(`/api/recordings/${id}/finish`, { chunks: 12 })).json.meetingId).toBe(meetingId);

    const meeting = await owner.get(`/api/meetings/${meetingId}`);
    expect(meeting.status).toBe(200);
    expect(meeting.json.title).toBe("Standup");
    expect(meeting.json.status, meeting.json.error).not.toBe("failed");
    const file = await storedRecording(meetingId);
    const original = path.join(tmp, "twelve.webm");
    expect(await audioMd5(file)).toBe(await audioMd5(original));
    const probe = await probeMedia(file);
    expect(probe.durationSeconds).toBeGreaterThan(11.5);
    expect(probe.durationSeconds).toBeLessThan(12.5);
    // The chunks are gone once the meeting owns the recording; the session takes no more.
    expect((await putChunk(owner, id, 12, chunks[0]!)).status).toBe(409);
    expect((await owner.get("/api/recordings")).json.recordings.map((r: { id: string }) => r.id)).not.toContain(id);
  });

  it("refuses to finish with 409 naming the missing chunk", async () => {
    const id = (await owner.post("/api/recordings", {})).json.id as string;
    const chunks = slices(webm12, 12);
    for (let n = 0; n < 12; n++) if (n !== 7) expect((await putChunk(owner, id, n, chunks[n]!)).status).toBe(200);
    const r = await owner.post(`/api/recordings/${id}/finish`, { chunks: 12 });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("CONFLICT");
    expect(r.json.error.message).toMatch(/^Chunk 7 of 12 is missing/);
    expect((await owner.get(`/api/recordings/${id}`)).json.chunks).not.toContain(7);
    // Once it arrives, the finish goes through.
    expect((await putChunk(owner, id, 7, chunks[7]!)).status).toBe(200);
    expect((await owner.post(`/api/recordings/${id}/finish`, { chunks: 12 })).status).toBe(200);
  });

  it("joins a second MediaRecorder run (after a reload) after the first", async () => {
    const a = await makeWebm("a.webm", 5, 300);
    const b = await makeWebm("b.webm", 4, 600);
    expect(partStart(b.subarray(0, 8))).toBe("webm");
    const id = (await owner.post("/api/recordings", { title: "Two runs" })).json.id as string;
    const chunks = [...slices(a, 3), ...slices(b, 3)];
    for (let n = chunks.length - 1; n >= 0; n--) expect((await putChunk(owner, id, n, chunks[n]!)).status).toBe(200);
    const r = await owner.post(`/api/recordings/${id}/finish`, { chunks: 6 });
    expect(r.status, r.text).toBe(200);
    const probe = await probeMedia(await storedRecording(r.json.meetingId));
    expect(probe.durationSeconds).toBeGreaterThan(8.5);
    expect(probe.durationSeconds).toBeLessThan(9.5);
  });

  it("answers 404 to a stranger for reading, appending, renaming, finishing and discarding", async () => {
    const id = (await owner.post("/api/recordings", { title: "Private" })).json.id as string;
    const chunk = slices(webm12, 12)[0]!;
    expect((await putChunk(owner, id, 0, chunk)).status).toBe(200);
    expect((await stranger.get(`/api/recordings/${id}`)).status).toBe(404);
    expect((await putChunk(stranger, id, 1, chunk)).status).toBe(404);
    expect((await stranger.patch(`/api/recordings/${id}`, { title: "Mine" })).status).toBe(404);
    expect((await stranger.post(`/api/recordings/${id}/finish`, { chunks: 1 })).status).toBe(404);
    expect((await stranger.delete(`/api/recordings/${id}`)).status).toBe(404);
    expect((await stranger.get("/api/recordings")).json.recordings).toEqual([]);
    expect((await new TestClient(t.url).get(`/api/recordings/${id}`)).status).toBe(401);
    // Nothing the stranger did changed it.
    const mine = await owner.get(`/api/recordings/${id}`);
    expect(mine.json).toMatchObject({ title: "Private", chunks: [0] });
    expect((await owner.delete(`/api/recordings/${id}`)).status).toBe(204);
    expect((await owner.get(`/api/recordings/${id}`)).status).toBe(404);
  });

  it("checks its input: bad chunk numbers, empty chunks, languages, media types", async () => {
    const id = (await owner.post("/api/recordings", {})).json.id as string;
    expect((await putChunk(owner, id, -1, Buffer.from("x"))).status).toBe(400);
    expect((await putChunk(owner, id, 0, Buffer.alloc(0))).status).toBe(422);
    expect((await owner.post("/api/recordings", { language: "klingon" })).status).toBe(400);
    expect((await owner.post("/api/recordings", { mimeType: "video/x-msvideo" })).status).toBe(415);
    expect((await owner.get("/api/recordings/not-a-uuid")).status).toBe(404);
    const json = await owner.request("PUT", `/api/recordings/${id}/chunks/0`, { a: 1 });
    expect(json.status).toBe(415);
    await owner.delete(`/api/recordings/${id}`);
  });

  it("deletes sessions idle past RECORDING_ABANDON_HOURS with their chunks", async () => {
    const id = (await owner.post("/api/recordings", {})).json.id as string;
    const fresh = (await owner.post("/api/recordings", {})).json.id as string;
    expect((await putChunk(owner, id, 0, slices(webm12, 12)[0]!)).status).toBe(200);
    const owned = await owner.get(`/api/recordings/${id}`);
    expect(owned.status).toBe(200);
    await t.ctx.database.db.execute(sql`UPDATE recording_sessions SET updated_at = now() - interval '49 hours' WHERE id = ${id}`);
    const before = (await t.ctx.database.db.execute(sql`SELECT user_id FROM recording_sessions WHERE id = ${id}`)).rows[0] as {
      user_id: string;
    };
    const dir = path.join(t.dataDir, "files", "recording-sessions", before.user_id, id);
    expect((await fs.readdir(dir)).length).toBe(1);
    expect(await new RecordingsService(t.ctx).sweepAbandoned()).toBeGreaterThanOrEqual(1);
    expect((await owner.get(`/api/recordings/${id}`)).status).toBe(404);
    expect(await fs.readdir(dir).catch(() => [])).toEqual([]);
    expect((await owner.get(`/api/recordings/${fresh}`)).status).toBe(200);
    await owner.delete(`/api/recordings/${fresh}`);
  });

  it("caps unfinished recordings per user at MAX_UPLOADS_PER_USER", async () => {
    const ids: string[] = [];
    for (;;) {
      const r = await owner.post("/api/recordings", {});
      if (r.status !== 201) {
        expect(r.status).toBe(429);
        expect(r.json.error.message).toMatch(/unfinished recordings/);
        break;
      }
      ids.push(r.json.id);
      expect(ids.length).toBeLessThanOrEqual(t.ctx.config.userCaps.uploadsInFlight);
    }
    for (const id of ids) await owner.delete(`/api/recordings/${id}`);
  });
});
