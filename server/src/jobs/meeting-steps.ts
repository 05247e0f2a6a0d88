// What the meeting pipeline's jobs share: prepare → transcribe → summarize, one job per
// step (links download first, in the `io` pool). Each step is idempotent: it runs only
// while the meeting is processing and its `step` names this step, and it moves `step` on
// before queueing the next job. So a duplicate or re-queued job (after a crash) finds
// nothing to do. A worker killed between moving `step` on and queueing the next job is repaired by
// the killed job's retry (ensureStepQueued); in the embedded mode, also at start by resumeInterruptedMeetings().
import { meetingSteps } from "../db/schema";
import type { AppContext } from "../context/app-context";
import { AppError, errorMessage, isRetryable, type ErrorCode } from "../core/errors";
import { publishMeetingEvent } from "../events/meeting-events";
import type { MeetingRow } from "../modules/meetings/meeting-access";
import {
  deleteMeetingRow,
  findMeetingWithoutText,
  meetingStatus,
  setStepProgress,
  unfinishedMeetings,
} from "../modules/meetings/meetings.repo";
import type { JobQueue } from "../queue/queue";
import type { JobRun } from "../queue/job";
import { enqueueStep, stepJob } from "../core/jobs";
import { mediaKeys, updateMeetingRow } from "../modules/meetings/meeting-rows";

export const steps = meetingSteps;
export type Step = (typeof steps)[number];
/** Overall progress range of each step, so the bar never goes backwards. */
export const progressRange: Record<Step, [number, number]> = { prepare: [0, 10], transcribe: [10, 90], summarize: [90, 100] };
export const meetingRetry = { limit: 2, delaySeconds: 5, backoff: true };

/**
 * Failures that a person's 'Retry processing' cannot fix, whatever happens meanwhile: the
 * media or the link itself is wrong. (Not the same as `retryable`, which says whether the
 * queue tries again by itself: a missing speech model is not retried automatically, but
 * installing it and retrying works.)
 */
const beyondRetry = new Set<ErrorCode>([
  "EMPTY_FILE",
  "UNSUPPORTED_TYPE",
  "CONTENT_MISMATCH",
  "CORRUPT_MEDIA",
  "NO_AUDIO",
  "SILENT_RECORDING",
  "NO_SPEECH",
  "CONVERSION_FAILED",
  "MEDIA_MISSING",
  "IMPORT_INVALID",
  "INVALID_URL",
  "UNSUPPORTED_PROTOCOL",
  "BLOCKED_ADDRESS",
  "HOST_NOT_FOUND",
  "TOO_MANY_REDIRECTS",
  "WEB_PAGE",
  "TOO_LARGE",
  "EMPTY",
]);

/** Whether to offer 'Retry processing' after this failure. */
export function canRetryAfter(e: unknown): boolean {
  if (!(e instanceof AppError)) return true;
  // The link's server answered 4xx: the same request gets the same answer.
  if (e.code === "HTTP_ERROR") return e.retryable;
  return !beyondRetry.has(e.code);
}

export async function failMeeting(ctx: AppContext, id: string, message: string, retryable = true) {
  await updateMeetingRow(ctx, id, {
    status: "failed",
    error: message,
    errorRetryable: retryable,
    step: null,
    stepDetail: null,
    stepAttempts: 0,
  });
}

/**
 * A step started this many times without finishing took its process down each time (or the
 * process was stopped each time): at start-up the meeting is failed instead of run again, so one
 * poison input cannot keep a server in a crash loop.
 */
export const MAX_STEP_STARTS = 3;

/**
 * A step's retry found the meeting moved on to `later`: its earlier try got that far, but its worker may
 * have died before queueing the next job, which would leave the meeting processing with no job behind
 * it. Queues that job unless it is waiting or running already.
 */
async function ensureStepQueued(
  queue: JobQueue<AppContext>,
  later: Step,
  meeting: Pick<MeetingRow, "id" | "sourceType" | "storageKey">,
): Promise<void> {
  const job = stepJob(later, meeting);
  if (!(await queue.hasPendingJob(job, meeting.id))) await queue.send(job, { meetingId: meeting.id });
}

/** Aborts the running job of a meeting that was deleted. */
const running = new Map<string, AbortController>();
export function abortMeetingJob(meetingId: string) {
  running.get(meetingId)?.abort();
}

/** Reports how far the step is (0-1) and, optionally, what it is doing ("Writing notes: chunk 2 of 5"). */
export type StepProgress = (fraction: number, detail?: string) => Promise<void>;
export type StepBody = (m: MeetingRow, signal: AbortSignal, progress: StepProgress) => Promise<Step | null>;

/**
 * Runs one step of a meeting: checks it is still due, reports progress, moves the meeting
 * to the step the body returns and queues it. An error another try cannot fix fails the
 * meeting at once with its message; retryable ones are thrown so the queue retries them,
 * and fail the meeting on the last try.
 */
