// All SQL of "Ask your meetings" beyond retrieval (search.repo.ts): the turns around short cited
// moments (their exchange) and the asker's recent questions.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { readableBy, type PassageText, type Queryable } from "../search/search.repo";

/** Questions kept per user: the history shows the newest few; older ones are removed as new ones come. */
const KEEP = 20;

export async function recordQuestion(db: Db, userId: string, question: string, meetingId: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    // The same question again moves to the top instead of repeating.
    await tx.execute(
      sql`DELETE FROM ask_questions WHERE user_id = ${userId} AND question = ${question} AND meeting_id IS NOT DISTINCT FROM ${meetingId}::uuid`,
    );
    await tx.execute(sql`INSERT INTO ask_questions (user_id, question, meeting_id) VALUES (${userId}, ${question}, ${meetingId}::uuid)`);
    await tx.execute(sql`
      DELETE FROM ask_questions WHERE user_id = ${userId} AND id NOT IN (
        SELECT id FROM ask_questions WHERE user_id = ${userId} ORDER BY created_at DESC LIMIT ${KEEP})`);
  });
}

/** The user's recent questions, newest first; `meetingId` narrows to one meeting's. */
export async function recentQuestions(
  db: Db,
  userId: string,
  meetingId: string | null,
  limit: number,
): Promise<{ question: string; meeting_id: string | null; created_at: Date }[]> {
  const r = await db.execute(sql`
    SELECT question, meeting_id, created_at FROM ask_questions
    WHERE user_id = ${userId} ${meetingId ? sql`AND meeting_id = ${meetingId}::uuid` : sql``}
    ORDER BY created_at DESC LIMIT ${limit}`);
  return r.rows as { question: string; meeting_id: string | null; created_at: Date }[];
}

/**
 * The turns within `around` positions of each of `turns` (not the turns themselves), from meetings
 * the user may read (the turns came from such meetings; checked again here), in the shape of
 * retrieval's passages with no score. One query, by the passages' (meeting, kind, position) index.
 */
export async function turnsAround(
  db: Queryable,
  userId: string,
  turns: Pick<PassageText, "meeting_id" | "position">[],
  around: number,
): Promise<PassageText[]> {
  if (!turns.length) return [];
  const ids = `{${turns.map((t) => t.meeting_id).join(",")}}`;
  const positions = `{${turns.map((t) => Math.trunc(t.position)).join(",")}}`;
  const r = await db.execute(sql`
    SELECT DISTINCT p.meeting_id, m.title, p.kind, p.position, p.speaker, p.start_seconds::float8 AS start_seconds, p.body,
      0::float8 AS score, 0::float8 AS meeting_score
    FROM unnest(${ids}::uuid[], ${positions}::int[]) AS s(meeting_id, position)
    JOIN search_passages p ON p.meeting_id = s.meeting_id AND p.kind = 'turn'
      AND p.position BETWEEN s.position - ${around}::int AND s.position + ${around}::int AND p.position <> s.position
    JOIN meetings m ON m.id = p.meeting_id
    WHERE ${readableBy(userId)}
    ORDER BY p.meeting_id, p.position`);
  return r.rows as unknown as PassageText[];
}

/**
 * Who was speaking at each moment: the speaker of its meeting's last turn that starts by then
 * (the first turn for a moment before any), in the order of `moments`; null where the meeting has
 * no timed turn or the user may not read it. For action items, whose passage names the assignee.
 */
export async function speakersAt(
  db: Queryable,
  userId: string,
  moments: { meeting_id: string; start_seconds: number }[],
): Promise<(string | null)[]> {
  if (!moments.length) return [];
  const ids = `{${moments.map((m) => m.meeting_id).join(",")}}`;
  const times = `{${moments.map((m) => Number(m.start_seconds)).join(",")}}`;
  // A millisecond's tolerance: an item's time is its turn's start, both stored as floats.
  const r = await db.execute(sql`
    SELECT q.n, t.speaker
    FROM unnest(${ids}::uuid[], ${times}::float8[]) WITH ORDINALITY AS q(meeting_id, at, n)
    JOIN meetings m ON m.id = q.meeting_id
    CROSS JOIN LATERAL (
      SELECT p.speaker FROM search_passages p
      WHERE p.meeting_id = q.meeting_id AND p.kind = 'turn' AND p.start_seconds IS NOT NULL
      ORDER BY (p.start_seconds <= q.at + 0.001) DESC,
        CASE WHEN p.start_seconds <= q.at + 0.001 THEN -p.start_seconds ELSE p.start_seconds END, p.position
      LIMIT 1
    ) t
    WHERE ${readableBy(userId)}`);
  const out: (string | null)[] = moments.map(() => null);
  for (const row of r.rows as { n: string | number; speaker: string | null }[]) out[Number(row.n) - 1] = row.speaker;
  return out;
}
