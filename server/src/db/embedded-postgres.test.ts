// The embedded database across crashes: an app killed with SIGKILL (postgres left running,
// orphaned, holding postmaster.pid), a postmaster.pid naming a dead process, and a data
// directory left half-initialised by a crash during initdb.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "start-embedded-db.ts");
const PASSWORD = "embedded-test-pw";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const tempDirs: string[] = [];
const children: ChildProcess[] = [];
const databases: EmbeddedDatabase[] = [];

afterAll(async () => {
  for (const db of databases) await db.stop().catch(() => {});
  for (const c of children) {
    try {
      process.kill(-c.pid!, "SIGKILL"); // the fixture and anything it started
    } catch {
      /* gone */
    }
  }
  for (const d of tempDirs) await fs.rm(d, { recursive: true, force: true });
}, 60_000);

async function tempDir() {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-embedded-pg-"));
  tempDirs.push(d);
  return d;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitUntilDead(pid: number, ms = 20_000) {
  const until = Date.now() + ms;
  while (isAlive(pid) && Date.now() < until) await sleep(50);
  return !isAlive(pid);
}

/** Starts the database in a child node process (own process group) and returns its URL. */
async function startInChild(dataDir: string): Promise<{ child: ChildProcess; url: string; exited: Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", fixture, dataDir, PASSWORD], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let out = "";
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (d) => {
      out += d;
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.on("exit", (code) => reject(new Error(`fixture exited with ${code}: ${err}`)));
  });
  return { child, url, exited };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(sql, params)).rows;
  } finally {
    await c.end();
  }
}

const pidFileOf = (dataDir: string) => path.join(dataDir, "db", "postmaster.pid");
const postmasterPid = (dataDir: string) => Number.parseInt(readFileSync(pidFileOf(dataDir), "utf8").split("\n")[0]!, 10);

/** A pid that belonged to a process which has exited. */
async function deadPid(): Promise<number> {
  const p = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => p.on("exit", r));
  return p.pid!;
}

describe("embedded PostgreSQL crash recovery", () => {
  let dataDir: string;
  let savedPidFile = "";

  it("starts again after the app was killed with SIGKILL, stopping the orphaned server; committed rows survive", async () => {
    dataDir = await tempDir();
    const first = await startInChild(dataDir);
    await query(first.url, "create table notes (id int primary key, body text)");
    await query(first.url, "insert into notes values (1, 'written before the crash')");

    const orphan = postmasterPid(dataDir);
    expect(isAlive(orphan)).toBe(true);
    process.kill(first.child.pid!, "SIGKILL"); // the app only: postgres keeps running
    await first.exited;
    await sleep(200);
    expect(isAlive(orphan)).toBe(true);
    savedPidFile = readFileSync(pidFileOf(dataDir), "utf8");

    const logs: string[] = [];
    const db = await startEmbeddedPostgres({ dataDir, password: PASSWORD, log: (m) => logs.push(m) });
    databases.push(db);
    expect(logs.some((l) => l.includes(`pid ${orphan}`))).toBe(true);
    expect(await waitUntilDead(orphan)).toBe(true);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    expect(await query(db.url, "select body from notes where id = 1")).toEqual([{ body: "written before the crash" }]);
    await query(db.url, "insert into notes values (2, 'after recovery')");
    await db.stop();
    databases.pop();
    expect(existsSync(pidFileOf(dataDir))).toBe(false);
  }, 120_000);

  it("starts when postmaster.pid names a process that no longer exists", async () => {
    expect(savedPidFile).not.toBe("");
    const lines = savedPidFile.split("\n");
    lines[0] = String(await deadPid());
    await fs.writeFile(pidFileOf(dataDir), lines.join("\n"));

    const db = await startEmbeddedPostgres({ dataDir, password: PASSWORD, log: () => {} });
    databases.push(db);
    expect(await query(db.url, "select count(*)::int as n from notes")).toEqual([{ n: 2 }]);
    await db.stop();
    databases.pop();
  }, 60_000);

  it("starts after the whole process group was killed (postgres too: stale lock, crash recovery)", async () => {
    const run = await startInChild(dataDir);
    await query(run.url, "insert into notes values (3, 'committed just before kill -9')");
    const pgPid = postmasterPid(dataDir);
    process.kill(-run.child.pid!, "SIGKILL");
    await run.exited;
    expect(await waitUntilDead(pgPid)).toBe(true);
    expect(existsSync(pidFileOf(dataDir))).toBe(true); // left behind

    const db = await startEmbeddedPostgres({ dataDir, password: PASSWORD, log: () => {} });
    databases.push(db);
    expect(await query(db.url, "select id from notes order by id")).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    await db.stop();
    databases.pop();
  }, 60_000);

  it("re-initialises a half-initialised database directory (no PG_VERSION)", async () => {
    const dir = await tempDir();
    // What a crash during initdb leaves: the directory and some of its contents, no PG_VERSION.
    await fs.mkdir(path.join(dir, "db", "global"), { recursive: true });
    await fs.writeFile(path.join(dir, "db", "global", "1262"), "partial");
    await fs.writeFile(path.join(dir, "db", "postgresql.conf"), "# half written");

    const db = await startEmbeddedPostgres({ dataDir: dir, password: PASSWORD, log: () => {} });
    databases.push(db);
    expect(existsSync(path.join(dir, "db", "PG_VERSION"))).toBe(true);
    expect(await query(db.url, "select 1 as ok")).toEqual([{ ok: 1 }]);
    await db.stop();
    databases.pop();
  }, 120_000);
});
