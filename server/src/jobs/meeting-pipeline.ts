// The processing pipeline: prepare media → transcribe → summarize, one pg-boss queue per
// step. Each handler is idempotent: it runs only when the meeting is processing and its
// `step` names this step, and it moves `step` on before queueing the next one. So a
// duplicate or re-queued job (after a crash) finds nothing to do, and a crash between
// steps is repaired at start by resumeInterruptedMeetings().
import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type PgBoss from "pg-boss";
import type { Transcript } from "../../../contract/transcript";
import { actionItems, meetings } from "../db/schema";
import { createSummarizer } from "../engines/llm/openai-summarizer";
import { EngineError, type SpeechEngine } from "../engines/speech/speech-engine";
import { createSpeechEngine } from "../engines/speech";
import type { AppContext } from "../http/context";
import { convertToWav16kMono, isSilent, measureLoudness, SILENT_RECORDING_MESSAGE } from "../media/convert";
import { downloadLink, LinkError } from "../media/link-download";
import { checkUploadedMedia, MediaError } from "../media/probe";
import { publishMeetingEvent } from "../modules/meetings/meeting-events";
import type { MeetingRow } from "../modules/meetings/meeting-access";

export const steps = ["prepare", "transcribe", "summarize"] as const;
export type Step = (typeof steps)[number];
const queueName = (step: Step) => `meeting-${step}`;
/** Overall progress range of each step, so the bar never goes backwards. */
const progressRange: Record<Step, [number, number]> = { prepare: [0, 10], transcribe: [10, 90], summarize: [90, 100] };
const RETRY_LIMIT = 2;

/** Errors that another try cannot fix: fail the meeting at once with their message. */
function isFinal(e: unknown): boolean {
  return (
    e instanceof MediaError ||
    e instanceof LinkError ||
    (e instanceof EngineError && e.code !== "ENGINE_FAILED") ||
    e instanceof FinalError
  );
}
export class FinalError extends Error {}

export async function enqueueStep(boss: PgBoss, step: Step, meetingId: string): Promise<void> {
  await boss.send(queueName(step), { meetingId }, {
    retryLimit: RETRY_LIMIT,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: step === "transcribe" ? 4 * 3600 : 3600,
  });
}

export async function updateMeetingRow(ctx: AppContext, id: string, values: Partial<typeof meetings.$inferInsert>) {
  await ctx.database.db.update(meetings).set({ ...values, updatedAt: new Date() }).where(eq(meetings.id, id));
  await publishMeetingEvent(ctx.database.db, { type: "changed", meetingId: id });
}

export async function failMeeting(ctx: AppContext, id: string, message: string) {
  await updateMeetingRow(ctx, id, { status: "failed", error: message, step: null });
}

/** Aborts the running job of a meeting that was deleted. */
const running = new Map<string, AbortController>();
export function abortMeetingJob(meetingId: string) {
  running.get(meetingId)?.abort();
}

export function mediaKeys(m: Pick<MeetingRow, "userId" | "id">) {
  const dir = `recordings/${m.userId}/${m.id}`;
  return { dir, audio: `${dir}/audio.wav`, download: `${dir}/download` };
}

/** ffmpeg and the engines read files; the local store gives the path directly. */
export function localFile(ctx: AppContext, key: string): string {
  const p = ctx.store.localPath(key);
  if (!p) throw new Error("This storage backend keeps no local files; processing needs local disk storage.");
  return p;
}

