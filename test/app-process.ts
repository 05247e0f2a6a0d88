// Browser tests run the app exactly as `npm start` does: scripts/start.mjs builds what is
// stale and runs server/dist/main.mjs in its own process, with NODE_ENV unset (production:
// better-auth's Origin and CSRF checks, real security headers). Only the database differs
// from a user's first start: the file's own migrated test database (DATABASE_URL), which
// is a supported way to run the app and much faster than an embedded cluster per file.
import { connectDatabase, type Db } from "../server/src/db/client";
import { makeTempDir, removeTempDir, startServer } from "../bench/perf/server";
import { createTestDatabase } from "./db";

export interface AppProcess {
  url: string;
  dataDir: string;
  /** The app's database, for arranging what the UI cannot (read and write as the app does). */
  db: Db;
  /** What the app printed so far (stdout and stderr). */
  output(): string;
  close(): Promise<void>;
}

export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = await makeTempDir("minutes-e2e-");
  const databaseUrl = await createTestDatabase();
  const server = await startServer({ dataDir, env: { DATABASE_URL: databaseUrl, ...env } });
  const database = connectDatabase(databaseUrl, 2);
  return {
    url: server.url,
    dataDir,
    db: database.db,
    output: server.output,
    async close() {
      await database.close();
      const took = await server.stop();
      if (took > 20_000) console.warn(`the app took ${Math.round(took)} ms to stop`);
      await removeTempDir(dataDir);
    },
  };
}
