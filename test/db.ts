import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { connectDatabase, migrationsFolder } from "../server/src/db/client";
// The type of inject("pgAdminUrl") is declared there (erased at run time).
import type {} from "./global-setup";

/** A fresh, migrated database for one test file; returns its connection URL. */
export async function createTestDatabase(): Promise<string> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE minutes_template`);
  await admin.end();
  return adminUrl.replace(/\/postgres$/, `/${name}`);
}

/**
 * A fresh database with the migrations before `tag` only, as a database of the previous version
 * has them: a migration's test stores old rows, then applies the rest with migrateDatabase().
 */
export async function createDatabaseBefore(tag: string): Promise<string> {
  const adminUrl = inject("pgAdminUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);

  const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const upTo = journal.entries.findIndex((e) => e.tag === tag);
  if (upTo < 1) throw new Error(`No migration before ${tag} in the journal`);
  const entries = journal.entries.slice(0, upTo);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-migrations-"));
  try {
    await fs.mkdir(path.join(tmp, "meta"), { recursive: true });
    await fs.writeFile(path.join(tmp, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const e of entries) await fs.copyFile(path.join(migrationsFolder, `${e.tag}.sql`), path.join(tmp, `${e.tag}.sql`));
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const database = connectDatabase(url, 1);
    try {
      await migrate(database.db, { migrationsFolder: tmp });
    } finally {
      await database.close();
    }
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  return url;
}
