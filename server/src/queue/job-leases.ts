// Jobs whose worker died. pg-boss only notices a dead worker when the job expires (hours for a
// transcription). Each process records the jobs it runs in job_leases and beats every
// timeout/6 seconds; every working process looks for leases whose beat stopped for the timeout
// (JOB_WORKER_TIMEOUT_SECONDS) and fails those jobs through pg-boss's API, which retries them (retry policy) in a live worker.
// The steps are idempotent (a meeting runs a step only while it is at that step), so the
// re-run picks up where the meeting is.
type Sql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export class JobLeases {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly sql: Sql,
    private readonly workerId: string,
    private readonly failJob: (queue: string, id: string, message: string) => Promise<void>,
    private readonly log: (msg: string) => void,
    private readonly timeoutSeconds: number,
  ) {}

  start(): void {
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const timer = setInterval(() => void fn().catch((e) => this.log(`job leases: ${String(e)}`)), ms);
      timer.unref();
      this.timers.push(timer);
    };
    every((this.timeoutSeconds * 1000) / 6, () =>
      this.sql("update job_leases set heartbeat_at = now() where worker_id = $1", [this.workerId]),
    );
    every((this.timeoutSeconds * 1000) / 3, () => this.sweep());
  }

  stop(): void {
    for (const t of this.timers.splice(0)) clearInterval(t);
  }

  hold(queue: string, jobId: string): Promise<unknown> {
    return this.sql(
      "insert into job_leases (job_id, queue, worker_id) values ($1, $2, $3) on conflict (job_id) do update set worker_id = excluded.worker_id, heartbeat_at = now()",
      [jobId, queue, this.workerId],
    );
  }

  release(jobId: string): Promise<unknown> {
    return this.sql("delete from job_leases where job_id = $1 and worker_id = $2", [jobId, this.workerId]);
  }

  /** Fails the jobs of workers that stopped beating; returns how many. */
  async sweep(): Promise<number> {
    // A worker killed between taking a job from pg-boss and recording its lease left no lease to go
    // stale: a job active that long without one is as dead (a live worker records it within
    // milliseconds). Claimed with a lease of this process's own, so one sweeper fails it once; looked for
    // before stale leases are removed, so a job whose lease is stale is not taken for one that has none.
    const { rows: unleased } = await this.sql(
      `insert into job_leases (job_id, queue, worker_id)
        select j.id, j.name, $2 from pgboss.job j
         where j.state = 'active' and j.started_on < now() - make_interval(secs => $1)
           and not exists (select 1 from job_leases l where l.job_id = j.id)
        on conflict (job_id) do nothing
        returning job_id, queue`,
      [this.timeoutSeconds, this.workerId],
    );
    // The delete claims each dead lease for exactly one sweeping process.
    const { rows: dead } = await this.sql(
      `delete from job_leases where heartbeat_at < now() - make_interval(secs => $1) returning job_id, queue`,
      [this.timeoutSeconds],
    );
    for (const row of [...dead, ...unleased]) {
      this.log(`job ${String(row.queue)} ${String(row.job_id)}: its worker stopped; retrying it elsewhere`);
      await this.failJob(String(row.queue), String(row.job_id), "The worker running this job stopped.");
    }
    for (const row of unleased) await this.release(String(row.job_id));
    return dead.length + unleased.length;
  }
}
