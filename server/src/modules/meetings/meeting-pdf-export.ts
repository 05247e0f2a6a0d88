// A meeting as a PDF. A long transcript is read from the database as text (never parsed
// on the API's thread) and rendered in a worker thread with its JSON, so a 15 MB
// transcript keeps every other request fast.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { meetings } from "../../db/schema";
import type { Actor } from "../../http/auth.routes";
import { AppError } from "../../http/errors";
import { OFF_THREAD_CHARS, offThread } from "../../workers/off-thread";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { authorizeMeeting } from "./meeting-access";

/** Text (transcript + utterances JSON) above which a PDF is refused: 20 MB imports fit with room. */
const MAX_PDF_TEXT_CHARS = 80_000_000;

export async function exportMeetingPdf(db: Db, actor: Actor, id: string): Promise<{ title: string; pdf: Uint8Array }> {
  // The access check loads only the small columns.
  await authorizeMeeting(db, actor, id, "read", { light: true });
  const [m] = await db
    .select({
      title: meetings.title,
      recordedAt: meetings.recordedAt,
      durationSeconds: meetings.durationSeconds,
      summary: meetings.summary,
      transcript: meetings.transcript,
      utterancesJson: sql<string>`coalesce(${meetings.utterances}::text, '[]')`,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  if (!m) throw new AppError("NOT_FOUND", "Meeting not found");
  const size = (m.transcript?.length ?? 0) + m.utterancesJson.length;
  if (size > MAX_PDF_TEXT_CHARS)
    throw new AppError("PAYLOAD_TOO_LARGE", "This meeting's transcript is too long for a PDF. Export the action items as CSV, or copy the transcript from the meeting page.");
  const items = await new ActionItemsRepo(db).listByMeeting(id);
  const input = {
    meeting: {
      title: m.title,
      date: m.recordedAt,
      durationSeconds: m.durationSeconds,
      summary: m.summary,
      actionItems: items.map((a) => ({ task: a.description, assignee: a.assignee, dueDate: a.dueDate, completed: a.status === "completed" })),
      transcriptText: m.transcript,
    },
    utterancesJson: m.utterancesJson,
  };
  const pdf = size > OFF_THREAD_CHARS ? await offThread("pdf", input) : await renderHere(input);
  return { title: m.title, pdf };
}

/** Small PDFs render on this thread; pdfkit loads on the first export (~200 ms of start-up otherwise). */
async function renderHere(input: Parameters<typeof offThread<"pdf">>[1]): Promise<Uint8Array> {
  const { renderMeetingPdf } = await import("../../export/meeting-pdf");
  return renderMeetingPdf({ ...input.meeting, utterances: JSON.parse(input.utterancesJson) as never });
}