export class MeetingPipeline {
  private engine: SpeechEngine | null = null;
  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    const { boss } = this.ctx;
    for (const step of steps) {
      await boss.createQueue(queueName(step));
      await boss.work<{ meetingId: string }>(
        queueName(step),
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await this.run(step, job.data.meetingId, job.retryCount);
        },
      );
    }
    // Deleted meetings stop their job in whichever process runs it.
    await this.ctx.events.subscribe((e) => {
      if (e.type === "deleted") abortMeetingJob(e.meetingId);
    });
  }

  private async run(step: Step, meetingId: string, retryCount: number): Promise<void> {
    const { db } = this.ctx.database;
    const [m] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
    if (!m || m.status !== "processing" || m.step !== step) return; // deleted, done or duplicate
    const controller = new AbortController();
    running.set(meetingId, controller);
    let lastProgress = -1;
    let lastWrite = 0;
    const [from, to] = progressRange[step];
    const progress = async (fraction: number) => {
      const value = Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
      if (value === lastProgress || Date.now() - lastWrite < 1000) return;
      lastProgress = value;
      lastWrite = Date.now();
      await updateMeetingRow(this.ctx, meetingId, { progress: value }).catch(() => {});
    };
    try {
      await updateMeetingRow(this.ctx, meetingId, { progress: from, error: null });
      const next = await this[step](m, controller.signal, progress);
      if (controller.signal.aborted) return;
      if (next) {
        await updateMeetingRow(this.ctx, meetingId, { step: next, progress: to });
        await enqueueStep(this.ctx.boss, next, meetingId);
      }
    } catch (e) {
      if (controller.signal.aborted) return; // the meeting was deleted
      const message = e instanceof Error ? e.message : String(e);
      if (isFinal(e) || retryCount >= RETRY_LIMIT) {
        await failMeeting(this.ctx, meetingId, isFinal(e) ? message : `Processing failed: ${message}`);
        return;
      }
      throw e; // pg-boss retries with backoff
    } finally {
      running.delete(meetingId);
    }
  }

  private async prepare(m: MeetingRow, signal: AbortSignal, progress: (f: number) => Promise<void>): Promise<Step> {
    const { config } = this.ctx;
    const keys = mediaKeys(m);
    let mediaKey = m.storageKey;
    if (m.sourceType === "link" && !mediaKey) {
      if (!m.sourceUrl) throw new FinalError("This meeting has no link to download.");
      const tmp = localFile(this.ctx, keys.download);
      await fs.mkdir(path.dirname(tmp), { recursive: true });
      const result = await downloadLink(m.sourceUrl, tmp, {
        maxBytes: config.maxLinkBytes,
        timeoutMs: config.linkTimeoutMs,
        allowPrivateAddresses: config.allowPrivateLinks,
        signal,
        onProgress: (bytes, total) => void progress(total ? (0.6 * bytes) / total : 0),
      });
      mediaKey = keys.download;
      await updateMeetingRow(this.ctx, m.id, {
        storageKey: mediaKey,
        originalFileName: result.fileName,
        mimeType: result.contentType,
        sizeBytes: result.bytes,
      });
      m = { ...m, storageKey: mediaKey, originalFileName: result.fileName };
    }
    if (!mediaKey) throw new FinalError("The recording is missing. Please upload it again.");
    const mediaPath = localFile(this.ctx, mediaKey);
    const probe = await checkUploadedMedia(mediaPath, m.originalFileName ?? path.basename(mediaKey));
    await progress(0.7);
    const wav = localFile(this.ctx, keys.audio);
    await convertToWav16kMono(mediaPath, wav, { signal });
    const loudness = await measureLoudness(wav, { signal });
    if (isSilent(loudness)) throw new FinalError(SILENT_RECORDING_MESSAGE);
    await updateMeetingRow(this.ctx, m.id, {
      durationSeconds: probe.durationSeconds === null ? null : Math.round(probe.durationSeconds),
      hasVideo: probe.hasVideo,
      // The media's own date is the best guess of when the meeting happened, unless the user gave one.
      ...(probe.creationTime && m.recordedAt.getTime() === m.createdAt.getTime() ? { recordedAt: probe.creationTime } : {}),
    });
    return "transcribe";
  }

  private async transcribe(m: MeetingRow, signal: AbortSignal, progress: (f: number) => Promise<void>): Promise<Step> {
    this.engine ??= createSpeechEngine({
      engine: this.ctx.config.speech.engine,
      modelsDir: this.ctx.config.modelsDir,
      numThreads: this.ctx.config.speech.threads,
      autoDownload: this.ctx.config.speech.autoDownload,
      assemblyai: this.ctx.config.speech.assemblyai ?? undefined,
      openai: this.ctx.config.speech.openai ?? undefined,
    });
    const wav = localFile(this.ctx, mediaKeys(m).audio);
    const result = await this.engine.transcribe(
      wav,
      { nano: m.nano, speakers: m.speakersExpected, language: m.language, signal },
      (p) => void progress(p.totalSeconds > 0 ? p.doneSeconds / p.totalSeconds : 0),
    );
    if (result.utterances.length === 0 && !result.text.trim())
      throw new FinalError("No speech was detected in this recording, so there is no transcript. Check that the right file was uploaded and that it has audible speech.");
    await updateMeetingRow(this.ctx, m.id, {
      transcript: result.text,
      utterances: result.utterances,
      transcriptLanguage: result.language,
      transcriptEngine: result.engine,
      transcriptModel: result.model,
    });
    return "summarize";
  }

  private async summarize(m: MeetingRow): Promise<null> {
    const { db } = this.ctx.database;
    const transcript: Transcript = { text: m.transcript ?? "", utterances: m.utterances ?? [], language: m.transcriptLanguage };
    const summarizer = createSummarizer(this.ctx.config.llm);
    const result = await summarizer.summarize(transcript, { meetingDate: m.recordedAt, enhanced: m.enhancedSummary, title: m.title });
    await db.transaction(async (tx) => {
      // Regenerating replaces what was extracted before; items people added by hand stay.
      await tx.delete(actionItems).where(and(eq(actionItems.meetingId, m.id), eq(actionItems.origin, "extracted")));
      if (result.actionItems.length)
        await tx.insert(actionItems).values(
          result.actionItems.map((a, i) => ({
            meetingId: m.id,
            description: a.task,
            assignee: a.assignee,
            dueDate: a.dueDate,
            sourceStart: a.sourceStart,
            origin: "extracted" as const,
            position: i,
          })),
        );
      await tx
        .update(meetings)
        .set({
          summary: result.summary,
          decisions: result.decisions,
          summaryEngine: result.engine,
          summaryModel: result.model,
          summaryNote: result.note ?? null,
          status: "completed",
          step: null,
          progress: 100,
          error: null,
          processedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(meetings.id, m.id));
    });
    await publishMeetingEvent(db, { type: "changed", meetingId: m.id });
    return null;
  }
}

/**
 * After a crash (kill -9) in the embedded mode, no other process can be working: jobs
 * left 'active' belong to the dead process. Cancel them and queue each unfinished
 * meeting's current step again; uploads cut off mid-way are removed with their files.
 */
export async function resumeInterruptedMeetings(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  await db
    .execute(sql`update pgboss.job set state = 'cancelled', completed_on = now() where state = 'active' and name like 'meeting-%'`)
    .catch(() => {});
  const stuck = await db.select().from(meetings).where(inArray(meetings.status, ["uploading", "processing"]));
  for (const m of stuck) {
    if (m.status === "uploading") {
      await ctx.store.deletePrefix(mediaKeys(m).dir + "/");
      await db.delete(meetings).where(eq(meetings.id, m.id));
    } else if (m.step && (steps as readonly string[]).includes(m.step)) {
      await enqueueStep(ctx.boss, m.step as Step, m.id);
    } else {
      await failMeeting(ctx, m.id, "Processing was interrupted. Use 'Retry processing' to run it again.");
    }
  }
}
