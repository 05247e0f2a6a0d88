// Migration 0027_one_contact_per_name: duplicate contacts an older version left (two "add contact"
// requests at once) keep their newest, which takes over the others' aliases, speaker links and item
// owners; then the database refuses a second contact of one name in a scope.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabaseBefore } from "../../../test/db";
import { connectDatabase, migrateDatabase } from "./client";

let client: pg.Client;
const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;
const contact = (id: string, name: string, created: string, scope: { user?: string; team?: string }, aliases: string[] = []) =>
  q(`insert into contacts (id, name, user_id, team_id, aliases, created_at) values ($1, $2, $3, $4, $5, $6)`, [
    id,
    name,
    scope.user ?? null,
    scope.team ?? null,
    aliases,
    created,
  ]);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

beforeAll(async () => {
  const url = await createDatabaseBefore("0027_one_contact_per_name");
  client = new pg.Client({ connectionString: url });
  await client.connect();
  await q(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com'), ('u2', 'Bo', 'bo@example.com')`);
  await q(`insert into organization (id, name, slug) values ('o1', 'Team', 'team')`);
  await contact(uuid(1), "Kate Ng", "2026-01-01T00:00:00Z", { user: "u1" }, ["Katie"]);
  await contact(uuid(2), " kate  ng", "2026-01-02T00:00:00Z", { user: "u1" }, ["KN"]);
  await contact(uuid(3), "Kate Ng", "2026-01-01T00:00:00Z", { user: "u2" });
  await contact(uuid(4), "Kate Ng", "2026-01-01T00:00:00Z", { team: "o1" });
  await q(`insert into meetings (id, user_id, title, status, source_type) values ($1, 'u1', 'M', 'completed', 'file_upload')`, [uuid(9)]);
  await q(`insert into speaker_links (meeting_id, speaker, contact_id) values ($1, 'Speaker 1', $2)`, [uuid(9), uuid(1)]);
  await q(`insert into action_items (meeting_id, description, owner_set, owner_contact_id) values ($1, 'Send it', true, $2)`, [
    uuid(9),
    uuid(1),
  ]);
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

describe("migration 0027: one contact per name in each scope", () => {
  it("keeps the newest of duplicates, with every alias, link and item owner of the others; other scopes untouched", async () => {
    const rows = await q(`select id, user_id, team_id, aliases from contacts order by id`);
    expect(rows.map((r) => r.id)).toEqual([uuid(2), uuid(3), uuid(4)]);
    expect(rows[0].aliases).toEqual(["KN", "Katie"]);
    expect((await q(`select contact_id from speaker_links`))[0].contact_id).toBe(uuid(2));
    expect((await q(`select owner_contact_id from action_items`))[0].owner_contact_id).toBe(uuid(2));
  });

  it("refuses a second contact of one name (case and spaces aside) in a scope", async () => {
    await expect(contact(uuid(5), "KATE NG ", "2026-01-03T00:00:00Z", { user: "u1" })).rejects.toMatchObject({
      code: "23505",
      constraint: "contacts_one_name_per_user_idx",
    });
    await expect(contact(uuid(6), "kate ng", "2026-01-03T00:00:00Z", { team: "o1" })).rejects.toMatchObject({
      code: "23505",
      constraint: "contacts_one_name_per_team_idx",
    });
    await contact(uuid(7), "Kate Ngu", "2026-01-03T00:00:00Z", { user: "u1" });
  });
});
