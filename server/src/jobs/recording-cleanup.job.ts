// Abandoned browser recordings: every hour (queue.every, one job per period across
// processes) delete the sessions that got no chunk for RECORDING_ABANDON_HOURS, with their
// chunks; and finished sessions as old (they were kept only so a repeated finish finds its meeting).
import { z } from "zod";
import { RecordingsService } from "../modules/recordings/recordings.service";
import { defineJob } from "./define-job";

export const RECORDING_CLEANUP_SECONDS = 3600;

export const recordingCleanupJob = defineJob({
  name: "recording-cleanup",
  pool: "io",
  priority: 3,
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 900,
  async handle(_payload, { ctx }) {
    const removed = await new RecordingsService(ctx).sweepAbandoned();
    if (removed) ctx.log(`recordings: deleted ${removed} session(s) idle past RECORDING_ABANDON_HOURS`);
  },
});
