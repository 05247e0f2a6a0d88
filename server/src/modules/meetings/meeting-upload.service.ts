// POST /api/meetings: streams one uploaded file to storage (never buffered in memory),
// checks it, records the meeting and queues its processing. The route turns the multipart
// request into plain parts (fields and one file stream); this file never sees the request. A failed or aborted upload
// leaves neither a record nor a file behind. The meeting's row is written only once the
// whole request is read and its file stored and checked: a process killed mid-upload
// leaves no meeting at all, only a temp file that the next start sweeps (LocalBlobStore.sweepTemp).
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  fileTooLargeMessage,
  isSaneMeetingDate,
  MEETING_YEARS,
  mediaExtensions,
  transcriptExtensions,
  MAX_EXPECTED_SPEAKERS,
  MEETING_TITLE_MAX,
  type CreatedMeeting,
} from "../../../../contract/meetings";
import { parseSpeechLanguage } from "../../../../contract/languages";
import { numberedTitle, titleFromFileName } from "../../../../contract/meeting-title";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { decodeTranscript, parseTranscriptFile } from "../../pipeline/import";
import { OFF_THREAD_CHARS, offThread } from "../../workers/off-thread";
import { assertCleanText } from "../../core/text-guard";
import { AppError } from "../../core/errors";
import { materializeBlob } from "../../storage/blob-store";
import { enqueueStep, type MeetingStep as Step } from "../../core/jobs";
import { mediaKeys } from "./meeting-rows";
import { checkUploadedMedia } from "../../media/probe";
import { deleteMeetingRow, insertMeeting, titlesStartingWith, type NewMeeting } from "./meetings.repo";
import { importedRows } from "../../workers/imported-rows";

/** One part of an upload, in the order the client sent them. */
export type UploadPart =
  | { type: "field"; name: string; value: string }
  | {
      type: "file";
      fileName: string;
      mimeType: string;
      stream: Readable;
      /** True once the stream was cut at the size limit. */
      truncated(): boolean;
    };

const MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024;
const acceptedList = [...mediaExtensions, ...transcriptExtensions].join(", ");

export const TOO_MANY_FILES = "Too many files: upload one recording at a time.";

function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^\w.\- ]+/g, "_")
    .trim();
  return base.slice(-120) || "recording";
}

function parseBool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  return v === "true" || v === "1" || v === "on";
}

/** A meeting from an uploaded file (media or a transcript file). */
export class MeetingUploadService {
  constructor(private readonly ctx: AppContext) {}

