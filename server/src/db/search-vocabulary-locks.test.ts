// Two meetings indexed at once must not deadlock on search's vocabulary (migration 0024). Each statement's trigger
// locks the lexemes it adds in order, then the one search_stats row; a transaction of several statements (a meeting's
// title, turns and notes) then holds the stats row while its next statement locks more lexemes, and a second
// transaction holding one of those lexemes waits for the stats row: a cycle PostgreSQL breaks by failing one write
// (a 500 on an upload while another meeting's notes were being saved).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/db";

let url: string;
const clients: pg.Client[] = [];

async function connect(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  url = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.end();
});

/** Commits when the statement went through, else rolls back; says which (or the database's error). */
const settle = (client: pg.Client, statement: Promise<unknown>) =>
  statement.then(
    async () => {
      await client.query("commit");
      return "committed";
    },
    async (e: Error) => {
      await client.query("rollback");
      return e.message;
    },
  );

describe("search vocabulary under concurrent indexing", () => {
  it("lets two multi-statement transactions that share words both commit", async () => {
    const setup = await connect();
    await setup.query(`insert into "user" (id, name, email) values ('u1', 'Ann', 'ann@example.com')`);
    const meeting = async (title: string) =>
      (
        await setup.query<{ id: string }>(
          `insert into meetings (user_id, title, status, source_type) values ('u1', $1, 'completed', 'transcript_import') returning id`,
          [title],
        )
      ).rows[0]!.id;
    const m1 = await meeting("One");
    const m2 = await meeting("Two");
    const passage = (client: pg.Client, meetingId: string, position: number, body: string) =>
      client.query(
        `insert into search_passages (meeting_id, kind, position, body, config, tsv)
         values ($1, 'turn', $2, $3, 'english', to_tsvector('english', $3))`,
        [meetingId, position, body],
      );

    const a = await connect();
    const b = await connect();
    // The deadlock would be found within a second; a lock wait beyond 20 s fails the test instead of hanging it.
    for (const c of [a, b]) await c.query(`set lock_timeout = '20s'; set deadlock_timeout = '200ms'`);
    await a.query("begin");
    await b.query("begin");
    // A: a first statement locks "zebra" and the stats row.
    await passage(a, m1, 0, "zebra crossing");
    // B: its statement locks "apple" (before "zebra" in order), then waits for the stats row A holds.
    const bDone = settle(b, passage(b, m2, 0, "apple pie"));
    await new Promise((r) => setTimeout(r, 300));
    // A: a second statement needs "apple", which B holds.
    const aDone = await settle(a, passage(a, m1, 1, "apple tart"));
    expect([aDone, await bDone]).toEqual(["committed", "committed"]);
    const rows = await setup.query<{ lexeme: string; passages: number }>(
      `select lexeme, passages from search_vocabulary where lexeme in ('appl', 'zebra') order by lexeme`,
    );
    expect(rows.rows).toEqual([
      { lexeme: "appl", passages: 2 },
      { lexeme: "zebra", passages: 1 },
    ]);
  });
});
