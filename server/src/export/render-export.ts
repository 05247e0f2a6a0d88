// Every export of a meeting from one place: Markdown, plain text, SubRip, WebVTT, Word, JSON
// and PDF, as bytes. Runs on the API's thread for small meetings and in the CPU task process
// for large ones (modules/meetings/meeting-export.service.ts), so it takes plain data only.
import type { MeetingDetail } from "../../../contract/meetings";
import { AppError } from "../core/errors";
import { ExportError, toMarkdown, toPlainText, toSrt, toVtt } from "./meeting-text";

export const exportFormats = ["md", "txt", "srt", "vtt", "docx", "json", "pdf"] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportContentTypes: Record<ExportFormat, string> = {
  md: "text/markdown; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  srt: "application/x-subrip; charset=utf-8",
  vtt: "text/vtt; charset=utf-8",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  json: "application/json; charset=utf-8",
  pdf: "application/pdf",
};

/** The detail (read without them) with its transcript and turns put back. */
export function withTranscript(
  head: MeetingDetail,
  text: { transcript: string | null; utterances: MeetingDetail["utterances"] | null } | undefined,
): MeetingDetail {
  return { ...head, transcript: text?.transcript ?? null, utterances: text?.utterances ?? [] };
}

/** The meeting as a file; a CONFLICT when the format needs what the meeting lacks (subtitles without times). */
export async function renderExport(format: ExportFormat, d: MeetingDetail): Promise<Uint8Array> {
  try {
    // Possible action items (suggested) are not action items until a person accepts them: no export lists them.
    return await render(format, { ...d, actionItems: d.actionItems.filter((a) => !a.suggested) });
  } catch (e) {
    throw e instanceof ExportError ? new AppError("CONFLICT", e.message) : e;
  }
}

async function render(format: ExportFormat, d: MeetingDetail): Promise<Uint8Array> {
  switch (format) {
    case "md":
      return Buffer.from(toMarkdown(d), "utf8");
    case "txt":
      return Buffer.from(toPlainText(d), "utf8");
    case "srt":
      return Buffer.from(toSrt(d), "utf8");
    case "vtt":
      return Buffer.from(toVtt(d), "utf8");
    case "json":
      return Buffer.from(`${JSON.stringify(d, null, 2)}\n`, "utf8");
    // Loaded on first use: docx and pdfkit are large and take ~200 ms to load.
    case "docx":
      return (await import("./meeting-docx")).renderMeetingDocx(d);
    case "pdf": {
      const { renderMeetingPdf } = await import("./meeting-pdf");
      return renderMeetingPdf({
        title: d.title,
        date: new Date(d.recordedAt),
        durationSeconds: d.durationSeconds,
        notes: d.notes,
        actionItems: d.actionItems.map((a) => ({
          task: a.description,
          assignee: a.assignee,
          dueDate: a.dueDate,
          completed: a.status === "completed",
        })),
        utterances: d.utterances,
        transcriptText: d.transcript,
      });
    }
  }
}
