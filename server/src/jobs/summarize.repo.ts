// What the summarize job reads of a meeting: its transcript with the turns as JSON TEXT
// (`utterances::text`). Selected as jsonb, the driver would parse the whole array on this
// process's event loop (0.2-0.3 s for 100,000 turns, the web process's in the embedded mode);
// as text it is one string the engines hand on to where they parse it (decision 045).
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { meetings } from "../db/schema";
import type { TranscriptSource } from "../engines/llm";

export async function transcriptSource(db: Db, meetingId: string): Promise<TranscriptSource | undefined> {
  const [row] = await db
    .select({
      text: sql<string>`coalesce(${meetings.transcript}, '')`,
      utterancesJson: sql<string>`coalesce(${meetings.utterances}::text, '[]')`,
      language: meetings.transcriptLanguage,
    })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row;
}
