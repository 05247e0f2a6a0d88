// What a background job is: a name (its pg-boss queue), a zod payload, a retry policy,
// the pool of worker slots it runs in, and its handler. One file per job defines one.
import type { z } from "zod";
import type { AppContext } from "../http/context";

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
] as const;
export type JobName = (typeof jobNames)[number];

/**
 * Worker slots: `io` jobs wait on the network (a slow link download) and have their own
 * slots (JOB_DOWNLOAD_CONCURRENCY), so they never hold the `cpu` slots (JOB_CONCURRENCY)
 * that media conversion, transcription and summaries need.
 */
export type Pool = "cpu" | "io";

export interface RetryPolicy {
  /** Tries after the first one. */
  limit: number;
  delaySeconds: number;
  backoff: boolean;
}

export interface JobRun {
  ctx: AppContext;
  retryCount: number;
  /** No retry follows when this try fails. */
  lastTry: boolean;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: JobName;
  pool: Pool;
  /** Among the jobs of a pool, a lower number is fetched first (finish started work first). */
  priority: number;
  payload: S;
  retry: RetryPolicy;
  expireInSeconds: number;
  handle(payload: z.infer<S>, run: JobRun): Promise<void>;
  /**
   * Called when the queue gives the job up without its handler having finished: its worker
   * died (kill -9, lost machine) or was stopped, and that was the last try. The handler's own
   * last-try path never ran, so this is where what the job was doing is marked failed.
   */
  abandoned?(payload: z.infer<S>, ctx: AppContext, message: string): Promise<void>;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
