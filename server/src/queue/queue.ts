// The job queue: pg-boss stores the jobs (in the same PostgreSQL); this module owns the
// worker slots. Each slot fetches the next job of its pool itself, so a queued job starts
// as soon as a slot is free: `send` wakes a slot in this process at once and other
// processes through a NOTIFY; an idle slot also polls every IDLE_POLL_MS for retries
// whose delay has passed. Nothing here writes to pg-boss's tables except through its API.
import { randomUUID } from "node:crypto";
import pg from "pg";
import PgBoss from "pg-boss";
import type { z } from "zod";
import { errorMessage } from "../core/errors";
import type { JobSender } from "../core/jobs";
import { jobNames, type JobName } from "../core/jobs";
import type { JobDefinition, Pool } from "./job";
import { JobLeases } from "./job-leases";

const CHANNEL = "minutes_jobs";
const IDLE_POLL_MS = 2000;
const STOP_WAIT_MS = 5000;
const RELEASED_MESSAGE = "The worker running this job was stopped before it finished; another worker retries it.";

export interface QueueOptions {
  databaseUrl: string;
  log: (msg: string) => void;
  /** Worker slots per pool in this process. */
  slots: Record<Pool, number>;
  /** Seconds without a heartbeat after which another process retries a worker's jobs. */
  workerTimeoutSeconds?: number;
}

type Waiter = () => void;

export class JobQueue<Ctx = unknown> implements JobSender {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<JobName, JobDefinition<z.ZodType, Ctx>>();
  private readonly waiters: Record<Pool, Waiter[]> = { cpu: [], io: [] };
  private readonly pendingWakes: Record<Pool, number> = { cpu: 0, io: 0 };
  /** Jobs this process is running now, so a stop can hand the unfinished ones back. */
  private readonly running = new Map<string, JobName>();
  /** Jobs handed back by stop(): their handlers' outcome no longer counts. */
  private readonly released = new Set<string>();
  private readonly processId = randomUUID();
  private listener: pg.Client | null = null;
  private slotLoops: Promise<void>[] = [];
  private stopping = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private leases: JobLeases | null = null;
  /** The context this process's jobs run with (set by work()). */
  private ctx: Ctx | null = null;

