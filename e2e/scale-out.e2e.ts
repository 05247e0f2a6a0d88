// Scale-out as separate OS processes: one PostgreSQL (the test run's), one S3 API server, two
// web processes (`--role=web`) and two workers (`--role=worker`) from `npm start`'s bundle. Twenty
// recordings are uploaded alternately to both web processes; one worker is killed with SIGKILL
// while it holds jobs. Every meeting must complete exactly once, a browser on the other web
// process must see it live, and deleting meetings must empty the bucket.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir, startServer, type RunningServer } from "../bench/perf/server";
import { TestClient, uniqueEmail } from "../test/app";
import { createTestDatabase } from "../test/db";
import { startFakeStt, type FakeStt } from "../test/fake-stt";
import { startS3Server, type TestS3 } from "../test/s3-server";
import { makeWav } from "../server/src/media/test-fixtures";
import { S3BlobStore } from "../server/src/storage/s3-blob-store";
import { launchBrowser, newSignedInContext } from "./browser";

const MEETINGS = 20;
let s3: TestS3;
let stt: FakeStt;
let databaseUrl: string;
let browser: Browser;
let tmp: string;
const web: RunningServer[] = [];
const workers: RunningServer[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  // Each transcription takes 1 s, so workers hold jobs for a while.
  [s3, stt, databaseUrl, browser, tmp] = await Promise.all([
    startS3Server(),
    startFakeStt({ delayMs: 1000 }),
    createTestDatabase(),
    launchBrowser(),
    fs.mkdtemp(path.join(os.tmpdir(), "scale-out-")),
  ]);
  const env = {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
    JOB_CONCURRENCY: "2",
    JOB_WORKER_TIMEOUT_SECONDS: "6",
    ...s3.env,
    ...stt.env,
  };
  const start = async (args: string[]) => {
    const dataDir = await makeTempDir("minutes-scale-");
    dirs.push(dataDir);
    return startServer({ dataDir, env, args });
  };
  // One at a time: the first start applies the migrations.
  web.push(await start(["--role=web"]));
  web.push(await start(["--role=web"]));
  workers.push(await start(["--role=worker"]));
  workers.push(await start(["--role=worker"]));
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const p of [...web, ...workers]) await p.stop(20_000).catch(() => {});
  for (const d of dirs) await removeTempDir(d);
  await stt?.close();
  await s3?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
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

describe("scale-out: 2 web + 2 worker processes, PostgreSQL and S3", () => {
  it("completes every meeting exactly once after a worker is killed, live on the other web process, and leaves no object after delete", async () => {
    const alice = new TestClient(web[0]!.url);
    await alice.signUp(uniqueEmail("scale"), "secret123", "Alice Scale");
    // The session lives in the database: the other web process knows it.
    const viaOther = new TestClient(web[1]!.url);
    viaOther.cookie = alice.cookie;
    expect((await viaOther.get("/api/meetings")).status).toBe(200);

    const wav = await fs.readFile(await makeWav(path.join(tmp, "sync.wav"), 3));
    const ids: string[] = [];
    for (let i = 0; i < MEETINGS; i++) {
      const client = i % 2 === 0 ? alice : viaOther;
      const fd = new FormData();
      fd.append("title", `Sync ${i + 1}`);
      fd.append("file", new Blob([wav], { type: "audio/wav" }), `sync-${i + 1}.wav`);
      const r = await client.request("POST", "/api/meetings", fd);
      expect(r.status, r.text).toBe(201);
      ids.push(r.json.id as string);
    }

    // A browser on web process 2 watches a meeting uploaded through web process 1.
    const watched = ids[ids.length - 2]!;
    const ctx = await newSignedInContext(browser, web[1]!.url, alice.cookie);
    const page = await ctx.newPage();
    await page.goto(`/meetings/${watched}`);

    // Kill worker 1 once both workers are busy and it holds jobs.
    await expect
      .poll(async () => (await query<{ n: number }>("select count(distinct worker_id)::int as n from job_leases"))[0]!.n, {
        timeout: 60_000,
      })
      .toBe(2);
    const held = await query<{ worker_id: string }>("select worker_id from job_leases");
    expect(held.length).toBeGreaterThan(0);
    await workers[0]!.crash();
    // Its leases are found dead and its jobs retried by the surviving worker.
    await expect.poll(() => workers[1]!.output(), { timeout: 60_000 }).toContain("its worker stopped");

    const done = await Promise.all(
      ids.map((id) => alice.waitForMeeting(id, (m) => m.status === "completed" || m.status === "failed", 180_000)),
    );
    for (const m of done) {
      expect(m.error).toBeNull();
      expect(m.status).toBe("completed");
      // Exactly once: one transcript, one set of notes (a second summarize would duplicate items).
      expect(m.utterances).toHaveLength(2);
    }
    const itemCounts = new Set(done.map((m) => m.actionItems.length));
    expect(itemCounts.size).toBe(1);

    // The page on the other web process followed the meeting live, without a reload.
    await page.getByText("Sure, I can do that.").first().waitFor({ timeout: 30_000 });
    await ctx.close();

    const bucket = new S3BlobStore(s3.settings);
    expect((await bucket.list("recordings/")).length).toBeGreaterThanOrEqual(MEETINGS * 2); // upload + audio.wav
    for (const [i, id] of ids.entries()) {
      const client = i % 2 === 0 ? viaOther : alice; // deleted through the other process
      expect((await client.delete(`/api/meetings/${id}`)).status).toBe(204);
    }
    expect(await bucket.list("recordings/")).toEqual([]);
    expect(await query("select job_id from job_leases")).toEqual([]);
  }, 400_000);
});
