// A meeting as a PDF. A long meeting is read and rendered in a child process (it connects
// to the database itself), so a 15 MB transcript never passes through the API's thread;
// the API thread only checks access and asks PostgreSQL for the size.
import type { Db } from "../../db/client";
import type { Actor } from "../../http/auth.routes";
import { AppError } from "../../http/errors";
import { OFF_THREAD_CHARS, offThread } from "../../workers/off-thread";
import { loadMeetingPdfInput } from "../../workers/pdf-input";
import { authorizeMeeting } from "./meeting-access";
import { meetingTextSize } from "./meetings.repo";

/** Text (transcript + utterances JSON) above which a PDF is refused: 20 MB imports fit with room. */
const MAX_PDF_TEXT_CHARS = 80_000_000;

export async function exportMeetingPdf(db: Db, databaseUrl: string, actor: Actor, id: string): Promise<{ title: string; pdf: Uint8Array }> {
  // The access check loads only the small columns.
  await authorizeMeeting(db, actor, id, "read", { light: true });
  const m = await meetingTextSize(db, id);
  if (!m) throw new AppError("NOT_FOUND", "Meeting not found");
  if (m.size > MAX_PDF_TEXT_CHARS)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      "This meeting's transcript is too long for a PDF. Export the action items as CSV, or copy the transcript from the meeting page.",
    );
  const pdf = m.size > OFF_THREAD_CHARS ? await offThread("pdf", { databaseUrl, meetingId: id }) : await renderHere(db, id);
  return { title: m.title, pdf };
}

/** Small PDFs render on this thread; pdfkit loads on the first export (~200 ms of start-up otherwise). */
async function renderHere(db: Db, id: string): Promise<Uint8Array> {
  const { renderMeetingPdf } = await import("../../export/meeting-pdf");
  return renderMeetingPdf(await loadMeetingPdfInput(db, id));
}