export async function runMeetingStep(step: Step, meetingId: string, run: JobRun<AppContext>, body: StepBody): Promise<void> {
  const { ctx } = run;
  const { db } = ctx.database;
  // Without the transcript and turns (megabytes, parsed by the driver): a step that needs them reads them its own way.
  const m = await findMeetingWithoutText(db, meetingId);
  if (!m || m.status !== "processing" || m.step !== step) {
    // deleted, done or duplicate; or a retry of a try that moved the meeting on and then died
    const later = m?.status === "processing" ? (steps as readonly (string | null)[]).indexOf(m.step) : -1;
    if (m && run.retryCount > 0 && later > steps.indexOf(step)) await ensureStepQueued(ctx.queue, steps[later]!, m);
    return;
  }
  if (running.has(meetingId)) return; // a duplicate of a job this process is running
  const controller = new AbortController();
  running.set(meetingId, controller);
  let lastProgress = -1;
  let lastWrite = 0;
  const [from, to] = progressRange[step];
  let lastDetail: string | null = null;
  const progress: StepProgress = async (fraction, detail) => {
    const value = Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
    // A new detail is written at once; the bar at most once a second.
    const newDetail = detail !== undefined && detail !== lastDetail;
    if (!newDetail && (value === lastProgress || Date.now() - lastWrite < 1000)) return;
    lastProgress = value;
    lastWrite = Date.now();
    if (detail !== undefined) lastDetail = detail;
    const values = { progress: value, ...(detail !== undefined ? { stepDetail: detail } : {}) };
    const written = await setStepProgress(ctx.database.db, meetingId, step, values).catch(() => false);
    if (written) await publishMeetingEvent(ctx.database.db, { type: "changed", meetingId }).catch(() => {});
  };
  try {
    await updateMeetingRow(ctx, meetingId, { progress: from, error: null, stepDetail: null, stepAttempts: m.stepAttempts + 1 });
    const next = await body(m, controller.signal, progress);
    if (controller.signal.aborted || !next) return;
    running.delete(meetingId); // the next job may start in this process before this one returns
    const after = await findMeetingWithoutText(db, meetingId);
    if (!after) return;
    await updateMeetingRow(ctx, meetingId, next === step ? {} : { step: next, progress: to, stepDetail: null, stepAttempts: 0 });
    await enqueueStep(ctx.queue, next, after);
  } catch (e) {
    if (controller.signal.aborted) return; // the meeting was deleted
    const message = errorMessage(e);
    if (!isRetryable(e) || run.lastTry) {
      // Our own errors carry a message for the user; anything else gets a preface.
      await failMeeting(ctx, meetingId, e instanceof AppError ? message : `Processing failed: ${message}`, canRetryAfter(e));
      return;
    }
    throw e; // the queue retries with backoff
  } finally {
    if (running.get(meetingId) === controller) running.delete(meetingId);
  }
}

/**
 * The `abandoned` hook of a step's job: its worker stopped before it finished on every try
 * (killed mid-step, again and again). The meeting fails with 'Retry processing' rather than
 * staying 'processing' with no job behind it.
 */
export function abandonStep(step: Step) {
  return async ({ meetingId }: { meetingId: string }, ctx: AppContext): Promise<void> => {
    const m = await meetingStatus(ctx.database.db, meetingId);
    if (m?.status !== "processing" || m.step !== step) return; // deleted, moved on or done
    await failMeeting(
      ctx,
      meetingId,
      "Processing stopped: the worker running it stopped before it finished, on every try. Use 'Retry processing' to run it again.",
    );
  };
}

/**
 * After a crash (kill -9) in the embedded mode, no other process can be working: queue
 * each unfinished meeting's current step again (jobs the dead process left active expire
 * later and find nothing to do); uploads cut off mid-way are removed with their files.
 */
export async function resumeInterruptedMeetings(ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  for (const m of await unfinishedMeetings(db)) {
    if (m.status === "uploading") {
      await ctx.store.deletePrefix(mediaKeys(m).dir + "/");
      await deleteMeetingRow(db, m.id);
    } else if (m.step && (steps as readonly string[]).includes(m.step) && m.stepAttempts >= MAX_STEP_STARTS) {
      await failMeeting(
        ctx,
        m.id,
        `Processing stopped: the server stopped while this meeting was being processed, ${m.stepAttempts} times in a row, so it was not started again. Use 'Retry processing' to try once more; if it happens again, the file may be too large for this server.`,
      );
    } else if (m.step && (steps as readonly string[]).includes(m.step)) {
      await enqueueStep(ctx.queue, m.step as Step, m);
    } else {
      await failMeeting(ctx, m.id, "Processing was interrupted. Use 'Retry processing' to run it again.");
    }
  }
}
