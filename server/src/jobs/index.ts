// Every background job, one file each. The queue refuses to start if a job name in
// job.ts has no definition here.
import type { AppContext } from "../context/app-context";
import { downloadLinkJob } from "./download-link.job";
import { integrationPollJob } from "./integration-poll.job";
import { integrationSendJob } from "./integration-send.job";
import type { AppJob } from "./define-job";
import { MAIL_NOTICES_PERIOD_SECONDS, mailNoticesJob } from "./mail-notices.job";
import { abortMeetingJob, resumeInterruptedMeetings } from "./meeting-steps";
import { PASSAGE_EMBEDDINGS_SECONDS, passageEmbeddingsJob } from "./passage-embeddings.job";
import { prepareMediaJob } from "./prepare-media.job";
import { RECORDING_CLEANUP_SECONDS, recordingCleanupJob } from "./recording-cleanup.job";
import { summarizeJob } from "./summarize.job";
import { transcribeJob } from "./transcribe.job";

export const allJobs: readonly AppJob[] = [
  downloadLinkJob,
  prepareMediaJob,
  transcribeJob,
  summarizeJob,
  integrationSendJob,
  integrationPollJob,
  recordingCleanupJob,
  mailNoticesJob,
  passageEmbeddingsJob,
];

/** Starts this process's job workers. */
export async function registerWorkers(ctx: AppContext): Promise<void> {
  // Only in the embedded mode can we be sure no other process is working on a job.
  if (!ctx.config.databaseUrl) await resumeInterruptedMeetings(ctx);
  // Deleted meetings stop their job in whichever process runs it.
  await ctx.events.subscribe((e) => {
    if (e.type === "deleted") abortMeetingJob(e.meetingId);
  });
  await ctx.queue.work(ctx);
  // Completion from GitHub, Asana and Trello when no webhook can reach us.
  ctx.queue.every("integration-poll", ctx.config.integrations.pollSeconds);
  // Recaps, reminders and digests (opt-in per user).
  ctx.queue.every("mail-notices", MAIL_NOTICES_PERIOD_SECONDS);
  // Browser recordings nobody finished (RECORDING_ABANDON_HOURS).
  ctx.queue.every("recording-cleanup", RECORDING_CLEANUP_SECONDS);
  // Passage vectors for semantic search, while the text embedding model is installed.
  ctx.queue.every("passage-embeddings", PASSAGE_EMBEDDINGS_SECONDS);
}
