// What a background job is to the queue: a name (its pg-boss queue), a zod payload, a retry
// policy, the pool of worker slots it runs in, and its handler. One file per job defines one
// (jobs/*.job.ts). `Ctx` is what handlers get (the app's context); the queue only passes it on,
// so it stays below the layers that build that context.
import type { z } from "zod";
import type { JobName } from "../core/jobs";

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

export interface JobRun<Ctx = unknown> {
  ctx: Ctx;
  retryCount: number;
  /** No retry follows when this try fails. */
  lastTry: boolean;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType, Ctx = unknown> {
  name: JobName;
  pool: Pool;
  /** Among the jobs of a pool, a lower number is fetched first (finish started work first). */
  priority: number;
  payload: S;
  retry: RetryPolicy;
  expireInSeconds: number;
  handle(payload: z.infer<S>, run: JobRun<Ctx>): Promise<void>;
  /**
   * Called when the queue gives the job up without its handler having finished: its worker
   * died (kill -9, lost machine) or was stopped, and that was the last try. The handler's own
   * last-try path never ran, so this is where what the job was doing is marked failed.
   */
  abandoned?(payload: z.infer<S>, ctx: Ctx, message: string): Promise<void>;
}
