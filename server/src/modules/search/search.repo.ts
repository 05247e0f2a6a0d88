// All SQL of search. Passages live in search_passages (kept by triggers, migration 0001);
// each meeting's passages are indexed with its language's text search configuration, so the
// query is parsed once per configuration in use and matched only against passages of that
// configuration.
import { sql } from "drizzle-orm";
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

/** Marks around matched words in ts_headline's answer: control characters never stored in text we index. */
export const MATCH_START = "\u0001";
export const MATCH_STOP = "\u0002";
// A short passage is shown whole; a long one as up to two fragments around the matches.
const SHORT_PASSAGE_CHARS = 240;
const WHOLE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=30, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * One row per meeting the user may read (own, or shared with a team they belong to) with a
 * matching passage: its best passage (ts_rank_cd), highlighted, and how many passages match.
 * Ordered by that rank, then newest meeting.
 */
export async function searchPassages(db: Db, userId: string, query: string, limit: number, offset: number): Promise<PassageHit[]> {
  const result = await db.execute(sql`
    WITH access AS MATERIALIZED (
      SELECT m.id FROM meetings m WHERE m.user_id = ${userId}
      UNION
      SELECT s.meeting_id FROM meeting_shares s JOIN member mb ON mb.organization_id = s.team_id AND mb.user_id = ${userId}
    ),
    configs AS (
      SELECT DISTINCT minutes_meeting_search_config(l.transcript_language, l.language) AS cfg
      FROM (SELECT DISTINCT m.transcript_language, m.language FROM meetings m JOIN access a ON a.id = m.id) l
    ),
    q AS (SELECT cfg, websearch_to_tsquery(cfg, ${query}) AS query FROM configs),
    hits AS (
      SELECT p.meeting_id, p.kind, p.position, p.speaker, p.start_seconds, p.body, p.config, q.query,
        ts_rank_cd(p.tsv, q.query) AS rank
      FROM q JOIN search_passages p ON p.config = q.cfg AND p.tsv @@ q.query
      WHERE p.meeting_id IN (SELECT id FROM access)
    ),
    best AS (
      SELECT DISTINCT ON (meeting_id) *, count(*) OVER (PARTITION BY meeting_id)::int AS match_count
      FROM hits
      ORDER BY meeting_id, rank DESC, array_position(ARRAY['title','decision','summary','action_item','turn'], kind), position
    ),
    page AS (
      SELECT best.*, m.title, m.recorded_at, u.name AS owner_name
      FROM best JOIN meetings m ON m.id = best.meeting_id JOIN "user" u ON u.id = m.user_id
      ORDER BY best.rank DESC, m.recorded_at DESC, m.id
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT meeting_id, title, recorded_at, owner_name, kind, position, speaker, start_seconds, match_count,
      CASE WHEN length(body) <= ${SHORT_PASSAGE_CHARS} THEN ts_headline(config, body, query, ${WHOLE_OPTIONS})
        ELSE ts_headline(config, body, query, ${FRAGMENT_OPTIONS}) END AS headline
    FROM page
    ORDER BY rank DESC, recorded_at DESC, meeting_id
  `);
  return result.rows as unknown as PassageHit[];
}
