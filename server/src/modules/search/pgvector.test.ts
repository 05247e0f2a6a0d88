// Semantic search on an external PostgreSQL with pgvector (decision 036, "pgvector"): the real
// migrations on a throw-away PostgreSQL with the extension, the passage-embeddings service making
// the model's HNSW index, the nearest-passage query answered through it (EXPLAIN says so) with the
// same passages as the exact scan, and never a passage of a meeting the user may not read, even when
// a stranger's passages are the nearest of all. Skips, saying why, where no such PostgreSQL exists.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { pgvectorBinaries, startPgvectorServer, type PgvectorBinaries, type PgvectorServer } from "../../../../test/pgvector-server";
import { rng } from "../../../../test/seeded-random";
import { connectDatabase, migrateDatabase, type Database } from "../../db/client";
import { meetingShares, member, organization, user } from "../../db/schema";
import {
  ensureVectorIndex,
  IVFFLAT_MIN_ROWS,
  nearestPassages,
  nearestPassagesQuery,
  pgvectorVersion,
  vectorIndexDdl,
  vectorIndexName,
  type NearPassage,
} from "./embeddings.repo";
import { embedPendingPassages } from "./embeddings.service";
import type { Embedder } from "./hybrid";
import { SearchService } from "./search.service";
import { AskService } from "../ask/ask.service";
import { startTestApp, type TestApp } from "../../../../test/app";
import { insertCompletedMeeting } from "../../../../test/meetings";

const bin = pgvectorBinaries();
if ("missing" in bin) console.warn(`pgvector.test.ts skipped: ${bin.missing}`);

const MODEL = "test-embedding-32";
const DIMENSIONS = 32;
/** Meetings × turns of the owner: enough rows that the planner prefers the index. */
const OWN_MEETINGS = 60;
const TURNS = 50;

/** A fixed direction; the stranger's private passages point almost exactly along it. */
const random = rng(32);
const QUERY = Array.from({ length: DIMENSIONS }, () => random() - 0.5);

/** A vector per text: seeded by the text (the same text, the same vector), or near QUERY for "private" ones. */
function vectorOf(text: string): number[] {
  const r = rng(crypto.createHash("md5").update(text).digest().readUInt32LE(0));
  if (/private/.test(text)) return QUERY.map((x) => x + (r() - 0.5) * 0.01);
  return Array.from({ length: DIMENSIONS }, () => r() - 0.5);
}

const embedder: Embedder = { model: MODEL, embed: async (texts) => texts.map(vectorOf) };

const ids = (rows: NearPassage[]) => rows.map((r) => `${r.meeting_id}:${r.kind}:${r.position}`);

