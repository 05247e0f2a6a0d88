// The live transcript while recording: the streaming recogniser (a tiny generated model in
// the real export's layout) runs on the chunks as they arrive and the page reads its text;
// without the model, or for another language, the answer says why there is none.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { installStreamingFixture } from "../../../../test/speech-models/streaming-model";
import { ffmpeg } from "../../media/test-fixtures";
import { LIVE_ENGLISH_ONLY, LIVE_NEEDS_MODEL } from "./recording-live";

let withModel: TestApp;
let without: TestApp;
let tmp: string;
let webm: Buffer;

const put = (app: TestApp, c: TestClient, id: string, n: number, body: Buffer) =>
  fetch(`${app.url}/api/recordings/${id}/chunks/${n}`, {
    method: "PUT",
    headers: { origin: app.url, cookie: c.cookie, "content-type": "application/octet-stream" },
    body: new Uint8Array(body),
  });

function slices(data: Buffer, count: number): Buffer[] {
  const size = Math.ceil(data.length / count);
  return Array.from({ length: count }, (_, i) => data.subarray(i * size, Math.min(data.length, (i + 1) * size)));
}

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "recording-live-"));
  const modelsDir = path.join(tmp, "models");
  await installStreamingFixture(modelsDir);
  const out = path.join(tmp, "speech.webm");
  await ffmpeg([
    "-f",
    "lavfi",
    "-i",
    "anoisesrc=color=pink:amplitude=0.3:duration=8:sample_rate=48000",
    "-c:a",
    "libopus",
    "-b:a",
    "32k",
    "-f",
    "webm",
    out,
  ]);
  webm = await fs.readFile(out);
  [withModel, without] = await Promise.all([startTestApp({ MODELS_DIR: modelsDir }), startTestApp()]);
});

afterAll(async () => {
  await Promise.all([withModel?.close(), without?.close()]);
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("live transcript", () => {
  it("recognises the chunks as they arrive (in chunk order, duplicates once) and says so to the owner only", async () => {
    const owner = new TestClient(withModel.url);
    await owner.signUp(uniqueEmail("live"));
    const id = (await owner.post("/api/recordings", { language: "en" })).json.id as string;
    const before = await owner.get(`/api/recordings/${id}/live`);
    expect(before.json).toEqual({ available: true, text: { finals: [], partial: "", audioSeconds: 0 } });
    const chunks = slices(webm, 8);
    // Chunk 1 before 0, and 0 twice: the recogniser still hears the stream once, in order.
    for (const n of [1, 0, 0, 2, 3, 4, 5, 6, 7]) expect((await put(withModel, owner, id, n, chunks[n]!)).status).toBe(200);
    let live: any = null;
    for (let i = 0; i < 100; i++) {
      live = (await owner.get(`/api/recordings/${id}/live`)).json;
      if (live.text.audioSeconds > 6) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(live.available).toBe(true);
    // The decoder gets every chunk once, in order: about 8 s of audio (the last frames wait for more input).
    expect(live.text.audioSeconds).toBeGreaterThan(6);
    expect(live.text.audioSeconds).toBeLessThan(8.5);
    // Random weights say random words, but they say some.
    expect((live.text.finals.join(" ") + live.text.partial).length).toBeGreaterThan(0);
    const stranger = new TestClient(withModel.url);
    await stranger.signUp(uniqueEmail("live-stranger"));
    expect((await stranger.get(`/api/recordings/${id}/live`)).status).toBe(404);
    expect((await owner.post(`/api/recordings/${id}/finish`, { chunks: 8 })).status).toBe(200);
  });

  it("says the live transcript needs the model when it is not installed, and that it is English only", async () => {
    const c = new TestClient(without.url);
    await c.signUp(uniqueEmail("nolive"));
    const id = (await c.post("/api/recordings", {})).json.id as string;
    expect((await put(without, c, id, 0, slices(webm, 8)[0]!)).status).toBe(200);
    expect((await c.get(`/api/recordings/${id}/live`)).json).toEqual({ available: false, reason: LIVE_NEEDS_MODEL });
    const owner = new TestClient(withModel.url);
    await owner.signUp(uniqueEmail("german"));
    const de = (await owner.post("/api/recordings", { language: "de" })).json.id as string;
    expect((await owner.get(`/api/recordings/${de}/live`)).json).toEqual({ available: false, reason: LIVE_ENGLISH_ONLY });
  });
});