  constructor(
    private readonly options: QueueOptions,
    definitions: readonly JobDefinition<z.ZodType, Ctx>[],
  ) {
    for (const d of definitions) {
      if (this.definitions.has(d.name)) throw new Error(`Job "${d.name}" is defined twice.`);
      this.definitions.set(d.name, d);
    }
    // Every job the app can send needs a handler, or its jobs would wait forever.
    for (const name of jobNames) {
      if (typeof this.definitions.get(name)?.handle !== "function")
        throw new Error(`Job "${name}" has no handler: register its definition in server/src/jobs/index.ts.`);
    }
    this.boss = new PgBoss({
      connectionString: options.databaseUrl,
      max: 4,
      // Jobs whose worker died (kill -9) expire and are retried.
      monitorStateIntervalSeconds: 30,
      maintenanceIntervalSeconds: 60,
    });
    this.boss.on("error", (e) => options.log(`queue: ${errorMessage(e)}`));
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const name of this.definitions.keys()) await this.boss.createQueue(name);
  }

  /**
   * Validates the payload, stores the job and wakes a free slot. `delaySeconds` holds the job
   * back (a provider's Retry-After); `singletonSeconds` keeps one job per name and window.
   */
  async send(name: JobName, payload: unknown, options: { delaySeconds?: number; singletonSeconds?: number } = {}): Promise<void> {
    const job = this.definitions.get(name);
    if (!job) throw new Error(`Job "${name}" is not registered.`);
    const data = job.payload.parse(payload) as object;
    await this.boss.send(job.name, data, {
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff,
      expireInSeconds: job.expireInSeconds,
      ...(options.delaySeconds ? { startAfter: Math.ceil(options.delaySeconds) } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds, singletonKey: name } : {}),
    });
    if (options.delaySeconds) return; // an idle slot's poll picks it up when due
    this.wake(job.pool);
    await this.boss
      .getDb()
      .executeSql("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ pool: job.pool, from: this.processId })])
      .catch(() => {});
  }

  /** Starts this process's worker slots. */
  async work(ctx: Ctx): Promise<void> {
    this.ctx = ctx;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on("notification", (msg) => {
      try {
        const { pool, from } = JSON.parse(msg.payload ?? "") as { pool: Pool; from: string };
        if (from !== this.processId && (pool === "cpu" || pool === "io")) this.wake(pool);
      } catch {
        /* not ours */
      }
    });
    // Without the LISTEN connection, slots still poll: jobs from other processes start later.
    client.on("error", (e) => this.options.log(`queue listener: ${errorMessage(e)}`));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    const db = this.boss.getDb();
    this.leases = new JobLeases(
      (text, values) => db.executeSql(text, values ?? []) as Promise<{ rows: Record<string, unknown>[] }>,
      this.processId,
      (queue, id, message) => this.failUnfinished(queue as JobName, id, message, ctx),
      this.options.log,
      this.options.workerTimeoutSeconds ?? 30,
    );
    this.leases.start();
    for (const pool of ["cpu", "io"] as const) for (let i = 0; i < this.options.slots[pool]; i++) this.slotLoops.push(this.slot(pool, ctx));
  }

  /** Waiting and running jobs of each job name, across all processes. */
  async depths(): Promise<{ job: string; queued: number; active: number }[]> {
    const out = [];
    for (const name of this.definitions.keys()) {
      const queued = await this.boss.getQueueSize(name, { before: "active" });
      const queuedOrActive = await this.boss.getQueueSize(name, { before: "completed" });
      out.push({ job: name, queued, active: queuedOrActive - queued });
    }
    return out;
  }

  /** Whether a job of `name` for this meeting is waiting, due for a retry or running, in any process. */
  async hasPendingJob(name: JobName, meetingId: string): Promise<boolean> {
    // Read-only: pg-boss has no API to find a job by its data.
    const { rows } = (await this.boss
      .getDb()
      .executeSql("select 1 from pgboss.job where name = $1 and state < 'completed' and data->>'meetingId' = $2 limit 1", [
        name,
        meetingId,
      ])) as { rows: unknown[] };
    return rows.length > 0;
  }

  /** Called after a try fails (metrics). */
  onFailure: ((job: JobName) => void) | null = null;

  async healthy(): Promise<boolean> {
    try {
      await this.boss.getQueues();
      return true;
    } catch {
      return false;
    }
  }

  /** Sends `name` every `seconds` from each process; the singleton window makes it one job per period overall. */
  every(name: JobName, seconds: number, payload: unknown = {}): void {
    const timer = setInterval(() => {
      if (!this.stopping)
        this.send(name, payload, { singletonSeconds: seconds }).catch((e) => this.options.log(`queue: ${errorMessage(e)}`));
    }, seconds * 1000);
    timer.unref();
    this.timers.push(timer);
  }

  /**
   * Lets running jobs finish for up to `graceMs` (their leases keep beating meanwhile). Jobs
   * still running then are released: failed through pg-boss, which queues their retry at once
   * (after the job's retry delay) for another worker, instead of waiting for this process's
   * lease to go stale. Then closes pg-boss's connections.
   */
  async stop(graceMs = STOP_WAIT_MS): Promise<void> {
    this.stopping = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    for (const pool of ["cpu", "io"] as const) for (const w of this.waiters[pool].splice(0)) w();
    if (this.running.size)
      this.options.log(`stopping: waiting up to ${Math.round(graceMs / 1000)} s for ${this.running.size} running job(s)`);
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
    await Promise.race([Promise.allSettled(this.slotLoops), timeout]);
    await this.releaseRunning();
    this.leases?.stop();
    await this.listener?.end().catch(() => {});
    const stopped = new Promise<void>((resolve) => {
      this.boss.once("stopped", () => resolve());
      setTimeout(resolve, 8000).unref();
    });
    await this.boss.stop({ graceful: false, close: true });
    await stopped;
  }

  /**
   * Fails a job whose handler did not finish (its worker died or is stopping), so pg-boss
   * retries it; on its last try, the job's `abandoned` hook says what was lost.
   */
  private async failUnfinished(queue: JobName, id: string, message: string, ctx: Ctx | null): Promise<void> {
    // pg-boss's types say void; it answers how many jobs changed (0: done or failed already).
    const result = (await this.boss.fail(queue, id, { message })) as unknown as { affected?: number } | undefined;
    const definition = this.definitions.get(queue);
    if (!result?.affected || !definition?.abandoned || !ctx) return;
    const job = await this.boss.getJobById(queue, id);
    if (job?.state !== "failed") return; // a retry is queued
    const payload = definition.payload.safeParse(job.data);
    if (!payload.success) return;
    this.options.log(`job ${queue} ${id}: given up after its last try (${message})`);
    await definition.abandoned(payload.data, ctx, message);
  }

  private async releaseRunning(): Promise<void> {
    for (const [id, queue] of this.running) {
      this.released.add(id);
      try {
        await this.failUnfinished(queue, id, RELEASED_MESSAGE, this.ctx);
        await this.leases?.release(id);
        this.options.log(`job ${queue} ${id}: not finished in time; released for another worker`);
      } catch (e) {
        // Its lease stays: another process's sweep retries it after JOB_WORKER_TIMEOUT_SECONDS.
        this.options.log(`job ${queue} ${id}: could not release it: ${errorMessage(e)}`);
      }
    }
  }

  private wake(pool: Pool): void {
    const waiter = this.waiters[pool].shift();
    if (waiter) waiter();
    else this.pendingWakes[pool]++;
  }

  private idle(pool: Pool): Promise<void> {
    if (this.pendingWakes[pool] > 0) {
      this.pendingWakes[pool]--;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const waiter = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const list = this.waiters[pool];
        const i = list.indexOf(waiter);
        if (i >= 0) list.splice(i, 1);
        resolve();
      }, IDLE_POLL_MS);
      this.waiters[pool].push(waiter);
    });
  }

  private async slot(pool: Pool, ctx: Ctx): Promise<void> {
    const queues = [...this.definitions.values()].filter((d) => d.pool === pool).sort((a, b) => a.priority - b.priority);
    while (!this.stopping) {
      let ran = false;
      try {
        for (const definition of queues) {
          const [job] = await this.boss.fetch<unknown>(definition.name, { batchSize: 1, includeMetadata: true });
          if (!job) continue;
          const run = this.run(definition, job, ctx);
          this.running.set(job.id, definition.name);
          await run.finally(() => this.running.delete(job.id));
          ran = true;
          break;
        }
      } catch (e) {
        if (!this.stopping) this.options.log(`queue: ${errorMessage(e)}`);
      }
      if (!ran && !this.stopping) await this.idle(pool);
    }
  }

  private async run(definition: JobDefinition<z.ZodType, Ctx>, job: PgBoss.JobWithMetadata<unknown>, ctx: Ctx): Promise<void> {
    const payload = definition.payload.safeParse(job.data);
    if (!payload.success) {
      // Another try cannot fix a payload: drop the job and say why.
      this.options.log(`job ${definition.name} ${job.id}: invalid payload: ${payload.error.message}`);
      await this.boss.cancel(definition.name, job.id);
      return;
    }
    await this.leases?.hold(definition.name, job.id);
    try {
      await definition.handle(payload.data, { ctx, retryCount: job.retryCount, lastTry: job.retryCount >= job.retryLimit });
      if (!this.released.has(job.id)) await this.boss.complete(definition.name, job.id);
    } catch (e) {
      if (this.released.has(job.id)) return;
      this.onFailure?.(definition.name);
      await this.boss.fail(definition.name, job.id, { message: errorMessage(e) });
    } finally {
      if (!this.released.has(job.id)) await this.leases?.release(job.id).catch(() => {});
    }
  }
}
