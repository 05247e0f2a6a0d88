// Semantic search where an embedding model is installed (decision 036): vectors stored per
// passage, lexical and vector rankings fused, access as in the lexical path, and nothing changes
// without a model. Vectors are written straight to the table and the query's vector comes from a
// stand-in embedder, so the ranking is decided by the test, not by a model.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { insertCompletedMeeting } from "../../../../test/meetings";
import type { Actor } from "../../core/actor";
import { AskService } from "../ask/ask.service";
import {
  ensureVectorIndex,
  nearestPassages,
  nearestPassagesQuery,
  passagesToEmbed,
  pgvectorVersion,
  storeEmbeddings,
  unit,
  vectorIndexDdl,
  vectorIndexName,
  versionAtLeast,
  IVFFLAT_MIN_ROWS,
} from "./embeddings.repo";
import { fusePassages, reciprocalRankFusion, withinVectorBudget, type Embedder } from "./hybrid";
import { SearchService } from "./search.service";
import { embedPendingPassages } from "./embeddings.service";
import { passageEmbeddingsJob } from "../../jobs/passage-embeddings.job";

let t: TestApp;
const MODEL = "test-embedding";

/** Texts about cats point one way, everything else another. */
const embedder: Embedder = {
  model: MODEL,
  embed: async (texts) => texts.map((x) => (/cat/i.test(x) ? [1, 0, 0] : [0, 1, 0])),
};

async function signedUp(prefix: string, name: string): Promise<Actor & { c: TestClient }> {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, name, id: r.json.user.id as string };
}

const storedMeeting = (userId: string, title: string, texts: string[]) => insertCompletedMeeting(t.ctx.database.db, userId, title, texts);

/** Stores a vector for every turn of a meeting (the title gets none, as the job leaves it). */
async function vectors(meetingId: string, of: (body: string) => number[]) {
  const rows = await passagesToEmbed(t.ctx.database.db, meetingId, MODEL);
  await storeEmbeddings(
    t.ctx.database.db,
    meetingId,
    MODEL,
    rows.map((r) => ({ ...r, vector: of(r.body) })),
  );
}

let owner: Actor & { c: TestClient };
let stranger: Actor & { c: TestClient };
let budget: string;
let feline: string;
let strangers: string;

