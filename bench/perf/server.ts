// Runs the real start command (`node scripts/start.mjs`) in embedded mode in a child process
// group, and cleans up every server and temp dir it made, on success, failure or Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, readdirSync, rmSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ensureBuilt, repoRoot } from "../../scripts/build.mjs";
import { freePort } from "../../server/src/free-port";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- cleanup registry -------------------------------------------------------------------
const groups = new Set<number>();
const tempDirs = new Set<string>();

function killGroupsNow() {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
  groups.clear();
}
function removeTempDirsNow() {
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
  tempDirs.clear();
}
process.on("exit", () => {
  killGroupsNow();
  removeTempDirsNow();
});
/** For command-line runs (the bench): Ctrl-C / SIGTERM also clean up (tests leave signals to vitest). */
export function exitCleanlyOnSignals() {
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(sig, () => {
      console.error(`\n${sig}: stopping servers and removing temp dirs`);
      process.exit(130);
    });
  }
}

export async function makeTempDir(prefix: string): Promise<string> {
  const d = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  tempDirs.add(d);
  return d;
}
export async function removeTempDir(d: string) {
  await fs.rm(d, { recursive: true, force: true });
  tempDirs.delete(d);
}

// ---- what `npm start` runs, built before timing (same rule as scripts/start.mjs) ------------
export { repoRoot, serverBuiltAt, webBuiltAt } from "../../scripts/build.mjs";

export async function ensureAppBuilt(): Promise<void> {
  const built = await ensureBuilt();
  if (built.length) console.log(`built before measuring: ${built.join(" and ")}`);
}

// ---- process helpers ------------------------------------------------------------------------
/** Direct children of a pid, from /proc/<pid>/stat (field 4 is the parent pid). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(name));
    } catch {
      /* exited */
    }
  }
  return out;
}
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
/** kB from /proc/<pid>/status, e.g. VmRSS or VmHWM. */
export function procStatusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`${field} not found for pid ${pid}`);
  return Number(m[1]);
}

// ---- the server -----------------------------------------------------------------------------
export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  /** ms from spawn to the first 200 from /api/health */
  startMs: number;
  output: () => string;
  /** The node process running the built server, server/dist/main.mjs (child of scripts/start.mjs). */
  serverPid(): number;
  /** Connection URL of the embedded database (port from postmaster.pid, password from secrets.json). */
  databaseUrl(): string;
  /** SIGINT and wait for exit (SIGKILL of the group after timeoutMs). Returns ms to exit. */
  stop(timeoutMs?: number): Promise<number>;
  /** SIGKILL the node processes only (start.mjs + server), leaving postgres orphaned, as a crash would. */
  crash(): Promise<void>;
}

/**
 * `args` go to scripts/start.mjs (`--role=web`, `--role=worker`). A worker has no HTTP port:
 * it is ready when it logs "worker ready".
 */
