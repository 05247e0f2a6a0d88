// All SQL of search. Passages live in search_passages (kept by triggers, migration 0001);
// each meeting's passages are indexed with its language's text search configuration. The
// query is parsed once per configuration in use, as constants, so that the GIN index answers
// each `config = c AND tsv @@ websearch_to_tsquery(c, q)` (a join on the configuration made
// the planner scan every passage).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";

export interface PassageHit {
  meeting_id: string;
  title: string;
  recorded_at: Date;
  owner_name: string;
  kind: "title" | "summary" | "decision" | "action_item" | "turn";
  position: number;
  speaker: string | null;
  start_seconds: number | null;
  headline: string;
  match_count: number;
}

/**
 * Marks around matched words in ts_headline's answer. Control characters: stored text may
 * hold them too (an imported `&#1;` decodes to one), so they are taken out of the passage
 * before it is highlighted (`unmarked`), and every mark in the answer is one we put there.
 */
export const MATCH_START = "\u0001";
export const MATCH_STOP = "\u0002";
// A short passage is shown whole; a long one as up to two fragments around the matches.
const SHORT_PASSAGE_CHARS = 240;
const WHOLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** Anything that runs SQL: the pool or a transaction. */
export type Queryable = Pick<Db, "execute">;

/** The passage without the characters used as marks, so that no stored text can fake a highlight. */
const unmarked = (body: SQL) => sql`translate(${body}, ${MATCH_START + MATCH_STOP}, '')`;

/** PostgreSQL's "canceling statement due to statement timeout". */
const QUERY_CANCELED = "57014";

export function isStatementTimeout(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause)
    if ((c as { code?: unknown }).code === QUERY_CANCELED) return true;
  return false;
}

/**
 * Runs `work` in a transaction whose statements PostgreSQL cancels after `timeoutMs`
 * (SET LOCAL: the setting ends with the transaction, the pooled connection keeps none of it).
 */
export async function withStatementTimeout<T>(db: Db, timeoutMs: number, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('statement_timeout', ${String(Math.max(1, Math.floor(timeoutMs)))}, true)`);
    return work(tx);
  });
}

/** The text search configurations any passage uses (a loose scan of search_passages_config_idx: one probe each). */
export async function configsInUse(db: Queryable): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE c AS (
      (SELECT config FROM search_passages ORDER BY config LIMIT 1)
      UNION ALL
      SELECT (SELECT p.config FROM search_passages p WHERE p.config > c.config ORDER BY p.config LIMIT 1) FROM c WHERE c.config IS NOT NULL
    )
    SELECT config::text AS config FROM c WHERE config IS NOT NULL`);
  return (result.rows as { config: string }[]).map((r) => r.config);
}

/** The row's parsed query, for ranking and highlighting. */
function rowQuery(configs: string[], query: string): SQL {
  if (configs.length === 1) return sql`websearch_to_tsquery(${configs[0]}::regconfig, ${query})`;
  return sql`(CASE p.config::text ${sql.join(
    configs.map((c) => sql`WHEN ${c} THEN websearch_to_tsquery(${c}::regconfig, ${query})`),
    sql` `,
  )} END)`;
}

function matches(configs: string[], query: string): SQL {
  if (!configs.length) return sql`false`;
  return sql`(${sql.join(
    configs.map((c) => sql`(p.config = ${c}::regconfig AND p.tsv @@ websearch_to_tsquery(${c}::regconfig, ${query}))`),
    sql` OR `,
  )})`;
}

/** Meetings the user may read: their own, or shared with a team they belong to (guests too). */
export function readableBy(userId: string, m: SQL = sql`m`): SQL {
  return sql`(${m}.user_id = ${userId} OR EXISTS (
    SELECT 1 FROM meeting_shares s JOIN member mb ON mb.organization_id = s.team_id
    WHERE s.meeting_id = ${m}.id AND mb.user_id = ${userId}))`;
}

/** A subquery: ids of meetings with a passage matching `query` (access is the caller's to add). */
export function meetingsMatching(configs: string[], query: string): SQL {
  return sql`(SELECT p.meeting_id FROM search_passages p WHERE ${matches(configs, query)})`;
}

/**
 * One row per meeting the user may read with a matching passage: the passage to show,
 * highlighted, and how many passages match. Meetings are ordered by their best weighted rank
 * (a title match above a passing mention), then newest. The passage shown is the best one with
 * a moment in the recording (a turn, or an action item at the turn it came from) when any
 * matches: a phrase that was said opens where it was said, not at the summary line or decision
 * that quotes it (the meeting's title is on every result anyway). Only words that are in the
 * notes or title alone show those.
 */
export async function searchPassages(
  db: Queryable,
  userId: string,
  configs: string[],
  query: string,
  limit: number,
  offset: number,
): Promise<PassageHit[]> {
  if (!configs.length) return [];
  const result = await db.execute(sql`
    WITH hits AS (
      SELECT p.meeting_id, p.kind, p.position, p.speaker, p.start_seconds, p.body, p.config,
        ts_rank_cd(p.tsv, ${rowQuery(configs, query)}) AS rank
      FROM search_passages p JOIN meetings m ON m.id = p.meeting_id
      WHERE ${matches(configs, query)} AND ${readableBy(userId)}
    ),
    best AS (
      SELECT DISTINCT ON (meeting_id) *, count(*) OVER (PARTITION BY meeting_id)::int AS match_count,
        max(rank) OVER (PARTITION BY meeting_id) AS meeting_rank
      FROM hits
      ORDER BY meeting_id, start_seconds IS NULL, rank DESC, array_position(ARRAY['title','decision','summary','action_item','turn'], kind), position
    ),
    page AS (
      SELECT best.*, m.title, m.recorded_at, u.name AS owner_name
      FROM best JOIN meetings m ON m.id = best.meeting_id JOIN "user" u ON u.id = m.user_id
      ORDER BY best.meeting_rank DESC, m.recorded_at DESC, m.id
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT p.meeting_id, p.title, p.recorded_at, p.owner_name, p.kind, p.position, p.speaker, p.start_seconds, p.match_count,
      CASE WHEN length(p.body) <= ${SHORT_PASSAGE_CHARS} THEN ts_headline(p.config, ${unmarked(sql`p.body`)}, ${rowQuery(configs, query)}, ${WHOLE_OPTIONS})
        ELSE ts_headline(p.config, ${unmarked(sql`p.body`)}, ${rowQuery(configs, query)}, ${FRAGMENT_OPTIONS}) END AS headline
    FROM page p
    ORDER BY p.meeting_rank DESC, p.recorded_at DESC, p.meeting_id
  `);
  return result.rows as unknown as PassageHit[];
}