  /** Makes a meeting from the parts of one upload; nothing is left behind when it fails. */
  async createFromUpload(actor: Actor, parts: AsyncIterable<UploadPart>): Promise<CreatedMeeting> {
    const { ctx } = this;
    const fields: Record<string, string> = {};
    /** Chosen when the file arrives (it names the file's folder); the row is inserted at the end. */
    let meetingId: string | null = null;
    let storedDir: string | null = null;
    let committed = false;
    /** `turnsJson`: an imported transcript's turns as JSON text, stored without being parsed here. */
    let pending: { step: Step; values: NewMeeting; turnsJson?: string } | null = null;
    try {
      for await (const part of parts) {
        if (part.type === "field") {
          // The meeting is made from the fields sent before the file; a later one would be lost.
          if (meetingId)
            throw new AppError(
              "BAD_REQUEST",
              `The field '${part.name}' came after the file. Send title, recordedAt and the other fields before the file.`,
            );
          assertCleanText(part.value, part.name);
          fields[part.name] = part.value;
          continue;
        }
        if (meetingId) throw new AppError("BAD_REQUEST", TOO_MANY_FILES);
        const file = part;
        assertCleanText(file.fileName, "file name");
        const ext = path.extname(file.fileName).toLowerCase();
        const isTranscript = (transcriptExtensions as readonly string[]).includes(ext);
        if (!isTranscript && !(mediaExtensions as readonly string[]).includes(ext)) {
          file.stream.resume();
          throw new AppError("UNSUPPORTED_MEDIA", `File type must be one of ${acceptedList}. "${file.fileName}" is not.`);
        }
        const now = new Date();
        const recordedAt = fields.recordedAt ? new Date(fields.recordedAt) : now;
        if (Number.isNaN(recordedAt.getTime()) || !isSaneMeetingDate(recordedAt))
          throw new AppError(
            "VALIDATION_FAILED",
            `recordedAt: use a date between ${MEETING_YEARS.from} and ${MEETING_YEARS.to}, such as 2025-06-11T14:00:00Z`,
          );
        // The typed title wins; else the form's rule: the file name, or "Meeting on <date>" when
        // the name is generic ("transcript.vtt"). The server knows no user's zone, so UTC.
        const title = fields.title?.trim() || titleFromFileName(file.fileName, recordedAt, "UTC");
        if (title.length > MEETING_TITLE_MAX)
          throw new AppError("VALIDATION_FAILED", `title: use at most ${MEETING_TITLE_MAX} characters.`);
        const speakers = fields.speakers ? Number.parseInt(fields.speakers, 10) : null;
        // Checked here so the speech worker never receives a code its models do not know.
        const language = parseSpeechLanguage(fields.language);
        if (!language.ok) {
          file.stream.resume();
          throw new AppError("VALIDATION_FAILED", language.message);
        }
        meetingId = randomUUID();
        storedDir = mediaKeys({ userId: actor.id, id: meetingId }).dir;
        const key = `${storedDir}/${safeFileName(file.fileName)}`;
        const { bytes } = await ctx.store.put(key, file.stream);
        ctx.metrics.uploadBytes.inc(bytes);
        if (file.truncated()) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(ctx.config.maxUploadBytes));
        const base: NewMeeting = {
          id: meetingId,
          userId: actor.id,
          title: title.slice(0, MEETING_TITLE_MAX),
          status: "processing",
          sourceType: isTranscript ? "transcript_import" : "file_upload",
          originalFileName: file.fileName,
          mimeType: file.mimeType,
          nano: parseBool(fields.nano, true),
          enhancedSummary: parseBool(fields.enhancedSummary, true),
          speakersExpected: speakers && speakers > 0 && speakers <= MAX_EXPECTED_SPEAKERS ? speakers : null,
          language: language.value,
          createdAt: now,
          updatedAt: now,
          recordedAt,
          storageKey: key,
          sizeBytes: bytes,
        };
        if (isTranscript) {
          if (bytes > MAX_TRANSCRIPT_BYTES)
            throw new AppError("PAYLOAD_TOO_LARGE", "This transcript file is larger than 20 MB. Check that it is a transcript export.");
          // A large file is read, decoded and parsed in another process, from the stored file:
          // 20 MB would block every other request for seconds. Its turns come back as one JSON
          // text, inserted as it is (decision 045).
          const limits = ctx.config.importLimits;
          let imported;
          if (bytes > OFF_THREAD_CHARS) {
            const stored = await materializeBlob(ctx.store, key);
            imported = await offThread(
              "parse-transcript",
              { fileName: file.fileName, path: stored.path, limits },
              ctx.config.cpuTasks,
            ).finally(() => stored.cleanup());
          } else
            imported = importedRows(parseTranscriptFile(file.fileName, await decodeTranscript(await ctx.store.getStream(key)), limits));
          pending = {
            step: "summarize",
            turnsJson: imported.turnsJson,
            values: {
              ...base,
              step: "summarize",
              transcript: imported.text,
              transcriptEngine: "import",
              transcriptModel: imported.format,
              durationSeconds: imported.durationSeconds,
              ...(imported.recordedAt && !fields.recordedAt ? { recordedAt: imported.recordedAt } : {}),
              ...(imported.title && !fields.title?.trim() ? { title: imported.title.slice(0, MEETING_TITLE_MAX) } : {}),
            },
          };
        } else {
          const media = await materializeBlob(ctx.store, key);
          const probe = await checkUploadedMedia(media.path, file.fileName).finally(() => media.cleanup());
          pending = {
            step: "prepare",
            values: {
              ...base,
              step: "prepare",
              hasVideo: probe.hasVideo,
              durationSeconds: probe.durationSeconds === null ? null : Math.round(probe.durationSeconds),
            },
          };
        }
      }
      if (!meetingId || !pending) throw new AppError("BAD_REQUEST", "Choose a file to upload: the request had no file.");
      // A title the user did not type gets " (2)", " (3)" when one of their meetings has it already.
      if (!fields.title?.trim()) {
        const base = pending.values.title;
        const taken = await titlesStartingWith(ctx.database.db, actor.id, base);
        pending.values.title = numberedTitle(base, taken, MEETING_TITLE_MAX);
      }
      // Only a request read to its end makes a meeting: a second file or a late field undoes it.
      const row = await insertMeeting(ctx.database.db, pending.values, pending.turnsJson);
      await enqueueStep(ctx.queue, pending.step, row);
      committed = true;
      return { id: meetingId, title: pending.values.title, step: pending.step };
    } finally {
      if (!committed && meetingId) {
        await ctx.store.deletePrefix(`${storedDir}/`).catch(() => {});
        await deleteMeetingRow(ctx.database.db, meetingId).catch(() => {});
      }
    }
  }
}
