// kill -9 in the middle of work, with the app run as `npm start` runs it, split into a web
// process (`--role=web`) and a worker (`--role=worker`) that share one PostgreSQL and one
// DATA_DIR (local storage). (a) The web process dies while a large upload streams in: after a
// restart no meeting is left half made, its temp file is gone and the user's other meeting is
// untouched. (b) The worker dies while it transcribes: a new worker takes the job over once the
// dead one's lease runs out, and the meeting completes with its notes, nothing lost or doubled.
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir, sleep, startServer, type RunningServer } from "../bench/perf/server";
import { TestClient, uniqueEmail } from "../test/app";
import { createTestDatabase } from "../test/db";
import { startFakeStt, type FakeStt } from "../test/fake-stt";
import { SAMPLE_TEAMS_VTT } from "../test/fixtures";
import { makeWav } from "../server/src/media/test-fixtures";

const WORKER_TIMEOUT_SECONDS = 3;
let stt: FakeStt;
let databaseUrl: string;
let dataDir: string;
let env: Record<string, string>;
const running = new Set<RunningServer>();

const start = async (role: "web" | "worker") => {
  const s = await startServer({ dataDir, env, args: [`--role=${role}`] });
  running.add(s);
  return s;
};
const crash = async (s: RunningServer) => {
  await s.crash();
  running.delete(s);
};

beforeAll(async () => {
  // The first answer is held long enough for the test to kill the worker that waits for it.
  [stt, databaseUrl, dataDir] = await Promise.all([startFakeStt({ delayMs: 4000 }), createTestDatabase(), makeTempDir("minutes-kill9-")]);
  env = {
    DATABASE_URL: databaseUrl,
    JOB_WORKER_TIMEOUT_SECONDS: String(WORKER_TIMEOUT_SECONDS),
    UPLOAD_TEMP_MAX_AGE_SECONDS: "1",
    ...stt.env,
  };
}, 120_000);

afterAll(async () => {
  for (const s of running) await s.stop(20_000).catch(() => {});
  await stt?.close();
  if (dataDir) await removeTempDir(dataDir);
}, 60_000);

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

const tempFiles = async () => (await fs.readdir(path.join(dataDir, "files", ".tmp")).catch(() => [] as string[])).sort();

/**
 * Starts a multipart upload of a WAV that never ends: a header, then silence in 64 KiB chunks
 * every 20 ms, until the connection breaks (the server is killed). Chunked, so no size is declared.
 */
function slowUpload(url: string, cookie: string): { sent: () => number; ended: Promise<string> } {
  const boundary = "----kill9boundary";
  let sent = 0;
  const req = http.request(`${url}/api/meetings`, {
    method: "POST",
    headers: { cookie, origin: url, "content-type": `multipart/form-data; boundary=${boundary}` },
  });
  const ended = new Promise<string>((resolve) => {
    req.on("response", (res) => resolve(`answered ${res.statusCode}`));
    req.on("error", (e) => resolve(`broken: ${e.message}`));
  });
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nCut off mid-upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const wavHeader = Buffer.alloc(44);
  wavHeader.write("RIFF", 0);
  wavHeader.writeUInt32LE(0x7fffffff, 4);
  wavHeader.write("WAVEfmt ", 8);
  req.write(wavHeader);
  const chunk = Buffer.alloc(64 * 1024);
  const timer = setInterval(() => {
    if (req.destroyed) return clearInterval(timer);
    req.write(chunk);
    sent += chunk.length;
  }, 20);
  void ended.then(() => clearInterval(timer));
  return { sent: () => sent, ended };
}

