// Migration 0026_one_pending_invitation: duplicate pending invitations an older version left
// (two sent at once) keep their newest instead of failing the migration; then the database
// refuses a second pending one per team and address, and a new one replaces an expired one.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseBefore } from "../../../test/db";
import { connectDatabase, migrateDatabase } from "./client";

let client: pg.Client;
const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
const invite = (id: string, email: string, created: string, expires = "now() + interval '7 days'") =>
  q(
    `insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id)
     values ($1, 'o1', $2, 'member', 'pending', ${expires}, $3, 'u1')`,
    [id, email, created],
  );
const statusOf = async (id: string) => (await q(`select status from invitation where id = $1`, [id]))[0]!.status as string;

beforeAll(async () => {
  const url = await createDatabaseBefore("0026_one_pending_invitation");
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await q(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
  await q(`insert into organization (id, name, slug) values ('o1', 'Team', 'team')`);
  await invite("old", "Bo@Example.com", "2026-01-01T00:00:00Z");
  await invite("new", "bo@example.com", "2026-01-02T00:00:00Z");
  await invite("other", "cy@example.com", "2026-01-01T00:00:00Z");
  const database = connectDatabase(url, 1);
  try {
    await migrateDatabase(database.db);
  } finally {
    await database.close();
  }
}, 60_000);

afterAll(async () => {
  await client?.end();
});

describe("migration 0026: one pending invitation per team and address", () => {
  it("keeps the newest of duplicates already there and leaves others alone", async () => {
    expect(await statusOf("old")).toBe("canceled");
    expect(await statusOf("new")).toBe("pending");
    expect(await statusOf("other")).toBe("pending");
  });

  it("refuses a second pending invitation to the same address in any case, and lets a new one replace an expired one", async () => {
    await expect(invite("dup", "BO@example.com", "2026-01-03T00:00:00Z")).rejects.toMatchObject({
      code: "23505",
      constraint: "invitation_one_pending_idx",
    });
    await q(`update invitation set expires_at = now() - interval '1 minute' where id = 'other'`);
    await invite("fresh", "cy@example.com", "2026-01-03T00:00:00Z");
    expect(await statusOf("other")).toBe("canceled");
    expect(await statusOf("fresh")).toBe("pending");
  });
});
