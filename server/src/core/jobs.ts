// What each background job is, apart from how it runs: its name, its payload's schema and
// the function that queues it. Modules queue jobs through these; the handlers (jobs/*.job.ts)
// import modules. So neither imports the other, and the queue (queue/) knows neither.
import { z } from "zod";

/** Job names the app sends; start-up fails unless each has a registered job with a handler. */
export const jobNames = [
  "meeting-download",
  "meeting-prepare",
  "meeting-transcribe",
  "meeting-summarize",
  "integration-send",
  "integration-poll",
  "recording-cleanup",
  "mail-notices",
  "passage-embeddings",
] as const;
export type JobName = (typeof jobNames)[number];

/** What queues a job (queue/queue.ts's JobQueue): validates the payload, stores the job, wakes a slot. */
export interface JobSender {
  send(name: JobName, payload: unknown, options?: { delaySeconds?: number; singletonSeconds?: number }): Promise<void>;
}

// Meeting steps: meeting-download (links only) → meeting-prepare → meeting-transcribe → meeting-summarize.

/** The steps of a meeting's processing (the `step` column; db/schema's meetingSteps). */
export type MeetingStep = "prepare" | "transcribe" | "summarize";

/** The payload of every meeting job. */
export const meetingPayload = z.object({ meetingId: z.uuid() });

/** A link whose media is not stored yet downloads first, in the `io` pool. */
export function needsDownload(m: { sourceType: string; storageKey: string | null }): boolean {
  return m.sourceType === "link" && !m.storageKey;
}

type StepMeeting = { id: string; sourceType: string; storageKey: string | null };
export const stepJob = (step: MeetingStep, meeting: StepMeeting): JobName =>
  step === "prepare" && needsDownload(meeting) ? "meeting-download" : `meeting-${step}`;

/** Queues the job that runs `step` for the meeting (set `step` on the row first). */
export async function enqueueStep(queue: JobSender, step: MeetingStep, meeting: StepMeeting): Promise<void> {
  await queue.send(stepJob(step, meeting), { meetingId: meeting.id });
}

// integration-send: one action item to a provider.

export const integrationSendPayload = z.object({
  linkId: z.uuid(),
  attempt: z.number().int().min(1),
});
export type IntegrationSendPayload = z.infer<typeof integrationSendPayload>;

export function enqueueIntegrationSend(ctx: { queue: JobSender }, payload: IntegrationSendPayload, delaySeconds = 0): Promise<void> {
  return ctx.queue.send("integration-send", payload, { delaySeconds });
}

// passage-embeddings: vectors for semantic search while a text embedding model is installed (decision 036).

export const passageEmbeddingsPayload = z.object({});
