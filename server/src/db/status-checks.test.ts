// CHECK constraints on status- and kind-like columns (migration 0009_status_checks): the
// migration brings rows an older version or a bug left outside the allowed values inside
// instead of failing, the database then refuses a bad value whatever writes it, and the
// drizzle schema's check() list names the same constraints as the database.
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamRoleNames } from "../auth/team-roles";
import { createDatabaseBefore } from "../../../test/db";
import { connectDatabase, migrateDatabase } from "./client";
import * as schema from "./schema";

const MIGRATION = "0009_status_checks";
let url: string;
let client: pg.Client;

const q = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows;

beforeAll(async () => {
  url = await createDatabaseBefore(MIGRATION);
  client = new pg.Client({ connectionString: url });
  await client.connect();
}, 60_000);

afterAll(async () => {
  await client?.end();
});

describe("migration 0009: CHECK constraints on status and kind columns", () => {
  it("brings rows outside the allowed values inside instead of failing, and leaves good rows alone", async () => {
    // What a bug or an older version could have left: a value of each column outside its list.
    await q(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com'), ('u2', 'Bo', 'bo@example.com')`);
    const meeting = async (title: string, status: string, step: string | null, extra = "", extraValues = "") =>
      (
        await q(
          `insert into meetings (user_id, title, status, step, source_type${extra}) values ('u1', $1, $2, $3, 'file_upload'${extraValues}) returning id`,
          [title, status, step],
        )
      )[0]!.id as string;
    const unknownStatus = await meeting("unknown status", "archived", null);
    const unknownStep = await meeting("unknown step while processing", "processing", "diarize");
    const doneOddStep = await meeting("completed, odd step", "completed", "download");
    const good = await meeting("good", "processing", "transcribe");
    await q(`update meetings set progress = 150 where id = $1`, [good]);
    const oddSource = (
      await q(
        `insert into meetings (user_id, title, status, source_type, source_url) values ('u1', 'odd source', 'completed', 'url', 'https://example.com/a.mp3') returning id`,
      )
    )[0]!.id as string;
    const items = await q(
      `insert into action_items (meeting_id, description, status, origin) values ($1, 'a', 'done', 'ai'), ($1, 'b', 'completed', 'extracted') returning id`,
      [good],
    );
    const [jira, github] = await q(
      `insert into integrations (user_id, provider, access_token) values ('u1', 'jira', 'x'), ('u2', 'github', 'y') returning id`,
    );
    await q(`insert into integration_items (integration_id, action_item_id, provider, status) values ($1, $2, 'gh', 'pending')`, [
      github!.id,
      items[0]!.id,
    ]);
    await q(`insert into webhook_logs (integration_id, event_type, status) values ($1, 'push', 'ok')`, [github!.id]);
    await q(
      `insert into oauth_states (state_hash, user_id, session_id, provider, expires_at) values ('h1', 'u1', 's', 'jira', now()), ('h2', 'u1', 's', 'slack', now())`,
    );
    await q(`insert into organization (id, name, slug) values ('o1', 'Team', 'team')`);
    await q(
      `insert into member (id, organization_id, user_id, role) values ('m1', 'o1', 'u1', 'member, owner'), ('m2', 'o1', 'u2', 'viewer')`,
    );
    await q(
      `insert into invitation (id, organization_id, email, role, status, expires_at, inviter_id) values
        ('i1', 'o1', 'c@example.com', 'admin,member', 'expired', now(), 'u1'),
        ('i2', 'o1', 'd@example.com', null, 'pending', now(), 'u1')`,
    );

    const database = connectDatabase(url, 1);
    try {
      await migrateDatabase(database.db); // applies 0009 and any later migration
    } finally {
      await database.close();
    }

    const byId = async (id: string) =>
      (await q(`select status, step, error, error_retryable, source_type, progress from meetings where id = $1`, [id]))[0];
    expect(await byId(unknownStatus)).toMatchObject({ status: "failed", step: null, error_retryable: true });
    expect((await byId(unknownStatus))!.error).toMatch(/Retry processing/);
    expect(await byId(unknownStep)).toMatchObject({ status: "failed", step: null });
    expect(await byId(doneOddStep)).toMatchObject({ status: "completed", step: null, error: null });
    expect(await byId(good)).toMatchObject({ status: "processing", step: "transcribe", progress: 100, error: null });
    expect(await byId(oddSource)).toMatchObject({ source_type: "link", status: "completed" });
    expect(await q(`select description, status, origin from action_items order by description`)).toEqual([
      { description: "a", status: "pending", origin: "manual" },
      { description: "b", status: "completed", origin: "extracted" },
    ]);
    // A connection to a tool the app does not know, and its pending sign-in, are gone; the rest stays.
    expect(await q(`select id from integrations where id = $1`, [jira!.id])).toEqual([]);
    expect(await q(`select provider from integrations`)).toEqual([{ provider: "github" }]);
    expect(await q(`select provider, status, error from integration_items`)).toEqual([
      { provider: "github", status: "failed", error: expect.stringMatching(/Send it again/) },
    ]);
    expect(await q(`select status from webhook_logs`)).toEqual([{ status: "ignored" }]);
    expect(await q(`select provider from oauth_states`)).toEqual([{ provider: "slack" }]);
    expect(await q(`select id, role from member order by id`)).toEqual([
      { id: "m1", role: "owner" },
      { id: "m2", role: "guest" },
    ]);
    expect(await q(`select id, role, status from invitation order by id`)).toEqual([
      { id: "i1", role: "admin", status: "canceled" },
      { id: "i2", role: null, status: "pending" },
    ]);
  });

  it("refuses a bad value in every constrained column, naming the constraint", async () => {
    const cases: [table: string, column: string, constraint: string][] = [
      ["meetings", "status", "meetings_status_check"],
      ["meetings", "source_type", "meetings_source_type_check"],
      ["meetings", "step", "meetings_step_check"],
      ["action_items", "status", "action_items_status_check"],
      ["action_items", "origin", "action_items_origin_check"],
      ["integrations", "provider", "integrations_provider_check"],
      ["integration_items", "provider", "integration_items_provider_check"],
      ["integration_items", "status", "integration_items_status_check"],
      ["webhook_logs", "status", "webhook_logs_status_check"],
      ["oauth_states", "provider", "oauth_states_provider_check"],
      ["member", "role", "member_role_check"],
      ["invitation", "role", "invitation_role_check"],
      ["invitation", "status", "invitation_status_check"],
    ];
    for (const [table, column, constraint] of cases) {
      expect((await q(`select count(*)::int as n from "${table}"`))[0]!.n, table).toBeGreaterThan(0);
      await expect(q(`update "${table}" set "${column}" = 'bogus'`), `${table}.${column}`).rejects.toMatchObject({
        code: "23514",
        constraint,
      });
    }
    await expect(q(`update meetings set progress = 101`)).rejects.toMatchObject({ code: "23514", constraint: "meetings_progress_check" });
    await expect(q(`update meetings set progress = -1`)).rejects.toMatchObject({ code: "23514", constraint: "meetings_progress_check" });
    // An insert too, as the app writes them.
    await expect(
      q(`insert into meetings (user_id, title, status, source_type) values ('u1', 'x', 'done', 'file_upload')`),
    ).rejects.toMatchObject({ code: "23514", constraint: "meetings_status_check" });
    // Allowed values and nulls still pass.
    await q(`update meetings set step = null where step is not null`);
    await q(`update invitation set role = 'guest' where id = 'i2'`);
  });

  it("the drizzle schema's check() list names the database's CHECK constraints, and team roles match the app's", async () => {
    const tables = Object.values(schema as Record<string, unknown>).filter((v): v is PgTable => is(v, PgTable));
    const inSchema = tables.flatMap((t) => getTableConfig(t).checks.map((c) => c.name)).sort();
    const names = tables.map((t) => getTableConfig(t).name);
    const inDatabase = (
      await q(
        `select con.conname from pg_constraint con join pg_class rel on rel.oid = con.conrelid
         where con.contype = 'c' and rel.relname = any($1) order by 1`,
        [names],
      )
    ).map((r) => r.conname as string);
    expect(inSchema.length).toBe(18);
    expect(inSchema).toEqual(inDatabase.sort());
    expect([...schema.memberRoles]).toEqual([...teamRoleNames]);
  });
});
