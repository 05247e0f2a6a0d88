// SQL of semantic search (decision 036): one vector per passage of search_passages and embedding
// model (passage_embeddings, migrations 0022-0023). Vectors are stored unit length as real[], so
// cosine is a dot product. On every PostgreSQL the scan can be exact (real[] works everywhere; the
// embedded one has no pgvector); where the database has pgvector, the passage-embeddings job adds an
// approximate index per model, an expression index on (embedding::vector(n)), which the
// nearest-passage query then uses. A vector joins its passage only while the passage's text is the
// text it was made from (md5).
import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { filterConditions, readableBy, type PassageKind, type Queryable, type SearchFilters } from "./search.repo";

/** A passage near the query, with what a result needs to show it. */
export interface NearPassage {
  meeting_id: string;
  title: string;
  recorded_at: Date;
  owner_name: string;
  kind: PassageKind;
  position: number;
  speaker: string | null;
  start_seconds: number | null;
  body: string;
  similarity: number;
}

/** A passage of a meeting with no vector of this model yet (or one made from other text). */
export interface PassageToEmbed {
  kind: PassageKind;
  position: number;
  body: string;
}

/** `v` scaled to unit length (a zero vector stays zero). */
export function unit(v: number[]): number[] {
  const n = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  return n > 0 ? v.map((x) => x / n) : v.map(() => 0);
}

const realArray = (v: number[]) => `{${v.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}}`;

/** Whether any passage of a meeting the user may read has a vector of this model. */
export async function hasReadableEmbeddings(db: Queryable, userId: string, model: string): Promise<boolean> {
  const r = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM passage_embeddings e JOIN meetings m ON m.id = e.meeting_id
      WHERE e.model = ${model} AND ${readableBy(userId)}) AS any`);
  return Boolean((r.rows[0] as { any?: boolean } | undefined)?.any);
}

/** pgvector indexes vectors of at most 2,000 dimensions (HNSW and IVFFlat alike). */
export const MAX_INDEXED_DIMENSIONS = 2000;
/** IVFFlat (pgvector before 0.5) learns its lists from the rows there: not built on fewer. */
export const IVFFLAT_MIN_ROWS = 10_000;

export type VectorIndexMethod = "hnsw" | "ivfflat";

/** The index of one model's vectors of one dimension (a model always gives the same number). */
export function vectorIndexName(model: string, dimensions: number): string {
  return `passage_embeddings_vec_${createHash("md5").update(`${model}\0${dimensions}`).digest("hex").slice(0, 16)}`;
}

/** A string as an SQL literal (index predicates take no parameters); standard_conforming_strings is on since PostgreSQL 9.1. */
const literal = (s: string) => `'${s.replace(/\0/g, "").replace(/'/g, "''")}'`;

/** A model's vectors of one dimension (the exact scans; a vector of another length never reaches a cast). */
const ofModel = (model: string, dimensions: number) =>
  sql`e.model = ${model} AND array_length(e.embedding, 1) = ${sql.raw(String(Math.trunc(dimensions)))}`;

/**
 * The indexed expression: the vector as vector(n), NULL (not indexed) when it has another length.
 * The length test lives here rather than in the index's predicate, where the query would have to
 * repeat it and the planner, guessing that 0.5 % of rows pass it, would misjudge the index.
 */
const indexed = (dimensions: number, e = "embedding") =>
  `((CASE WHEN array_length(${e}, 1) = ${Math.trunc(dimensions)} THEN ${e} END)::vector(${Math.trunc(dimensions)}))`;

/** The error's SQLSTATE, looked up through the causes drizzle wraps it in. */
function sqlState(e: unknown): string | undefined {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause)
    if (typeof (c as { code?: unknown }).code === "string") return (c as { code: string }).code;
  return undefined;
}

/** "0.8.1" → [0, 8, 1], compared as numbers. */
export function versionAtLeast(version: string, min: string): boolean {
  const a = version.split(".").map((x) => parseInt(x, 10) || 0);
  const b = min.split(".").map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return true;
}

