// SQL of per-turn transcript corrections and their undo history (transcript_edits).
import { and, desc, eq, isNotNull, lt, notInArray, sql } from "drizzle-orm";
import type { Utterance } from "../../../../contract/transcript";
import type { Db } from "../../db/client";
import { meetings, transcriptEdits, user } from "../../db/schema";
import { meetingHeadColumns, type MeetingHead } from "./meetings.repo";

/** How many edits a meeting keeps for undo. */
export const UNDO_DEPTH = 20;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * One turn of the meeting as stored (undefined past the end) and how many there are: read by
 * index in PostgreSQL, so an edit never loads the whole transcript.
 */
export async function turnAt(tx: Tx, id: string, index: number): Promise<{ turn: Utterance | undefined; count: number }> {
  const [row] = await tx
    .select({
      turn: sql<Utterance | null>`${meetings.utterances} -> ${index}::int`,
      count: sql<number>`case when jsonb_typeof(${meetings.utterances}) = 'array' then jsonb_array_length(${meetings.utterances}) else 0 end`,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  return { turn: row?.turn ?? undefined, count: row?.count ?? 0 };
}

/**
 * Writes one turn and the plain text derived from the turns (Transcript.text: turn texts
 * joined by newlines), both in PostgreSQL and in one statement (the search trigger rebuilds
 * the meeting's passages once): the turns never pass through this process.
 */
export async function saveTurn(tx: Tx, id: string, index: number, turn: Utterance): Promise<MeetingHead> {
  const turns = sql`jsonb_set(${meetings.utterances}, array[${String(index)}::text], ${JSON.stringify(turn)}::jsonb)`;
  const [saved] = await tx
    .update(meetings)
    .set({
      utterances: turns,
      transcript: sql`(select coalesce(string_agg(u->>'text', E'\n' order by n), '')
                       from jsonb_array_elements(${turns}) with ordinality as t(u, n))`,
      updatedAt: new Date(),
    })
    .where(eq(meetings.id, id))
    .returning(meetingHeadColumns);
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
