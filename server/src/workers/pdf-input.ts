// What a meeting's PDF shows, read from the database (on the API thread for small
// meetings, in the CPU task process for large ones).
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { meetings } from "../db/schema";
import type { MeetingPdfInput } from "../export/meeting-pdf";
import { AppError } from "../http/errors";
import { ActionItemsRepo } from "../modules/action-items/action-items.repo";

export async function loadMeetingPdfInput(db: Db, id: string): Promise<MeetingPdfInput> {
  const [m] = await db
    .select({
      title: meetings.title,
      recordedAt: meetings.recordedAt,
      durationSeconds: meetings.durationSeconds,
      summary: meetings.summary,
      transcript: meetings.transcript,
      utterances: meetings.utterances,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  if (!m) throw new AppError("NOT_FOUND", "Meeting not found");
  const items = await new ActionItemsRepo(db).listByMeeting(id);
  return {
    title: m.title,
    date: m.recordedAt,
    durationSeconds: m.durationSeconds,
    summary: m.summary,
    actionItems: items.map((a) => ({ task: a.description, assignee: a.assignee, dueDate: a.dueDate, completed: a.status === "completed" })),
    utterances: m.utterances ?? [],
    transcriptText: m.transcript,
  };
}