/** The installed pgvector's version, or null (no extension: the embedded database, or one whose role may not create it; or its type off the search_path). */
export async function pgvectorVersion(db: Queryable): Promise<string | null> {
  const r = await db.execute(sql`SELECT extversion FROM pg_extension WHERE extname = 'vector' AND to_regtype('vector') IS NOT NULL`);
  return (r.rows[0] as { extversion?: string } | undefined)?.extversion ?? null;
}

/** What this database offers the nearest-passage query for one model and dimension. */
interface VectorSupport {
  /** pgvector's version, null without the extension. */
  version: string | null;
  /** The model's approximate index, when it exists and is valid. */
  method: VectorIndexMethod | null;
  lists: number;
}

/** pgvector's vector type holds at most 16,000 dimensions. */
const MAX_VECTOR_DIMENSIONS = 16_000;

/** One catalog lookup: the extension's version and the model's index (both null on the embedded database). */
async function vectorSupport(db: Queryable, model: string, dimensions: number): Promise<VectorSupport> {
  const r = await db.execute(sql`
    SELECT x.extversion AS version, a.amname AS method, c.reloptions AS options
    FROM (SELECT 1) one
      -- A vector type this connection can name (the extension may sit in a schema off its search_path).
      LEFT JOIN pg_extension x ON x.extname = 'vector' AND to_regtype('vector') IS NOT NULL
      LEFT JOIN pg_index i ON i.indexrelid = to_regclass(${vectorIndexName(model, dimensions)}) AND i.indisvalid
      LEFT JOIN pg_class c ON c.oid = i.indexrelid LEFT JOIN pg_am a ON a.oid = c.relam`);
  const row = r.rows[0] as { version: string | null; method: string | null; options: string[] | null };
  const version = dimensions <= MAX_VECTOR_DIMENSIONS ? row.version : null;
  const method = version && dimensions <= MAX_INDEXED_DIMENSIONS && (row.method === "hnsw" || row.method === "ivfflat") ? row.method : null;
  const lists = Number((row.options ?? []).find((o) => o.startsWith("lists="))?.slice(6) ?? 100);
  return { version, method, lists };
}

/**
 * CREATE INDEX for one model's vectors of one dimension: HNSW with cosine distance from pgvector
 * 0.5, IVFFlat before (with lists learnt from the `rows` there; none below IVFFLAT_MIN_ROWS). A
 * partial expression index: the cast needs the dimension, and a model's vectors are its own.
 */
export function vectorIndexDdl(model: string, dimensions: number, version: string, rows: number): string | null {
  const cast = indexed(dimensions);
  // pgvector's advice for IVFFlat: rows / 1000 lists up to a million rows, √rows beyond.
  const lists = rows <= 1_000_000 ? Math.round(rows / 1000) : Math.round(Math.sqrt(rows));
  if (!versionAtLeast(version, "0.5.0") && rows < IVFFLAT_MIN_ROWS) return null;
  const using = versionAtLeast(version, "0.5.0")
    ? `hnsw (${cast} vector_cosine_ops)`
    : `ivfflat (${cast} vector_cosine_ops) WITH (lists = ${lists})`;
  return `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${vectorIndexName(model, dimensions)}" ON passage_embeddings USING ${using} WHERE model = ${literal(model)}`;
}

async function modelRows(db: Queryable, model: string, dimensions: number): Promise<number> {
  const r = await db.execute(sql`SELECT count(*)::int AS n FROM passage_embeddings e WHERE ${ofModel(model, dimensions)}`);
  return (r.rows[0] as { n: number }).n;
}

/**
 * Makes the approximate index of one model's vectors where the database has pgvector (HNSW with
 * cosine distance from pgvector 0.5, IVFFlat before, once there are IVFFLAT_MIN_ROWS vectors to
 * learn its lists from); nothing on a database without it. Returns the index's name, or null.
 * CONCURRENTLY: the job's writes and meeting deletions go on while it is built, so `db` must not be
 * in a transaction. A build that died half-way leaves an invalid index, which is made again.
 */
