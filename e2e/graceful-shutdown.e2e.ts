// Graceful shutdown of `npm start`'s processes (the built server, separate OS processes, one
// PostgreSQL and an S3 API server): SIGTERM to a web process in the middle of an upload lets
// the upload finish (201) while new connections are refused; SIGTERM to a worker holding a
// transcription hands the job back, so another worker completes the meeting long before the
// lease time-out (10 minutes here) would have let it.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir, sleep, startServer, type RunningServer } from "../bench/perf/server";
import { TestClient, uniqueEmail } from "../test/app";
import { createTestDatabase } from "../test/db";
import { startFakeStt, type FakeStt } from "../test/fake-stt";
import { startS3Server, type TestS3 } from "../test/s3-server";
import { makeWav } from "../server/src/media/test-fixtures";

let s3: TestS3;
let stt: FakeStt;
let databaseUrl: string;
let tmp: string;
let env: Record<string, string>;
const started: RunningServer[] = [];
const dirs: string[] = [];

async function start(args: string[], extra: Record<string, string> = {}) {
  const dataDir = await makeTempDir("minutes-stop-");
  dirs.push(dataDir);
  const server = await startServer({ dataDir, env: { ...env, ...extra }, args });
  started.push(server);
  return server;
}

/** The exit code of start.mjs (it passes on the server's). */
function exitCode(server: RunningServer): Promise<number | null> {
  if (server.proc.exitCode !== null) return Promise.resolve(server.proc.exitCode);
  return new Promise((resolve) => server.proc.once("exit", (code) => resolve(code)));
}

async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  // Each transcription takes 8 s: long enough to catch a worker holding one.
  [s3, stt, databaseUrl, tmp] = await Promise.all([
    startS3Server(),
    startFakeStt({ delayMs: 8000 }),
    createTestDatabase(),
    fs.mkdtemp(path.join(os.tmpdir(), "graceful-")),
  ]);
  env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    JOB_WORKER_TIMEOUT_SECONDS: "600",
    ...s3.env,
    ...stt.env,
  };
}, 120_000);

afterAll(async () => {
  for (const p of started) await p.stop(20_000).catch(() => {});
  for (const d of dirs) await removeTempDir(d);
  await stt?.close();
  await s3?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 60_000);

describe("graceful shutdown", () => {
  it("a web process given SIGTERM mid-upload refuses new connections, finishes the upload (201), then exits 0", async () => {
    const web = await start(["--role=web"]);
    const alice = new TestClient(web.url);
    await alice.signUp(uniqueEmail("stop"), "secret123", "Alice Stop");
    const wav = await fs.readFile(await makeWav(path.join(tmp, "slow.wav"), 3));

    const boundary = `----minutes${crypto.randomBytes(8).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nSlow upload\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const url = new URL("/api/meetings", web.url);
    const req = http.request(url, {
      method: "POST",
      headers: { origin: web.url, cookie: alice.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
    });
    const half = Math.floor(wav.length / 2);
    req.write(Buffer.concat([head, wav.subarray(0, half)]));
    await sleep(500);

    web.proc.kill("SIGTERM"); // start.mjs forwards it to the server, as `docker stop` would
    await expect.poll(() => web.output(), { timeout: 10_000 }).toContain("SIGTERM: stopping");
    // No new connections while the upload is still coming in.
    await expect(fetch(`${web.url}/api/health`, { signal: AbortSignal.timeout(3000) })).rejects.toThrow();

    await sleep(1000);
    req.end(Buffer.concat([wav.subarray(half), tail]));
    const r = await answer;
    expect(r.status, r.body).toBe(201);
    const id = (JSON.parse(r.body) as { id: string }).id;
    expect(await exitCode(web)).toBe(0);
    // The recording is stored and the meeting queued for the workers.
    const [row] = await query<{ status: string; storage_key: string }>("select status, storage_key from meetings where id = $1", [id]);
    expect(row!.status).toBe("processing");
    expect(row!.storage_key).toBeTruthy();
  }, 180_000);

  it("a worker given SIGTERM while holding a job releases it after SHUTDOWN_TIMEOUT_SECONDS; another worker completes the meeting", async () => {
    const web = await start(["--role=web"]);
    const alice = new TestClient(web.url);
    await alice.signUp(uniqueEmail("stopw"), "secret123", "Alice Worker");
    const first = await start(["--role=worker"], { SHUTDOWN_TIMEOUT_SECONDS: "1" });

    const wav = await fs.readFile(await makeWav(path.join(tmp, "held.wav"), 3));
    const fd = new FormData();
    fd.append("title", "Held by a stopping worker");
    fd.append("file", new Blob([wav], { type: "audio/wav" }), "held.wav");
    const up = await alice.request("POST", "/api/meetings", fd);
    expect(up.status, up.text).toBe(201);
    const id = up.json.id as string;

    // The only worker holds the transcription (the fake engine answers after 8 s).
    await expect
      .poll(async () => (await query("select job_id from job_leases where queue = 'meeting-transcribe'")).length, { timeout: 60_000 })
      .toBe(1);
    const second = await start(["--role=worker"]);
    expect(stt.calls).toBe(0); // still held by the first worker

    first.proc.kill("SIGTERM");
    expect(await exitCode(first)).toBe(0);
    expect(first.output()).toContain("released for another worker");
    // Nothing left for the lease sweep: the job went back through the queue.
    const leases = await query<{ worker_id: string }>("select worker_id from job_leases");
    expect(leases.length).toBeLessThanOrEqual(1); // at most the second worker's own new lease

    const done = await alice.waitForMeeting(id, (m) => m.status === "completed" || m.status === "failed", 120_000);
    expect(done.error).toBeNull();
    expect(done.status).toBe("completed");
    expect(done.utterances).toHaveLength(2);
    // The wait above is far below the 600 s lease time-out: the job was retried at once
    // (after the step's retry delay of seconds), by the second worker.
    expect(second.output()).not.toContain("failed");
  }, 300_000);
});