beforeAll(async () => {
  t = await startTestApp({ SEARCH_RATE_LIMIT_BURST: "100000", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signedUp("hybrid", "Olivia Owner");
  stranger = await signedUp("hybrid-stranger", "Sam Stranger");
  budget = await storedMeeting(owner.id, "Quarterly planning", ["The budget numbers for next quarter are final.", "Marketing wants more."]);
  feline = await storedMeeting(owner.id, "Office pets", ["A small feline naps on the windowsill every afternoon."]);
  strangers = await storedMeeting(stranger.id, "Private pets", ["My kitten naps on the sofa, a private matter."]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("reciprocal rank fusion", () => {
  it("ranks a key both rankings hold above keys only one holds, ties in the first ranking's order", () => {
    expect(
      reciprocalRankFusion([
        ["a", "b", "c"],
        ["c", "d"],
      ]),
    ).toEqual(["c", "a", "b", "d"]);
    expect(reciprocalRankFusion([["a"], []])).toEqual(["a"]);
  });
});

describe("passage embeddings", () => {
  it("stores one unit vector per passage and makes it again only when the passage's text changes", async () => {
    expect((await passagesToEmbed(t.ctx.database.db, feline, MODEL)).map((p) => p.kind)).toEqual(["turn"]);
    await vectors(feline, () => [0.03, 0, 4]);
    const stored = await t.ctx.database.db.execute(
      sql`SELECT kind, position, embedding FROM passage_embeddings WHERE meeting_id = ${feline}::uuid AND model = ${MODEL}`,
    );
    expect(stored.rows).toHaveLength(1);
    const v = (stored.rows[0] as { embedding: number[] }).embedding;
    expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(await passagesToEmbed(t.ctx.database.db, feline, MODEL)).toEqual([]);
    // Another model's vectors are its own.
    expect(await passagesToEmbed(t.ctx.database.db, feline, "other-model")).toHaveLength(1);
  });
});

describe("hybrid search", () => {
  beforeAll(async () => {
    await t.ctx.database.db.execute(sql`DELETE FROM passage_embeddings WHERE meeting_id = ${feline}::uuid`);
    await vectors(feline, () => [0.9, 0.1, 0]);
    await vectors(budget, (body) => (body.includes("budget") ? [0, 1, 0] : [0.2, 0.8, 0]));
    // The stranger's passage is the closest of all to a question about cats.
    await vectors(strangers, () => [1, 0, 0]);
  });

  it("finds a passage with no word of the query when its vector is the closest, and never a stranger's", async () => {
    const lexical = await new SearchService(t.ctx).search(owner, { q: "cat" });
    expect(lexical.results).toEqual([]);
    const hybrid = await new SearchService(t.ctx, embedder).search(owner, { q: "cat" });
    expect(hybrid.results.map((r) => r.meetingId)).toEqual([feline, budget]);
    expect(hybrid.results[0]!.moments[0]).toMatchObject({ kind: "turn", turnIndex: 0, speaker: "Ana", start: 0 });
    expect(hybrid.results[0]!.headline).toEqual([{ text: "A small feline naps on the windowsill every afternoon.", match: false }]);
    const theirs = await new SearchService(t.ctx, embedder).search(stranger, { q: "cat" });
    expect(theirs.results.map((r) => r.meetingId)).toEqual([strangers]);
  });

  it("keeps the lexical match first and its highlighted moments when both rankings agree", async () => {
    const hybrid = await new SearchService(t.ctx, embedder).search(owner, { q: "budget" });
    expect(hybrid.results[0]!.meetingId).toBe(budget);
    expect(hybrid.results[0]!.headline.some((p) => p.match && /budget/i.test(p.text))).toBe(true);
    expect(hybrid.results.map((r) => r.meetingId)).not.toContain(strangers);
  });

  it("keeps quotes and -word exact: those searches are lexical only", async () => {
    const plain = new SearchService(t.ctx);
    const hybrid = new SearchService(t.ctx, embedder);
    for (const q of ['"budget numbers"', "budget -marketing", "cat -dog"])
      expect(await hybrid.search(owner, { q })).toEqual(await plain.search(owner, { q }));
  });

  it("gives ask the passage closest in meaning, never a stranger's", async () => {
    const passages = await new AskService(t.ctx, embedder).retrieve(owner, "Where does the cat sleep?", undefined);
    expect(passages[0]).toMatchObject({ meeting_id: feline, kind: "turn", position: 0 });
    expect(passages.map((p) => p.meeting_id)).not.toContain(strangers);
    const theirs = await new AskService(t.ctx, embedder).retrieve(stranger, "Where does the cat sleep?", undefined);
    expect(theirs.map((p) => p.meeting_id)).toEqual([strangers]);
  });
});

describe("without an embedding model", () => {
  it("answers exactly as lexical search, over HTTP and in the service, vectors or not", async () => {
    for (const q of ["budget", "feline naps", "cat", "marketing quarter"]) {
      const plain = await new SearchService(t.ctx).search(owner, { q });
      const r = await owner.c.get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(r.status).toBe(200);
      expect(r.json).toEqual(JSON.parse(JSON.stringify(plain)));
    }
  });

  it("is lexical when the model fails or never answers", async () => {
    const failing: Embedder = { model: MODEL, embed: () => Promise.reject(new Error("worker died")) };
    const silent: Embedder = { model: MODEL, embed: () => new Promise(() => undefined) };
    const quick = { ...t.ctx, config: { ...t.ctx.config, search: { ...t.ctx.config.search, timeoutMs: 50 } } };
    for (const broken of [failing, silent])
      for (const q of ["budget", "cat"]) {
        expect(await new SearchService(quick, broken).search(owner, { q })).toEqual(await new SearchService(t.ctx).search(owner, { q }));
        expect(await new AskService(quick, broken).retrieve(owner, `What about the ${q}?`, undefined)).toEqual(
          await new AskService(t.ctx).retrieve(owner, `What about the ${q}?`, undefined),
        );
      }
  });

  it("is lexical when the model has no vectors for what the user may read", async () => {
    const other = await signedUp("hybrid-other", "Otto Other");
    await storedMeeting(other.id, "Budget review", ["The budget is fine."]);
    const none: Embedder = { model: "no-vectors-model", embed: async () => [[1, 0, 0]] };
    for (const q of ["budget", "cat"])
      expect(await new SearchService(t.ctx, none).search(other, { q })).toEqual(await new SearchService(t.ctx).search(other, { q }));
  });
});

describe("filling vectors (the passage-embeddings job)", () => {
  const vectorsOf = async (meetingId: string, model: string) =>
    (
      await t.ctx.database.db.execute(
        sql`SELECT kind, position FROM passage_embeddings WHERE meeting_id = ${meetingId}::uuid AND model = ${model} ORDER BY kind, position`,
      )
    ).rows;

  it("embeds the passages of finished meetings that have none for their current text, and only those", async () => {
    const fresh: Embedder & { texts: string[] } = {
      model: "fill-model",
      texts: [],
      async embed(texts, role) {
        expect(role).toBe("document");
        this.texts.push(...texts);
        return texts.map(() => [0, 0, 1]);
      },
    };
    const id = await storedMeeting(owner.id, "Standup", ["Deploys are green.", "Nothing blocks us."]);
    await embedPendingPassages(t.ctx.database.db, fresh, 1000);
    expect(await vectorsOf(id, "fill-model")).toEqual([
      { kind: "turn", position: 0 },
      { kind: "turn", position: 1 },
    ]);
    expect(fresh.texts).toContain("Deploys are green.");
    expect(fresh.texts).not.toContain("Standup");
    fresh.texts = [];
    await embedPendingPassages(t.ctx.database.db, fresh, 1000);
    expect(fresh.texts).toEqual([]);
    // An edited turn is embedded again, the other is not.
    await t.ctx.database.db.execute(
      sql`UPDATE meetings SET utterances = jsonb_set(utterances, '{1,text}', '"One thing blocks us."') WHERE id = ${id}::uuid`,
    );
    await embedPendingPassages(t.ctx.database.db, fresh, 1000);
    expect(fresh.texts).toEqual(["One thing blocks us."]);
  });

  it("does nothing when no text embedding model is installed", async () => {
    const id = await storedMeeting(owner.id, "Retro", ["We shipped on time."]);
    await passageEmbeddingsJob.handle({}, { ctx: t.ctx } as never);
    const any = await t.ctx.database.db.execute(sql`SELECT 1 FROM passage_embeddings WHERE meeting_id = ${id}::uuid`);
    expect(any.rows).toEqual([]);
  });
});

describe("without pgvector (the embedded database)", () => {
  it("makes no index and scans exactly, with no error", async () => {
    const db = t.ctx.database.db;
    expect(await pgvectorVersion(db)).toBeNull();
    expect(await ensureVectorIndex(db, MODEL, 3)).toBeNull();
    const done = await embedPendingPassages(db, embedder, 1000);
    expect(done.indexError).toBeUndefined();
    expect((await nearestPassagesQuery(db, owner.id, MODEL, [1, 0, 0], {}, 5)).path).toBe("array");
    // Asked for pgvector's exact scan or its index, it still answers with what it has.
    expect(await nearestPassages(db, owner.id, MODEL, [1, 0, 0], {}, 5, "index")).toEqual(
      await nearestPassages(db, owner.id, MODEL, [1, 0, 0], {}, 5),
    );
    const near = await nearestPassages(db, owner.id, MODEL, [1, 0, 0], {}, 5);
    expect(near[0]!.meeting_id).toBe(feline);
    expect(near.some((p) => p.meeting_id === strangers)).toBe(false);
  });
});

describe("the pgvector index's definition", () => {
  it("is HNSW from pgvector 0.5, IVFFlat before once there are rows to learn from, per model and dimension", () => {
    expect(vectorIndexDdl("m", 768, "0.8.1", 0)).toBe(
      `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${vectorIndexName("m", 768)}" ON passage_embeddings ` +
        `USING hnsw (((CASE WHEN array_length(embedding, 1) = 768 THEN embedding END)::vector(768)) vector_cosine_ops) WHERE model = 'm'`,
    );
    expect(vectorIndexDdl("m", 768, "0.4.4", IVFFLAT_MIN_ROWS - 1)).toBeNull();
    expect(vectorIndexDdl("m", 768, "0.4.4", 50_000)).toContain(
      "USING ivfflat (((CASE WHEN array_length(embedding, 1) = 768 THEN embedding END)::vector(768)) vector_cosine_ops) WITH (lists = 50)",
    );
    // A model's name is a literal in the index's predicate.
    expect(vectorIndexDdl("it's", 3, "0.5.0", 0)).toMatch(/WHERE model = 'it''s'$/);
    expect(vectorIndexName("m", 768)).not.toBe(vectorIndexName("m", 384));
    expect(versionAtLeast("0.10.0", "0.8.0")).toBe(true);
    expect(versionAtLeast("0.4.4", "0.5.0")).toBe(false);
  });
});

describe("fusePassages", () => {
  it("adds a passage found only by meaning at the lowest lexical score, close to the best meeting", () => {
    const p = (id: string, score: number) => ({
      meeting_id: id,
      title: "t",
      kind: "turn" as const,
      position: 0,
      speaker: null,
      start_seconds: 0,
      body: "b",
      score,
      meeting_score: score * 2,
    });
    const near = { ...p("m3", 0), recorded_at: new Date(), owner_name: "o", similarity: 0.9 };
    const fused = fusePassages([p("m1", 5), p("m2", 2)], [near], 10);
    expect(fused.map((x) => x.meeting_id)).toEqual(["m1", "m3", "m2"]);
    expect(fused[1]).toMatchObject({ score: 2, meeting_score: 10 });
  });
});

describe("the vector side's time budget", () => {
  it("gives no vector results when the scan cannot finish in its share of the time-out, so search answers lexically", async () => {
    const db = t.ctx.database.db;
    const slow = await withinVectorBudget(db, 200, async (tx) => {
      await tx.execute(sql`SELECT pg_sleep(3)`);
      return ["never"];
    });
    expect(slow).toEqual([]);
    expect(await withinVectorBudget(db, 200, async () => ["near"])).toEqual(["near"]);
    // Anything else than the time-out is an error, not silently no results.
    await expect(withinVectorBudget(db, 200, async (tx) => tx.execute(sql`SELECT 1/0`).then(() => []))).rejects.toThrow(
      /Failed query: SELECT 1\/0/,
    );
  });
});