export async function startServer(opts: {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  args?: string[];
  /** Node flags for the server process (scripts/start.mjs passes them on), e.g. --cpu-prof. */
  nodeArgs?: string[];
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Under vitest (the e2e test) its variables must not reach the app: vite.config.ts and
  // others change behaviour when VITEST is set.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => !k.startsWith("VITEST") && !(k === "NODE_ENV" && v === "test")),
  );
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: opts.dataDir,
    DATABASE_URL: "", // embedded mode
    PUBLIC_URL: url,
    LLM_BASE_URL: "", // built-in summarizer, no outside calls
    SMTP_HOST: "",
    LOG_LEVEL: "warn",
    MODELS_AUTO_DOWNLOAD: "false",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...opts.env,
  };
  let out = "";
  const t0 = performance.now();
  const isWorker = opts.args?.includes("--role=worker") ?? false;
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), "scripts/start.mjs", ...(opts.args ?? [])], {
    cwd: repoRoot,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  groups.add(proc.pid!);
  proc.stdout!.on("data", (d) => (out += d));
  proc.stderr!.on("data", (d) => (out += d));
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitPromise = new Promise<void>((resolve) =>
    proc.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );

  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  let startMs = -1;
  while (Date.now() < deadline) {
    if (exited) break;
    if (isWorker) {
      if (out.includes("worker ready")) {
        startMs = performance.now() - t0;
        break;
      }
      await sleep(50);
      continue;
    }
    try {
      const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      await r.arrayBuffer();
      if (r.status === 200) {
        startMs = performance.now() - t0;
        break;
      }
    } catch {
      /* not listening yet */
    }
    await sleep(20);
  }

  const killGroup = () => {
    try {
      process.kill(-proc.pid!, "SIGKILL");
    } catch {
      /* gone */
    }
    groups.delete(proc.pid!);
  };
  if (startMs < 0) {
    killGroup();
    // 'exit' can come before the last output is read: give the pipes a moment to drain.
    await Promise.race([new Promise((r) => proc.on("close", r)), sleep(1000)]);
    throw new Error(
      `server did not become healthy (${exited ? `exited ${JSON.stringify(exited)}` : "timed out"}). Output:\n${out.slice(-4000)}`,
    );
  }

  let cachedServerPid = 0;
  const server: RunningServer = {
    url,
    port,
    dataDir: opts.dataDir,
    proc,
    startMs,
    output: () => out,
    serverPid() {
      if (cachedServerPid && isAlive(cachedServerPid)) return cachedServerPid;
      const kids = childPids(proc.pid!);
      const node = kids.find((k) => {
        try {
          return readFileSync(`/proc/${k}/cmdline`, "utf8").includes("server/dist/main.mjs");
        } catch {
          return false;
        }
      });
      if (!node) throw new Error(`server process not found under pid ${proc.pid}`);
      cachedServerPid = node;
      return node;
    },
    databaseUrl() {
      const pidFile = readFileSync(path.join(opts.dataDir, "db", "postmaster.pid"), "utf8").split("\n");
      const dbPort = Number(pidFile[3]);
      const { dbPassword } = JSON.parse(readFileSync(path.join(opts.dataDir, "secrets.json"), "utf8")) as { dbPassword: string };
      return `postgres://minutes:${encodeURIComponent(dbPassword)}@127.0.0.1:${dbPort}/postgres`;
    },
    async stop(timeoutMs = 30_000) {
      const s0 = performance.now();
      if (!exited) {
        proc.kill("SIGINT"); // start.mjs forwards it to the server, which stops postgres
        await Promise.race([exitPromise, sleep(timeoutMs)]);
      }
      const took = performance.now() - s0;
      if (!exited) console.error(`server on port ${port} did not exit ${timeoutMs} ms after SIGINT: killing it`);
      // Anything left in the group (postgres if shutdown went wrong) goes too.
      killGroup();
      return took;
    },
    async crash() {
      const pids = [server.serverPid(), proc.pid!];
      for (const p of pids) process.kill(p, "SIGKILL");
      await exitPromise;
      for (let i = 0; i < 100 && pids.some(isAlive); i++) await sleep(20);
      // postgres stays alive, orphaned, in the group: the caller's next start must stop it
      // (and the group is still killed on exit if anything is left).
    },
  };
  return server;
}

// ---- a small HTTP client with cookies (bench runs outside vitest, so not test/app.ts) ---------
export class Client {
  cookie = "";
  constructor(readonly baseUrl: string) {}
  async request(method: string, pathname: string, body?: unknown) {
    const res = await fetch(this.baseUrl + pathname, {
      method,
      headers: {
        origin: this.baseUrl,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      const jar = new Map(
        this.cookie
          .split("; ")
          .filter(Boolean)
          .map((x) => x.split("=", 2) as [string, string]),
      );
      const [k, v] = pair.split("=", 2) as [string, string];
      jar.set(k, v);
      this.cookie = [...jar].map(([a, b]) => `${a}=${b}`).join("; ");
    }
    const text = await res.text();
    return { status: res.status, text, json: text ? (JSON.parse(text) as any) : null };
  }
  async signUp(email: string) {
    const r = await this.request("POST", "/api/auth/sign-up/email", { email, password: "secret123", name: "Bench User" });
    if (r.status !== 200) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
    // Sign-up never signs in (see server/src/auth/auth.ts): sign in next.
    const s = await this.request("POST", "/api/auth/sign-in/email", { email, password: "secret123" });
    if (s.status !== 200) throw new Error(`sign-in failed: ${s.status} ${s.text}`);
    return r.json as { user: { id: string } };
  }
}
