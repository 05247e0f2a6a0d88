// Meetings written straight to the table, completed, for tests of what reads them (search, ask,
// semantic search): the pipeline is not what those tests are about.
import type { Utterance } from "../contract/transcript";
import type { Db } from "../server/src/db/client";
import { meetings } from "../server/src/db/schema";

/** A turn: who, when (seconds; it lasts 3 s), what. */
export type Turn = [speaker: string, start: number, text: string];

/**
 * A completed meeting of `userId` with these turns (plain texts are Ana's, 5 s apart), its
 * transcript their texts; `extra` overrides any column. Returns its id.
 */
export async function insertCompletedMeeting(
  db: Db,
  userId: string,
  title: string,
  turns: Turn[] | string[],
  extra: Partial<typeof meetings.$inferInsert> = {},
): Promise<string> {
  const utterances: Utterance[] = turns.map((turn, i) => {
    const [speaker, start, text] = typeof turn === "string" ? ["Ana", i * 5, turn] : turn;
    return { speaker, start, end: start + 3, text };
  });
  const [row] = await db
    .insert(meetings)
    .values({
      userId,
      title,
      status: "completed",
      sourceType: "file_upload",
      transcriptLanguage: "en",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
      ...extra,
    })
    .returning();
  return row!.id;
}
