// POST /api/meetings: streams one multipart file to storage (never buffered in memory),
// checks it, records the meeting and queues its processing. A failed or aborted upload
// leaves neither a record nor a file behind. The meeting's row is written only once the
// whole request is read and its file stored and checked: a process killed mid-upload
// leaves no meeting at all, only a temp file that the next start sweeps (LocalBlobStore.sweepTemp).
import { randomUUID } from "node:crypto";
import path from "node:path";
import { text } from "node:stream/consumers";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import {
  fileTooLargeMessage,
  isSaneMeetingDate,
  MEETING_YEARS,
  mediaExtensions,
  transcriptExtensions,
} from "../../../../contract/meetings";
import { parseSpeechLanguage } from "../../../../contract/languages";
import { meetings } from "../../db/schema";
import type { Actor } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { parseTranscriptFile } from "../../pipeline/import";
import { OFF_THREAD_CHARS, offThread } from "../../workers/off-thread";
import { assertCleanText } from "../../http/text-guard";
import { AppError } from "../../http/errors";
import { materializeBlob } from "../../storage/blob-store";
import { enqueueStep, mediaKeys, type Step } from "../../jobs/meeting-steps";
import { checkUploadedMedia } from "../../media/probe";

const MAX_TRANSCRIPT_BYTES = 20 * 1024 * 1024;
const acceptedList = [...mediaExtensions, ...transcriptExtensions].join(", ");

const TOO_MANY_FILES = "Too many files: upload one recording at a time.";

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

export async function handleUpload(ctx: AppContext, actor: Actor, request: FastifyRequest): Promise<{ id: string }> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", "Send the recording as multipart/form-data with a 'file' field.");
  const declared = Number(request.headers["content-length"] ?? 0);
  // Refuse before reading a byte when the browser tells us the size (multipart overhead allowed).
  if (declared > ctx.config.maxUploadBytes + 1024 * 1024)
    throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(ctx.config.maxUploadBytes));

  const fields: Record<string, string> = {};
  /** Chosen when the file arrives (it names the file's folder); the row is inserted at the end. */
  let meetingId: string | null = null;
  let storedDir: string | null = null;
  let committed = false;
  let pending: { step: Step; values: typeof meetings.$inferInsert } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        // The meeting is made from the fields sent before the file; a later one would be lost.
        if (meetingId)
          throw new AppError(
            "BAD_REQUEST",
            `The field '${part.fieldname}' came after the file. Send title, recordedAt and the other fields before the file.`,
          );
        const value = String(part.value);
        assertCleanText(value, part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      if (meetingId) throw new AppError("BAD_REQUEST", TOO_MANY_FILES);
      const file = part as MultipartFile;
      assertCleanText(file.filename, "file name");
      const ext = path.extname(file.filename).toLowerCase();
      const isTranscript = (transcriptExtensions as readonly string[]).includes(ext);
      if (!isTranscript && !(mediaExtensions as readonly string[]).includes(ext)) {
        file.file.resume();
        throw new AppError("UNSUPPORTED_MEDIA", `File type must be one of ${acceptedList}. "${file.filename}" is not.`);
      }
      const title = fields.title?.trim() || path.basename(file.filename, path.extname(file.filename)) || "Untitled Meeting";
      const now = new Date();
      const recordedAt = fields.recordedAt ? new Date(fields.recordedAt) : now;
      if (Number.isNaN(recordedAt.getTime()) || !isSaneMeetingDate(recordedAt))
        throw new AppError(
          "VALIDATION_FAILED",
          `recordedAt: use a date between ${MEETING_YEARS.from} and ${MEETING_YEARS.to}, such as 2025-06-11T14:00:00Z`,
        );
      if (title.length > 300) throw new AppError("VALIDATION_FAILED", "title: use at most 300 characters.");
      const speakers = fields.speakers ? Number.parseInt(fields.speakers, 10) : null;
      // Checked here so the speech worker never receives a code its models do not know.
      const language = parseSpeechLanguage(fields.language);
      if (!language.ok) {
        file.file.resume();
        throw new AppError("VALIDATION_FAILED", language.message);
      }
      meetingId = randomUUID();
      storedDir = mediaKeys({ userId: actor.id, id: meetingId }).dir;
      const key = `${storedDir}/${safeFileName(file.filename)}`;
      const { bytes } = await ctx.store.put(key, file.file);
      ctx.metrics.uploadBytes.inc(bytes);
      if (file.file.truncated) throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(ctx.config.maxUploadBytes));
      const base: typeof meetings.$inferInsert = {
        id: meetingId,
        userId: actor.id,
        title: title.slice(0, 300),
        status: "processing",
        sourceType: isTranscript ? "transcript_import" : "file_upload",
        originalFileName: file.filename,
        mimeType: file.mimetype,
        nano: parseBool(fields.nano, true),
        enhancedSummary: parseBool(fields.enhancedSummary, true),
        speakersExpected: speakers && speakers > 0 && speakers < 50 ? speakers : null,
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
        // A large file is parsed in a worker thread: 20 MB would block every other request for seconds.
        const content = await text(await ctx.store.getStream(key));
        const imported =
          content.length > OFF_THREAD_CHARS
            ? await offThread("parse-transcript", { fileName: file.filename, content })
            : parseTranscriptFile(file.filename, content);
        pending = {
          step: "summarize",
          values: {
            ...base,
            step: "summarize",
            transcript: imported.text,
            utterances: imported.utterances,
            transcriptEngine: "import",
            transcriptModel: imported.format,
            durationSeconds: durationOf(imported.utterances),
            ...(imported.recordedAt && !fields.recordedAt ? { recordedAt: imported.recordedAt } : {}),
            ...(imported.title && !fields.title?.trim() ? { title: imported.title.slice(0, 300) } : {}),
          },
        };
      } else {
        const media = await materializeBlob(ctx.store, key);
        const probe = await checkUploadedMedia(media.path, file.filename).finally(() => media.cleanup());
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
    // Only a request read to its end makes a meeting: a second file or a late field undoes it.
    const [row] = await ctx.database.db.insert(meetings).values(pending.values).returning();
    await enqueueStep(ctx.queue, pending.step, row!);
    committed = true;
    return { id: meetingId };
  } catch (e) {
    if ((e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(ctx.config.maxUploadBytes));
    if ((e as { code?: string }).code === "FST_FILES_LIMIT") throw new AppError("BAD_REQUEST", TOO_MANY_FILES);
    if ((e as { code?: string }).code === "FST_FIELDS_LIMIT" || (e as { code?: string }).code === "FST_PARTS_LIMIT")
      throw new AppError(
        "BAD_REQUEST",
        "Too many form fields: send the file with title, recordedAt, speakers, language, nano and enhancedSummary only.",
      );
    throw e;
  } finally {
    if (!committed && meetingId) {
      await ctx.store.deletePrefix(`${storedDir}/`).catch(() => {});
      await ctx.database.db
        .delete(meetings)
        .where(eq(meetings.id, meetingId))
        .catch(() => {});
    }
  }
}

function durationOf(utterances: { end: number | null }[]): number | null {
  const ends = utterances.map((u) => u.end).filter((e): e is number => e !== null);
  // A loop, not Math.max(...ends): a spread of 100,000 arguments overflows the stack.
  return ends.length ? Math.round(ends.reduce((a, b) => Math.max(a, b))) : null;
}
