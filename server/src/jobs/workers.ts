// Every background job's worker is registered here.
import type { AppContext } from "../http/context";
import { MeetingPipeline, resumeInterruptedMeetings } from "./meeting-pipeline";

export async function registerWorkers(ctx: AppContext): Promise<void> {
  // Only in the embedded mode can we be sure no other process is working on a job.
  if (!ctx.config.databaseUrl) await resumeInterruptedMeetings(ctx);
  await new MeetingPipeline(ctx).start();
}
