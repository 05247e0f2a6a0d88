// Browser recordings: a session collects chunks (stored through the blob store as they
// arrive, in any order, each number once), and finishing joins them into one meeting that
// goes through the same pipeline as an upload (prepare → transcribe → summarize). Only the
// owner may see or touch a session; anyone else gets 404, as for one that does not exist.
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { rm } from "node:fs/promises";
import { parseSpeechLanguage } from "../../../../contract/languages";
import { MEETING_TITLE_MAX } from "../../../../contract/meetings";
import {
  RECORDING_BUDGET_BYTES_PER_SECOND,
  RECORDING_MAX_CHUNKS,
  recordingMimeTypes,
  type CreateRecording,
  type FinishRecording,
  type Recording,
} from "../../../../contract/recordings";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { assertCleanText } from "../../core/text-guard";
import { enqueueStep } from "../../core/jobs";
import { mediaKeys } from "../meetings/meeting-rows";
import { deleteMeetingRow, insertMeeting } from "../meetings/meetings.repo";
import { containerFile, joinChunks } from "./recording-join";
import type { LiveStatus, LiveTranscripts } from "./recording-live";
import { RecordingsRepo, type SessionRow } from "./recordings.repo";

/** A finish that has not completed in this long died with its process; another may take over. */
const FINISH_STALE_SECONDS = 30 * 60;

const notFound = () => new AppError("NOT_FOUND", "Recording not found");

export const chunkPrefix = (s: Pick<SessionRow, "userId" | "id">) => `recording-sessions/${s.userId}/${s.id}/`;
export const chunkKey = (s: Pick<SessionRow, "userId" | "id">, n: number) => `${chunkPrefix(s)}${String(n).padStart(6, "0")}.chunk`;

function language(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const parsed = parseSpeechLanguage(raw);
  if (!parsed.ok) throw new AppError("VALIDATION_FAILED", parsed.message);
  return parsed.value ?? "";
}

