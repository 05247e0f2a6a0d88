// SQL of semantic search (decision 036): one vector per passage of search_passages and embedding
// model (passage_embeddings, migration 0022). Vectors are stored unit length, so cosine is a dot
// product; the scan is exact (real[] works on every PostgreSQL, the embedded one has no pgvector).
// A vector joins its passage only while the passage's text is the text it was made from (md5).
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

/**
 * The `limit` passages closest to `vector` (cosine, exact scan) among the meetings the user may
 * read, under the same filters as the lexical path. Access is part of the query, as there.
 */
export async function nearestPassages(
  db: Queryable,
  userId: string,
  model: string,
  vector: number[],
  f: SearchFilters,
  limit: number,
): Promise<NearPassage[]> {
  const q = unit(vector);
  const conditions: SQL[] = [sql`e.model = ${model}`, sql`array_length(e.embedding, 1) = ${q.length}`, readableBy(userId)];
  conditions.push(...filterConditions(f));
  const r = await db.execute(sql`
    SELECT p.meeting_id, m.title, m.recorded_at, u.name AS owner_name, p.kind, p.position, p.speaker, p.start_seconds, p.body,
      (SELECT sum(a * b) FROM unnest(e.embedding, ${realArray(q)}::real[]) AS x(a, b))::float8 AS similarity
    FROM passage_embeddings e
      JOIN search_passages p ON p.meeting_id = e.meeting_id AND p.kind = e.kind AND p.position = e.position AND md5(p.body) = e.body_md5
      JOIN meetings m ON m.id = p.meeting_id JOIN "user" u ON u.id = m.user_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY similarity DESC, p.meeting_id, p.position
    LIMIT ${limit}`);
  return (r.rows as unknown as NearPassage[]).map((row) => ({ ...row, similarity: Number(row.similarity) }));
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