export async function ensureVectorIndex(db: Queryable, model: string, dimensions: number): Promise<string | null> {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_INDEXED_DIMENSIONS) return null;
  const version = await pgvectorVersion(db);
  if (!version) return null;
  const name = vectorIndexName(model, dimensions);
  const found = await db.execute(sql`SELECT i.indisvalid AS valid FROM pg_index i WHERE i.indexrelid = to_regclass(${name})`);
  const existing = found.rows[0] as { valid: boolean } | undefined;
  if (existing?.valid) return name;
  if (existing) await db.execute(sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`));
  // IVFFlat's lists are sized by the rows there; HNSW needs no count.
  const rows = versionAtLeast(version, "0.5.0") ? 0 : await modelRows(db, model, dimensions);
  const ddl = vectorIndexDdl(model, dimensions, version, rows);
  if (!ddl) return null;
  try {
    await db.execute(sql.raw(ddl));
  } catch (e) {
    // Another process made it at the same moment (unique violation on the catalog): theirs serves.
    if (sqlState(e) !== "23505") throw e;
  }
  return name;
}

/** The dimension of a model's stored vectors, or null when none is stored. */
export async function storedDimensions(db: Queryable, model: string): Promise<number | null> {
  const r = await db.execute(sql`SELECT array_length(embedding, 1) AS n FROM passage_embeddings WHERE model = ${model} LIMIT 1`);
  const n = (r.rows[0] as { n: number | null } | undefined)?.n;
  return n ? Number(n) : null;
}

/**
 * How the nearest passages are found: "index" through the model's approximate index; "exact" by
 * computing every readable passage's distance, with pgvector's operator where the database has it,
 * else "array", the dot product of the real[] (the embedded database).
 */
export type NearestPath = "index" | "exact" | "array";

/**
 * Through the index, more passages are taken than asked and the best `limit` of them kept: HNSW's
 * order among the passages it finds is exact, but a filtered scan finds some of the nearest late.
 */
export const INDEX_OVERFETCH = 2;

/**
 * The vector's passage, while its text is the one it was made from. A CASE, not a fourth join key:
 * the planner multiplies join keys' selectivities, would expect almost no passage to join its
 * vector, and would scan every vector rather than take the nearest from the index.
 */
const current = (e: SQL) => sql`CASE WHEN md5(p.body) = ${e}.body_md5 THEN true END`;

function nearestQuery(userId: string, model: string, q: number[], f: SearchFilters, limit: number, path: NearestPath): SQL {
  const columns = sql`p.meeting_id, m.title, m.recorded_at, u.name AS owner_name, p.kind, p.position, p.speaker, p.start_seconds, p.body`;
  const cast = sql.raw(`vector(${q.length})`);
  const distance = sql`(e.embedding::${cast}) <=> ${vectorLiteral(q)}::${cast}`;
  if (path !== "index") {
    // Exact: from the meetings the user may read to their vectors (the primary key's meeting_id),
    // each vector's similarity computed once; OFFSET 0 keeps the planner from flattening the
    // LATERAL into a scan of every vector (whose cost, reading each vector, it does not see).
    const similarity =
      path === "array"
        ? sql`(SELECT sum(a * b) FROM unnest(e.embedding, ${realArray(q)}::real[]) AS x(a, b))::float8`
        : sql`(1 - (${distance}))::float8`;
    return sql`
    SELECT ${columns}, x.similarity
    FROM meetings m JOIN "user" u ON u.id = m.user_id
      CROSS JOIN LATERAL (
        SELECT e.kind, e.position, e.body_md5, ${similarity} AS similarity FROM passage_embeddings e
        WHERE e.meeting_id = m.id AND ${ofModel(model, q.length)} OFFSET 0) x
      JOIN search_passages p ON p.meeting_id = m.id AND p.kind = x.kind AND p.position = x.position AND ${current(sql`x`)}
    WHERE ${sql.join([readableBy(userId), ...filterConditions(f)], sql` AND `)}
    ORDER BY x.similarity DESC, p.meeting_id, p.position
    LIMIT ${limit}`;
  }
  // ORDER BY the indexed expression <=> a constant, alone, over passage_embeddings alone: what an
  // index scan answers. Each vector the index offers is kept only when its passage is current and
  // the user may read its meeting under the filters: one EXISTS per candidate, which OFFSET 0 keeps a
  // subplan (as a join, the planner misjudges how many rows survive and scans every vector instead).
  // A vector of another length has no distance and is not in the index.
  const near = sql`${sql.raw(indexed(q.length, "e.embedding"))} <=> ${vectorLiteral(q)}::${cast}`;
  return sql`
    SELECT ${columns}, near.similarity
    FROM (
      SELECT e.meeting_id, e.kind, e.position, (1 - (${near}))::float8 AS similarity
      FROM passage_embeddings e
      WHERE e.model = ${model} AND EXISTS (
        SELECT 1 FROM search_passages p JOIN meetings m ON m.id = p.meeting_id
        WHERE p.meeting_id = e.meeting_id AND p.kind = e.kind AND p.position = e.position AND md5(p.body) = e.body_md5
          AND ${sql.join([readableBy(userId), ...filterConditions(f)], sql` AND `)}
        OFFSET 0)
      ORDER BY ${near}
      LIMIT ${limit * INDEX_OVERFETCH}) near
      JOIN search_passages p ON p.meeting_id = near.meeting_id AND p.kind = near.kind AND p.position = near.position
      JOIN meetings m ON m.id = p.meeting_id JOIN "user" u ON u.id = m.user_id
    WHERE near.similarity IS NOT NULL
    ORDER BY near.similarity DESC, p.meeting_id, p.position
    LIMIT ${limit}`;
}

const vectorLiteral = (v: number[]) => `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}]`;

/**
 * Below this many vectors the user may read, the exact scan answers even where there is an index:
 * its answer is exact and about as quick as the index's scan, which has to pass over a great many
 * strangers' vectors to find a user's few (bench/pgvector.bench.ts).
 */
export const EXACT_BELOW = 2000;

/**
 * How many vectors of the model the user may read under the filters, counted up to `atMost` (a
 * bounded count from the readable meetings' primary keys; the passages joined only for filters).
 */
async function readableVectors(db: Queryable, userId: string, model: string, f: SearchFilters, atMost: number): Promise<number> {
  const filters = filterConditions(f);
  const passages = filters.length
    ? sql`JOIN search_passages p ON p.meeting_id = e.meeting_id AND p.kind = e.kind AND p.position = e.position`
    : sql``;
  const r = await db.execute(sql`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM meetings m JOIN passage_embeddings e ON e.meeting_id = m.id AND e.model = ${model} ${passages}
      WHERE ${sql.join([readableBy(userId), ...filters], sql` AND `)} LIMIT ${atMost}) x`);
  return (r.rows[0] as { n: number }).n;
}

/** The path nearestPassages takes first, given what the database offers and, with an index, how much the user may read. */
async function firstPath(
  db: Queryable,
  userId: string,
  model: string,
  f: SearchFilters,
  s: VectorSupport,
  asked: NearestPath | "auto",
): Promise<NearestPath> {
  if (asked === "array" || !s.version) return "array";
  if (asked === "exact" || !s.method) return "exact";
  if (asked === "index") return "index";
  return (await readableVectors(db, userId, model, f, EXACT_BELOW)) < EXACT_BELOW ? "exact" : "index";
}

/** The query that nearestPassages runs first, and its path (EXPLAIN in tests and bench). */
export async function nearestPassagesQuery(
  db: Queryable,
  userId: string,
  model: string,
  vector: number[],
  f: SearchFilters,
  limit: number,
): Promise<{ path: NearestPath; query: SQL }> {
  const q = unit(vector);
  const path = await firstPath(db, userId, model, f, await vectorSupport(db, model, q.length), "auto");
  return { path, query: nearestQuery(userId, model, q, f, limit, path) };
}

const rowsOf = (r: { rows: unknown[] }) => (r.rows as NearPassage[]).map((row) => ({ ...row, similarity: Number(row.similarity) }));

/**
 * The `limit` passages closest to `vector` (cosine) among the meetings the user may read, under the
 * same filters as the lexical path. Access is part of the query, as there.
 *
 * Without pgvector: the exact dot product over real[]. With pgvector but no index of the model
 * yet, or where the user may read fewer than EXACT_BELOW vectors under the filters (one meeting, a
 * small share of a large instance): the exact scan with pgvector's distance. Otherwise, through the
 * model's index: an approximate scan that looks at more candidates than pgvector's default
 * (hnsw.ef_search, ivfflat.probes) and, from pgvector 0.8, keeps scanning while access and filters
 * drop candidates (iterative scan); the settings are LOCAL, for the caller's transaction (search
 * and ask run in one). When fewer than `limit` passages come back, the scan gave up before it
 * found them (pgvector's hnsw.max_scan_tuples; no iterative scan before 0.8), so the exact scan
 * answers instead. `path` forces one way (tests, bench).
 */
export async function nearestPassages(
  db: Queryable,
  userId: string,
  model: string,
  vector: number[],
  f: SearchFilters,
  limit: number,
  path: NearestPath | "auto" = "auto",
): Promise<NearPassage[]> {
  const q = unit(vector);
  const support = await vectorSupport(db, model, q.length);
  const first = await firstPath(db, userId, model, f, support, path);
  if (first === "index") {
    const candidates = String(Math.min(1000, Math.max(100, limit * INDEX_OVERFETCH * 2)));
    if (support.method === "hnsw") {
      await db.execute(sql`SELECT set_config('hnsw.ef_search', ${candidates}, true)`);
      if (versionAtLeast(support.version!, "0.8.0")) await db.execute(sql`SELECT set_config('hnsw.iterative_scan', 'strict_order', true)`);
    } else {
      await db.execute(sql`SELECT set_config('ivfflat.probes', ${String(Math.max(10, Math.ceil(Math.sqrt(support.lists))))}, true)`);
      if (versionAtLeast(support.version!, "0.8.0"))
        await db.execute(sql`SELECT set_config('ivfflat.iterative_scan', 'relaxed_order', true)`);
    }
    const near = rowsOf(await db.execute(nearestQuery(userId, model, q, f, limit, "index")));
    if (near.length >= limit) return near;
  }
  return rowsOf(await db.execute(nearestQuery(userId, model, q, f, limit, first === "array" ? "array" : "exact")));
}

/** A meeting's passages (not its title) that have no vector of this model for their current text. */
export async function passagesToEmbed(db: Queryable, meetingId: string, model: string): Promise<PassageToEmbed[]> {
  const r = await db.execute(sql`
    SELECT p.kind, p.position, p.body FROM search_passages p
    WHERE p.meeting_id = ${meetingId}::uuid AND p.kind <> 'title' AND NOT EXISTS (
      SELECT 1 FROM passage_embeddings e WHERE e.meeting_id = p.meeting_id AND e.kind = p.kind AND e.position = p.position
        AND e.model = ${model} AND e.body_md5 = md5(p.body))
    ORDER BY p.kind, p.position`);
  return r.rows as unknown as PassageToEmbed[];
}

/** Stores (or replaces) the vectors of a meeting's passages, unit length. */
export async function storeEmbeddings(
  db: Queryable,
  meetingId: string,
  model: string,
  rows: (PassageToEmbed & { vector: number[] })[],
): Promise<void> {
  for (const row of rows)
    await db.execute(sql`
      INSERT INTO passage_embeddings (meeting_id, kind, position, model, body_md5, embedding)
      VALUES (${meetingId}::uuid, ${row.kind}, ${row.position}, ${model}, md5(${row.body}), ${realArray(unit(row.vector))}::real[])
      ON CONFLICT (meeting_id, kind, position, model)
      DO UPDATE SET body_md5 = excluded.body_md5, embedding = excluded.embedding, created_at = now()`);
}

/** Finished meetings with a passage (not the title) that has no vector of this model for its current text, oldest first. */
export async function meetingsToEmbed(db: Queryable, model: string, limit: number): Promise<string[]> {
  const r = await db.execute(sql`
    SELECT m.id FROM meetings m
    WHERE m.status = 'completed' AND EXISTS (
      SELECT 1 FROM search_passages p WHERE p.meeting_id = m.id AND p.kind <> 'title' AND NOT EXISTS (
        SELECT 1 FROM passage_embeddings e WHERE e.meeting_id = p.meeting_id AND e.kind = p.kind AND e.position = p.position
          AND e.model = ${model} AND e.body_md5 = md5(p.body)))
    ORDER BY m.created_at, m.id
    LIMIT ${limit}`);
  return (r.rows as { id: string }[]).map((x) => x.id);
}