function defaultTitle(now: Date): string {
  return `Recording ${now.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** "Chunks 3, 7 and 9" (the first 20 named). */
function nameChunks(ns: number[]): string {
  const shown = ns.slice(0, 20);
  const list = shown.length === 1 ? `${shown[0]}` : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  return `${ns.length === 1 ? "Chunk" : "Chunks"} ${list}${ns.length > shown.length ? ` (and ${ns.length - shown.length} more)` : ""}`;
}

export class RecordingsService {
  private readonly repo: RecordingsRepo;

  constructor(
    private readonly ctx: AppContext,
    /** Live transcripts of the recordings this process receives (none in jobs). */
    private readonly live?: LiveTranscripts,
  ) {
    this.repo = new RecordingsRepo(ctx.database.db);
  }

  /** The byte budget of one recording: its duration cap at a generous bit rate. */
  get maxBytes(): number {
    return this.ctx.config.recording.maxHours * 3600 * RECORDING_BUDGET_BYTES_PER_SECOND;
  }

  private async owned(actor: Actor, id: string): Promise<SessionRow> {
    // Not a UUID cannot be a session (and would be a database error).
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
    const s = await this.repo.find(actor.id, id);
    if (!s) throw notFound();
    return s;
  }

  private async view(s: SessionRow): Promise<Recording> {
    return {
      id: s.id,
      title: s.title,
      language: s.language || null,
      mimeType: s.mimeType,
      chunks: s.meetingId ? [] : await this.repo.chunkNumbers(s.id),
      bytes: s.bytes,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
      meetingId: s.meetingId,
    };
  }

  async create(actor: Actor, input: CreateRecording): Promise<{ id: string }> {
    const max = this.ctx.config.userCaps.uploadsInFlight;
    if ((await this.repo.countOpen(actor.id)) >= max)
      throw new AppError(
        "RATE_LIMITED",
        `You have ${max} unfinished recordings, the most at once. Finish or discard one on the Record page, then start a new one.`,
        { retryAfterSeconds: 60 },
      );
    if (input.title) assertCleanText(input.title, "title");
    const mimeType = (input.mimeType ?? "audio/webm").split(";")[0]!.trim().toLowerCase();
    if (!(recordingMimeTypes as readonly string[]).includes(mimeType))
      throw new AppError("UNSUPPORTED_MEDIA", `mimeType: use one of ${recordingMimeTypes.join(", ")}.`);
    const id = randomUUID();
    await this.repo.insert({
      id,
      userId: actor.id,
      title: input.title?.trim() || defaultTitle(new Date()),
      language: language(input.language) ?? "",
      mimeType,
    });
    return { id };
  }

  async list(actor: Actor): Promise<{ recordings: Recording[]; maxHours: number }> {
    const sessions = await this.repo.listOpen(actor.id);
    return { recordings: await Promise.all(sessions.map((s) => this.view(s))), maxHours: this.ctx.config.recording.maxHours };
  }

  async get(actor: Actor, id: string): Promise<Recording> {
    return this.view(await this.owned(actor, id));
  }

  async update(actor: Actor, id: string, input: { title?: string; language?: string }): Promise<Recording> {
    const s = await this.owned(actor, id);
    if (s.meetingId) throw new AppError("CONFLICT", "This recording is finished: rename the meeting instead.");
    if (input.title) assertCleanText(input.title, "title");
    await this.repo.update(s.id, { title: input.title?.trim() || undefined, language: language(input.language) });
    return this.get(actor, id);
  }

  /**
   * Stores chunk `n`. Sending the same number again replaces it (a retry after a lost answer
   * stores it once); numbers may arrive in any order.
   */
  async putChunk(actor: Actor, id: string, n: number, body: Buffer): Promise<{ n: number; bytes: number }> {
    if (!Number.isInteger(n) || n < 0 || n >= RECORDING_MAX_CHUNKS)
      throw new AppError("VALIDATION_FAILED", `n: a chunk number from 0 to ${RECORDING_MAX_CHUNKS - 1}.`);
    const s = await this.owned(actor, id);
    if (s.meetingId || s.finishingSince) throw new AppError("CONFLICT", "This recording is finished: it takes no more chunks.");
    if (body.length === 0) throw new AppError("EMPTY_FILE", "The chunk is empty.");
    const previous = (await this.repo.chunkSize(s.id, n)) ?? 0;
    if (s.bytes - previous + body.length > this.maxBytes) throw this.tooLong();
    const key = chunkKey(s, n);
    await this.ctx.store.put(key, body);
    this.ctx.metrics.uploadBytes.inc(body.length);
    const result = await this.repo.putChunk(s.id, n, body.length, this.maxBytes);
    if (result === "too-large") throw this.tooLong();
    // Finished while this chunk was being stored: the finish did not use it.
    if (result === "closed") throw new AppError("CONFLICT", "This recording is finished: it takes no more chunks.");
    // The live transcript is a draft: a failure there never fails the upload.
    void this.live?.onChunk(s.id, s.language, n, body).catch((e: unknown) => this.ctx.log(`recordings: live transcript: ${String(e)}`));
    return { n, bytes: body.length };
  }

  private tooLong(): AppError {
    return new AppError(
      "PAYLOAD_TOO_LARGE",
      `This recording has reached the ${this.ctx.config.recording.maxHours}-hour limit for one recording. Finish it, then start a new one.`,
    );
  }

  /** Discards an unfinished recording and its chunks. */
  async discard(actor: Actor, id: string): Promise<void> {
    const s = await this.owned(actor, id);
    if (s.finishingSince && !s.meetingId)
      throw new AppError("CONFLICT", "This recording is being finished; it can no longer be discarded.");
    this.live?.close(s.id);
    await this.ctx.store.deletePrefix(chunkPrefix(s));
    await this.repo.delete(s.id);
  }

  /** The live transcript so far, or why there is none (no streaming model, not English). */
  async liveText(actor: Actor, id: string): Promise<LiveStatus> {
    const s = await this.owned(actor, id);
    if (!this.live) return { available: false, reason: "No live transcript here." };
    return this.live.status(s.id, s.language);
  }

  /**
   * Joins chunks 0 … chunks-1 into one meeting and queues its processing, as an upload does.
   * 409 naming the missing chunks while any is missing. Finishing again returns the same meeting.
   */
  async finish(actor: Actor, id: string, input: FinishRecording): Promise<{ meetingId: string }> {
    const s = await this.owned(actor, id);
    if (s.meetingId) return { meetingId: s.meetingId };
    const have = await this.repo.chunkNumbers(s.id);
    const haveSet = new Set(have);
    const missing: number[] = [];
    for (let n = 0; n < input.chunks; n++) if (!haveSet.has(n)) missing.push(n);
    if (missing.length)
      throw new AppError(
        "CONFLICT",
        `${nameChunks(missing)} of ${input.chunks} ${missing.length === 1 ? "is" : "are"} missing. Upload ${missing.length === 1 ? "it" : "them"}, then finish again.`,
      );
    const beyond = have.filter((n) => n >= input.chunks);
    if (beyond.length)
      throw new AppError("CONFLICT", `The server holds chunk ${beyond[0]}, but the recording was said to have ${input.chunks} chunks.`);
    if (input.title) assertCleanText(input.title, "title");
    const lang = language(input.language);
    if (!(await this.repo.claimFinish(s.id, FINISH_STALE_SECONDS))) {
      const again = await this.repo.find(actor.id, id);
      if (again?.meetingId) return { meetingId: again.meetingId };
      throw new AppError("CONFLICT", "This recording is being finished already. Wait a moment, then look for it among your meetings.");
    }
    const meetingId = randomUUID();
    const dir = mediaKeys({ userId: actor.id, id: meetingId }).dir;
    let joinedDir: string | null = null;
    let committed = false;
    try {
      const joined = await joinChunks(
        this.ctx.store,
        have.map((n) => chunkKey(s, n)),
      );
      joinedDir = joined.dir;
      const maxSeconds = this.ctx.config.recording.maxHours * 3600;
      // A second of slack: MediaRecorder's last slice may end just past the recorder's own stop.
      if (joined.durationSeconds !== null && joined.durationSeconds > maxSeconds + 1) throw this.tooLong();
      const file = containerFile[joined.container];
      const key = `${dir}/recording${file.ext}`;
      const { bytes } = await this.ctx.store.put(key, createReadStream(joined.file));
      const now = new Date();
      const title = (input.title?.trim() || s.title).slice(0, MEETING_TITLE_MAX);
      const language = lang ?? s.language;
      const row = await insertMeeting(this.ctx.database.db, {
        id: meetingId,
        userId: actor.id,
        title,
        status: "processing",
        step: "prepare",
        // The same pipeline as an uploaded file (decision 018-recordings).
        sourceType: "file_upload",
        originalFileName: `${title.replace(/[^\w.\- ]+/g, "_").slice(0, 100) || "Recording"}${file.ext}`,
        mimeType: file.mimeType,
        nano: true,
        enhancedSummary: true,
        speakersExpected: null,
        language: language || null,
        createdAt: now,
        updatedAt: now,
        recordedAt: s.createdAt,
        storageKey: key,
        sizeBytes: bytes,
        hasVideo: false,
        durationSeconds: joined.durationSeconds === null ? null : Math.round(joined.durationSeconds),
      });
      await this.repo.markFinished(s.id, meetingId);
      committed = true;
      // The offline engine transcribes the meeting again with speakers; that replaces the live draft.
      this.live?.close(s.id);
      await enqueueStep(this.ctx.queue, "prepare", row);
      await this.ctx.store.deletePrefix(chunkPrefix(s)).catch(() => {});
      return { meetingId };
    } finally {
      if (joinedDir) await rm(joinedDir, { recursive: true, force: true });
      if (!committed) {
        await this.ctx.store.deletePrefix(`${dir}/`).catch(() => {});
        await deleteMeetingRow(this.ctx.database.db, meetingId).catch(() => {});
        await this.repo.releaseFinish(s.id).catch(() => {});
      }
    }
  }

  /**
   * Deletes sessions with no activity for RECORDING_ABANDON_HOURS: unfinished ones with their
   * chunks, finished ones (kept only so a repeated finish finds its meeting). Returns how many.
   */
  async sweepAbandoned(): Promise<number> {
    const stale = await this.repo.stale(this.ctx.config.recording.abandonHours * 3600);
    for (const s of stale) {
      await this.ctx.store.deletePrefix(chunkPrefix(s));
      await this.repo.delete(s.id);
    }
    return stale.length;
  }
}
