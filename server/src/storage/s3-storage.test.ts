// The app with STORAGE=s3 against a real S3 API server: uploads stream into the bucket, the
// pipeline reads them through the store (temp copies for ffmpeg and the engine), playback
// serves byte ranges from the bucket, and deleting a meeting leaves no object behind.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { startFakeStt, type FakeStt } from "../../../test/fake-stt";
import { SAMPLE_TEAMS_VTT } from "../../../test/fixtures";
import { startS3Server, type TestS3 } from "../../../test/s3-server";
import { makeWav } from "../media/test-fixtures";
import { S3BlobStore } from "./s3-blob-store";

let s3: TestS3;
let stt: FakeStt;
let t: TestApp;
let client: TestClient;
let bucket: S3BlobStore;
let tmp: string;

beforeAll(async () => {
  [s3, stt, tmp] = await Promise.all([startS3Server(), startFakeStt(), fs.mkdtemp(path.join(os.tmpdir(), "s3-app-"))]);
  t = await startTestApp({ ...s3.env, ...stt.env });
  bucket = new S3BlobStore(s3.settings);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("s3"));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stt?.close();
  await s3?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("STORAGE=s3", () => {
  it("processes an audio upload from the bucket, plays ranges from it, and deletes every object with the meeting", async () => {
    const wav = await makeWav(path.join(tmp, "Budget sync.wav"), 3);
    const fd = new FormData();
    fd.append("title", "Budget sync");
    fd.append("file", new Blob([await fs.readFile(wav)], { type: "audio/wav" }), "Budget sync.wav");
    const up = await client.request("POST", "/api/meetings", fd);
    expect(up.status).toBe(201);
    const id: string = up.json.id;
    const m = await client.waitCompleted(id);
    expect(m.utterances.map((u: { text: string }) => u.text).join(" ")).toContain("budget deck");
    expect(stt.calls).toBeGreaterThan(0);

    const keys = await bucket.list("recordings/");
    expect(keys.some((k) => k.endsWith(`${id}/Budget sync.wav`))).toBe(true);
    expect(keys.some((k) => k.endsWith(`${id}/audio.wav`))).toBe(true); // the converted audio went back to the bucket
    // No local copy of the recording: DATA_DIR/files stays empty of recordings.
    await expect(fs.readdir(path.join(t.dataDir, "files", "recordings"))).rejects.toThrow();

    const range = await client.request("GET", `/api/meetings/${id}/media`, undefined, { range: "bytes=0-11" });
    expect(range.status).toBe(206);
    expect(range.headers.get("content-range")).toMatch(/^bytes 0-11\/\d+$/);
    expect(range.text.slice(0, 4)).toBe("RIFF");

    expect((await client.delete(`/api/meetings/${id}`)).status).toBe(204);
    expect((await bucket.list("recordings/")).filter((k) => k.includes(id))).toEqual([]);
  });

  it("imports a transcript file stored in the bucket", async () => {
    const id = await client.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const m = await client.waitCompleted(id);
    expect(m.utterances.length).toBeGreaterThan(0);
    expect((await bucket.list("recordings/")).some((k) => k.includes(id))).toBe(true);
  });
});
