// All SQL of "Ask your meetings" beyond retrieval (search.repo.ts): the asker's recent questions.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

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
