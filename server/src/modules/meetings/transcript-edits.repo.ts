// SQL of per-turn transcript corrections and their undo history (transcript_edits).
import { and, desc, eq, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import type { Utterance } from "../../../../contract/transcript";
import type { Db } from "../../db/client";
import { meetings, transcriptEdits, user } from "../../db/schema";
import type { MeetingRow } from "./meetings.repo";

/** How many edits a meeting keeps for undo. */
export const UNDO_DEPTH = 20;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Writes the turns and the plain text derived from them (Transcript.text: turn texts joined by newlines). */
export async function saveTurns(tx: Tx, id: string, utterances: Utterance[]): Promise<MeetingRow> {
  const [saved] = await tx
    .update(meetings)
    .set({ utterances, transcript: utterances.map((u) => u.text).join("\n"), updatedAt: new Date() })
    .where(eq(meetings.id, id))
    .returning();
  return saved!;
}

export async function recordEdit(
  tx: Tx,
  e: { meetingId: string; turnIndex: number; before: Utterance; after: Utterance; editorId: string },
) {
  await tx.insert(transcriptEdits).values(e);
  // Keep only the newest UNDO_DEPTH.
  const keep = tx
    .select({ id: transcriptEdits.id })
    .from(transcriptEdits)
    .where(eq(transcriptEdits.meetingId, e.meetingId))
    .orderBy(desc(transcriptEdits.createdAt), desc(transcriptEdits.id))
    .limit(UNDO_DEPTH);
  await tx.delete(transcriptEdits).where(and(eq(transcriptEdits.meetingId, e.meetingId), notInArray(transcriptEdits.id, keep)));
}

/**
 * Past the undo window an edit keeps who changed which turn and when, not the text: its
 * before (the removed text) and after (which a later edit may have removed) are dropped. For
 * one meeting (on every read, so no removed text is served late) or for all (the sweep).
 */
export async function expireEditText(db: Db | Tx, undoHours: number, meetingId?: string): Promise<void> {
  await db
    .update(transcriptEdits)
    .set({ before: null, after: null })
    .where(
      and(
        isNotNull(transcriptEdits.before),
        lt(transcriptEdits.createdAt, sql`now() - make_interval(hours => ${undoHours})`),
        meetingId ? eq(transcriptEdits.meetingId, meetingId) : undefined,
      ),
    );
}

export async function latestEdit(tx: Tx, meetingId: string) {
  const [edit] = await tx
    .select()
    .from(transcriptEdits)
    .where(eq(transcriptEdits.meetingId, meetingId))
    .orderBy(desc(transcriptEdits.createdAt), desc(transcriptEdits.id))
    .limit(1);
  return edit;
}

export async function deleteEdit(tx: Tx, id: string) {
  await tx.delete(transcriptEdits).where(eq(transcriptEdits.id, id));
}

export async function listEdits(db: Db, meetingId: string) {
  return db
    .select({
      id: transcriptEdits.id,
      turnIndex: transcriptEdits.turnIndex,
      before: transcriptEdits.before,
      after: transcriptEdits.after,
      editorName: user.name,
      createdAt: transcriptEdits.createdAt,
    })
    .from(transcriptEdits)
    .leftJoin(user, eq(user.id, transcriptEdits.editorId))
    .where(eq(transcriptEdits.meetingId, meetingId))
    .orderBy(desc(transcriptEdits.createdAt), desc(transcriptEdits.id))
    .limit(UNDO_DEPTH);
}
