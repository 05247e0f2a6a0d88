// A throw-away PostgreSQL server with pgvector, for the tests (and bench) of the indexed vector path
// (decision 036, "pgvector"). The embedded PostgreSQL has no pgvector, so this uses a system
// PostgreSQL whose extension folder holds vector.control (Debian: postgresql-NN-pgvector, or
// pgvector built from source); where none is found, pgvectorBinaries() says why and callers skip.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "../server/src/free-port";

export interface PgvectorBinaries {
  bindir: string;
}

/** Where the server runs as root: PostgreSQL refuses root, so the 'postgres' account runs it. */
function postgresAccount(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const r = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const g = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (r.status !== 0 || g.status !== 0) return null;
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/** A PostgreSQL (13 or newer, newest first) with pgvector installed, or the reason there is none. */
export function pgvectorBinaries(): PgvectorBinaries | { missing: string } {
  const fromEnv = process.env.PGVECTOR_PG_BINDIR;
  const candidates = fromEnv
    ? [fromEnv]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((v) => /^\d+$/.test(v) && Number(v) >= 13)
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  if (!candidates.length) return { missing: "no system PostgreSQL (/usr/lib/postgresql/NN/bin; or set PGVECTOR_PG_BINDIR)" };
  const servers = candidates.filter((bindir) => existsSync(path.join(bindir, "initdb")) && existsSync(path.join(bindir, "postgres")));
  if (!servers.length) return { missing: `no PostgreSQL server (initdb, postgres) in ${candidates.join(", ")}` };
  for (const bindir of servers) {
    // Debian's layout, or what pg_config says where it is installed (the -dev package).
    const sharedirs = [`/usr/share/postgresql/${path.basename(path.dirname(bindir))}`];
    if (existsSync(path.join(bindir, "pg_config")))
      sharedirs.push(spawnSync(path.join(bindir, "pg_config"), ["--sharedir"], { encoding: "utf8" }).stdout.trim());
    if (sharedirs.some((d) => existsSync(path.join(d, "extension", "vector.control")))) return { bindir };
  }
  return { missing: `no pgvector (extension/vector.control) for the PostgreSQL in ${servers.join(", ")}` };
}

export interface PgvectorServer {
  /** Superuser URL of the `postgres` database. */
  adminUrl: string;
  /** A new, empty database; its URL. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

async function connectable(url: string, child: ChildProcess, deadline: number): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited (${child.exitCode})`);
    const c = new pg.Client({ connectionString: url });
    try {
      await c.connect();
      await c.end();
      return;
    } catch (e) {
      await c.end().catch(() => {});
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Starts a fresh server (trust auth, 127.0.0.1 only, no fsync; `settings` as -c flags) in a temp folder; stop() removes it. */
export async function startPgvectorServer(bin: PgvectorBinaries, settings: Record<string, string> = {}): Promise<PgvectorServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-pgvector-"));
  const data = path.join(dir, "data");
  const account = postgresAccount();
  await fs.mkdir(data);
  if (account) {
    await fs.chmod(dir, 0o711);
    await fs.chown(data, account.uid, account.gid);
  }
  const as = account ? { uid: account.uid, gid: account.gid } : {};
  const init = spawnSync(path.join(bin.bindir, "initdb"), ["-D", data, "-U", "minutes", "--auth=trust", "-E", "UTF8", "--no-sync"], {
    encoding: "utf8",
    ...as,
  });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const child = spawn(
    path.join(bin.bindir, "postgres"),
    [
      ...["-D", data, "-p", String(port), "-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "fsync=off"],
      ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]),
    ],
    { stdio: "ignore", ...as },
  );
  const adminUrl = `postgres://minutes@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGINT");
      await exited;
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await connectable(adminUrl, child, Date.now() + 30_000);
  } catch (e) {
    await stop();
    throw e;
  }
  let n = 0;
  return {
    adminUrl,
    async createDatabase() {
      const name = `t_${++n}`;
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`CREATE DATABASE ${name}`);
      await c.end();
      return adminUrl.replace(/\/postgres$/, `/${name}`);
    },
    stop,
  };
}