describe("kill -9 of the web process during an upload and of the worker during processing", () => {
  let web: RunningServer;
  let worker: RunningServer;
  let alice: TestClient;
  let kept: string; // the user's other meeting, finished before the crashes
  let keptBefore: unknown;

  beforeAll(async () => {
    web = await start("web"); // applies the migrations before the worker starts
    worker = await start("worker");
    alice = new TestClient(web.url);
    await alice.signUp(uniqueEmail("kill9"), "secret123", "Alice Kill");
    kept = await alice.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const done = await alice.waitCompleted(kept, 60_000);
    expect(done.actionItems.length).toBeGreaterThan(0);
    // The user has worked on it: one action item done.
    const item = done.actionItems[0];
    expect((await alice.request("PATCH", `/api/action-items/${item.id}`, { status: "completed" })).status).toBe(200);
    keptBefore = (await alice.get(`/api/meetings/${kept}`)).json;
  }, 240_000);

  it("(a) upload cut off by kill -9: after the restart no meeting is half made, no temp file is left, the other meeting is intact", async () => {
    const upload = slowUpload(web.url, alice.cookie);
    // The file is streaming to its temp file in DATA_DIR/files/.tmp.
    await expect.poll(async () => (await tempFiles()).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(upload.sent, { timeout: 30_000 }).toBeGreaterThan(2 * 1024 * 1024);
    const [part] = await tempFiles();
    expect(part).toMatch(/\.part$/);
    expect((await fs.stat(path.join(dataDir, "files", ".tmp", part!))).size).toBeGreaterThan(0);
    // What the user sees while the upload runs: nothing half made in the list.
    const during = await alice.get("/api/meetings");
    expect(during.json.meetings.map((m: { id: string }) => m.id)).toEqual([kept]);

    await crash(web);
    expect(await upload.ended).toMatch(/^broken/);
    await sleep(1100); // older than UPLOAD_TEMP_MAX_AGE_SECONDS, as a real restart takes longer
    web = await start("web");
    expect(web.output()).toContain("removed 1 temp file(s) left by an interrupted upload");
    expect(await tempFiles()).toEqual([]);

    const again = new TestClient(web.url);
    again.cookie = alice.cookie; // the session lives in the database
    const list = await again.get("/api/meetings");
    expect(list.status).toBe(200);
    expect(list.json.meetings.map((m: { id: string }) => m.id)).toEqual([kept]);
    expect(await query("select id, status from meetings where id <> $1", [kept])).toEqual([]);
    expect((await again.get(`/api/meetings/${kept}`)).json).toEqual(keptBefore);
    // Nothing of the cut-off upload under the user's recordings either.
    const userDirs = await fs.readdir(path.join(dataDir, "files", "recordings")).catch(() => [] as string[]);
    for (const u of userDirs) expect(await fs.readdir(path.join(dataDir, "files", "recordings", u))).toEqual([kept]);
  }, 180_000);

  it("(b) worker killed mid-transcription: a new worker takes the job over and the meeting completes once, with its notes", async () => {
    const client = new TestClient(web.url);
    client.cookie = alice.cookie;
    const wav = await fs.readFile(await makeWav(path.join(dataDir, "budget.wav"), 3));
    const fd = new FormData();
    fd.append("title", "Budget sync");
    fd.append("file", new Blob([wav], { type: "audio/wav" }), "budget.wav");
    const r = await client.request("POST", "/api/meetings", fd);
    expect(r.status, r.text).toBe(201);
    const id: string = r.json.id;

    // The worker holds the transcription job and waits for the speech server's answer.
    await stt.arrived;
    const leases = await query<{ queue: string }>("select queue from job_leases");
    expect(leases.map((l) => l.queue)).toEqual(["meeting-transcribe"]);
    expect((await client.get(`/api/meetings/${id}`)).json).toMatchObject({ status: "processing", step: "transcribe" });
    await crash(worker);
    expect(stt.received).toHaveLength(1);

    worker = await start("worker");
    const m = await client.waitForMeeting(id, (x) => x?.status === "completed" || x?.status === "failed", 120_000);
    expect(m.error).toBeNull();
    expect(m.status).toBe("completed");
    expect(worker.output()).toContain("its worker stopped; retrying it elsewhere");
    // Transcribed again by the new worker, once: two requests in all.
    expect(stt.received).toHaveLength(2);
    // Nothing doubled: the transcript's two turns, one summary, each action item once.
    expect(m.utterances.map((u: { text: string }) => u.text.trim())).toEqual([
      "Alice, can you send the budget deck by Friday?",
      "Sure, I can do that.",
    ]);
    expect(m.notes).toBeTruthy();
    expect(m.actionItems.length).toBeGreaterThan(0);
    expect(m.actionItems.some((a: { description: string }) => /budget deck/i.test(a.description))).toBe(true);
    const descriptions = m.actionItems.map((a: { description: string }) => a.description);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    expect(await query("select id from action_items where meeting_id = $1", [id])).toHaveLength(m.actionItems.length);
    // No job left behind, and the other meeting untouched.
    await expect.poll(async () => (await query("select job_id from job_leases")).length, { timeout: 30_000 }).toBe(0);
    const list = await client.get("/api/meetings");
    expect(list.json.meetings.map((x: { id: string }) => x.id).sort()).toEqual([kept, id].sort());
    expect((await client.get(`/api/meetings/${kept}`)).json).toEqual(keptBefore);
  }, 240_000);
});
