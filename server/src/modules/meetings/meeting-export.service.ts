// A meeting as a file (render-export.ts has the formats). Anyone who may read the meeting may
// export it. A long meeting is rendered in the CPU task process, which reads the transcript from
// the database itself: the API's thread checks access, reads the small columns and asks
// PostgreSQL for the size, so a 100,000-turn meeting never passes through it.
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { exportContentTypes, renderExport, withTranscript, type ExportFormat } from "../../export/render-export";
import { OFF_THREAD_CHARS, offThread } from "../../workers/off-thread";
import { authorizeMeeting } from "./meeting-access";
import { findMeetingWithoutText, meetingText, meetingTextSize } from "./meetings.repo";
import { MeetingsService } from "./meetings.service";

/** Text (transcript + turns JSON) above which an export is refused: 20 MB imports fit with room. */
const MAX_EXPORT_TEXT_CHARS = 80_000_000;

export interface ExportedFile {
  title: string;
  contentType: string;
  body: Uint8Array;
}

/** A meeting as a file in every export format. */
export class MeetingExportService {
  constructor(private readonly ctx: AppContext) {}

  async exportMeeting(actor: Actor, id: string, format: ExportFormat): Promise<ExportedFile> {
    const { ctx } = this;
    const { db } = ctx.database;
    const { access } = await authorizeMeeting(db, actor, id, "read", { light: true });
    const size = await meetingTextSize(db, id);
    const row = await findMeetingWithoutText(db, id);
    if (!size || !row) throw new AppError("NOT_FOUND", "Meeting not found");
    if (size.size > MAX_EXPORT_TEXT_CHARS)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        "This meeting's transcript is too long to export. Export the action items as CSV, or copy the transcript from the meeting page.",
      );
    // Everything but the transcript and the turns; those are read where the file is made.
    const head = { ...(await new MeetingsService(this.ctx).detailHead(actor, row, access)), transcript: null, utterances: [] };
    const body =
      size.size > OFF_THREAD_CHARS
        ? await offThread("export", { databaseUrl: ctx.databaseUrl, meetingId: id, format, head }, ctx.config.cpuTasks)
        : await renderExport(format, withTranscript(head, await meetingText(db, id)));
    return { title: head.title, contentType: exportContentTypes[format], body };
  }
}