describe.skipIf("missing" in bin)("semantic search on PostgreSQL with pgvector", () => {
  let server: PgvectorServer;
  let database: Database;
  const owner = "pgv-owner";
  const stranger = "pgv-stranger";
  const reader = "pgv-reader";
  let strangersShared: string;
  const strangersPrivate: string[] = [];
  let oneOfOwners: string;

  const meeting = (userId: string, title: string, texts: string[]) => insertCompletedMeeting(database.db, userId, title, texts);

  beforeAll(async () => {
    server = await startPgvectorServer(bin as PgvectorBinaries);
    database = connectDatabase(await server.createDatabase(), 4);
    await migrateDatabase(database.db);
    for (const id of [owner, stranger, reader]) await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
    for (let m = 0; m < OWN_MEETINGS; m++)
      oneOfOwners = await meeting(
        owner,
        `Owner meeting ${m}`,
        Array.from({ length: TURNS }, (_, i) => `Owner turn ${i} of meeting ${m} about budgets and plans.`),
      );
    for (let m = 0; m < 5; m++)
      strangersPrivate.push(
        await meeting(
          stranger,
          `Private ${m}`,
          Array.from({ length: TURNS }, (_, i) => `A private matter ${i} of ${m}.`),
        ),
      );
    strangersShared = await meeting(stranger, "Shared with the team", ["Team notes one.", "Team notes two.", "Team notes three."]);
    await database.db.insert(organization).values({ id: "pgv-team", name: "Team", slug: "pgv-team" });
    await database.db.insert(member).values({ id: "pgv-member", organizationId: "pgv-team", userId: reader });
    await database.db.insert(meetingShares).values({ meetingId: strangersShared, teamId: "pgv-team", sharedBy: stranger });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
    await server?.stop();
  });

  it("creates the extension in the migration; before the job makes the index, the scan is exact", async () => {
    expect(await pgvectorVersion(database.db)).toMatch(/^\d+\.\d+/);
    const { path } = await nearestPassagesQuery(database.db, owner, MODEL, QUERY, {}, 50);
    expect(path).toBe("exact");
  });

  it("makes the model's HNSW index while embedding, and the nearest-passage query uses it", async () => {
    const done = await embedPendingPassages(database.db, embedder, 1000);
    expect(done.indexError).toBeUndefined();
    expect(done.passages).toBeGreaterThan(OWN_MEETINGS * TURNS);
    const name = vectorIndexName(MODEL, DIMENSIONS);
    const idx = await database.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE indexname = ${name}`);
    expect((idx.rows[0] as { indexdef: string }).indexdef).toMatch(/USING hnsw [\s\S]*vector_cosine_ops/);
    await database.db.execute(sql`ANALYZE passage_embeddings`);

    const { path, query } = await nearestPassagesQuery(database.db, owner, MODEL, QUERY, {}, 50);
    expect(path).toBe("index");
    const plan = await database.db.execute(sql`EXPLAIN ${query}`);
    const text = (plan.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]).join("\n");
    expect(text).toContain(`Index Scan using ${name}`);
  });

  it("finds the same passages through the index as the exact scan, in the same order", async () => {
    for (const limit of [10, 50]) {
      const [indexed, exact, array] = await database.db.transaction(async (tx) => [
        await nearestPassages(tx, owner, MODEL, QUERY, {}, limit),
        await nearestPassages(tx, owner, MODEL, QUERY, {}, limit, "exact"),
        await nearestPassages(tx, owner, MODEL, QUERY, {}, limit, "array"),
      ]);
      expect(indexed).toHaveLength(limit);
      expect(ids(indexed)).toEqual(ids(exact));
      expect(ids(exact)).toEqual(ids(array));
      indexed.forEach((p, i) => expect(p.similarity).toBeCloseTo(array[i]!.similarity, 4));
    }
  });

  it("never returns a stranger's passage, although the stranger's are the nearest of all", async () => {
    const everyone = await nearestPassages(database.db, stranger, MODEL, QUERY, {}, 50);
    expect(new Set(everyone.map((p) => p.meeting_id))).toEqual(new Set(strangersPrivate));
    const owners = await database.db.transaction((tx) => nearestPassages(tx, owner, MODEL, QUERY, {}, 200));
    expect(owners).toHaveLength(200);
    expect(owners.filter((p) => p.meeting_id === strangersShared || strangersPrivate.includes(p.meeting_id))).toEqual([]);
  });

  it("gives a team member the shared meeting's passages only, by the exact scan, or through the index and then the exact scan when the index's scan gives up", async () => {
    const exact = await nearestPassages(database.db, reader, MODEL, QUERY, {}, 50, "exact");
    expect(exact.length).toBe(3);
    expect(new Set(exact.map((p) => p.meeting_id))).toEqual(new Set([strangersShared]));
    // So few that the exact scan answers at once.
    expect((await nearestPassagesQuery(database.db, reader, MODEL, QUERY, {}, 50)).path).toBe("exact");
    const near = await database.db.transaction((tx) => nearestPassages(tx, reader, MODEL, QUERY, {}, 50));
    expect(ids(near)).toEqual(ids(exact));
    // Through the index, the three come back too (pgvector 0.8's iterative scan goes on past strangers' vectors).
    const indexed = await database.db.transaction((tx) => nearestPassages(tx, reader, MODEL, QUERY, {}, 50, "index"));
    expect(ids(indexed)).toEqual(ids(exact));
    // As on a large instance where the index's scan gives up before it reaches the user's few
    // passages (pgvector's hnsw.max_scan_tuples; before 0.8 there is no iterative scan at all).
    const cut = await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('hnsw.max_scan_tuples', '1', true)`);
      return nearestPassages(tx, reader, MODEL, QUERY, {}, 50, "index");
    });
    expect(ids(cut)).toEqual(ids(exact));
  });

  it("keeps the user's filters on the indexed path", async () => {
    const f = { meetingId: oneOfOwners };
    // One meeting's 50 vectors: the exact scan answers, without a detour through the index.
    expect((await nearestPassagesQuery(database.db, owner, MODEL, QUERY, f, 10)).path).toBe("exact");
    const [near, exact] = await database.db.transaction(async (tx) => [
      await nearestPassages(tx, owner, MODEL, QUERY, f, 10, "index"),
      await nearestPassages(tx, owner, MODEL, QUERY, f, 10, "exact"),
    ]);
    expect(near).toHaveLength(10);
    expect(near.every((p) => p.meeting_id === oneOfOwners)).toBe(true);
    expect(ids(near)).toEqual(ids(exact));
  });

  it("answers through an IVFFlat index as pgvector before 0.5 has it, then the HNSW one again", async () => {
    const name = vectorIndexName(MODEL, DIMENSIONS);
    await database.db.execute(sql.raw(`DROP INDEX "${name}"`));
    await database.db.execute(sql.raw(vectorIndexDdl(MODEL, DIMENSIONS, "0.4.4", IVFFLAT_MIN_ROWS)!));
    await database.db.execute(sql`ANALYZE passage_embeddings`);
    const { path, query } = await nearestPassagesQuery(database.db, owner, MODEL, QUERY, {}, 10);
    expect(path).toBe("index");
    const plan = await database.db.execute(sql`EXPLAIN ${query}`);
    expect(JSON.stringify(plan.rows)).toContain(`Index Scan using ${name}`);
    const [near, exact] = await database.db.transaction(async (tx) => [
      await nearestPassages(tx, owner, MODEL, QUERY, {}, 10),
      await nearestPassages(tx, owner, MODEL, QUERY, {}, 10, "exact"),
    ]);
    expect(ids(near)).toEqual(ids(exact));
    await database.db.execute(sql.raw(`DROP INDEX "${name}"`));
    expect(await ensureVectorIndex(database.db, MODEL, DIMENSIONS)).toBe(name);
    const idx = await database.db.execute(sql`SELECT indexdef FROM pg_indexes WHERE indexname = ${name}`);
    expect((idx.rows[0] as { indexdef: string }).indexdef).toMatch(/USING hnsw/);
  });

  describe("through search and ask, as the app runs them", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({ DATABASE_URL: database.pool.options.connectionString! });
    });
    afterAll(async () => {
      await t?.close();
    });

    it("fuses the indexed neighbours with the words, and a stranger's nearest passages stay theirs", async () => {
      const actor = { id: owner, email: `${owner}@example.com`, name: owner };
      const found = await new SearchService(t.ctx, embedder).search(actor, { q: "private matter" });
      expect(found.results.length).toBeGreaterThan(0);
      expect(found.results.every((r) => r.ownerName === owner)).toBe(true);
      const theirs = await new SearchService(t.ctx, embedder).search({ ...actor, id: stranger }, { q: "private matter" });
      expect(strangersPrivate).toContain(theirs.results[0]!.meetingId);
      const passages = await new AskService(t.ctx, embedder).retrieve(actor, "What was the private matter?", undefined);
      expect(passages.length).toBeGreaterThan(0);
      expect(passages.every((p) => !strangersPrivate.includes(p.meeting_id) && p.meeting_id !== strangersShared)).toBe(true);
    });
  });
});
