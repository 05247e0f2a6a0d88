import crypto from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
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
