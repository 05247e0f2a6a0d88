// pg-boss in the same PostgreSQL: one queue library for the embedded and scale-out modes.
import PgBoss from "pg-boss";

export async function startQueue(databaseUrl: string, log: (msg: string) => void): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    // Jobs whose worker died (kill -9) expire and are retried.
    monitorStateIntervalSeconds: 30,
    maintenanceIntervalSeconds: 60,
  });
  boss.on("error", (e) => log(`queue: ${e instanceof Error ? e.message : String(e)}`));
  await boss.start();
  return boss;
}

export async function queueHealthy(boss: PgBoss): Promise<boolean> {
  try {
    await boss.getQueues();
    return true;
  } catch {
    return false;
  }
}

/** Waits for running jobs (up to 5 s), then closes pg-boss's connections. */
export async function stopQueue(boss: PgBoss): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    boss.once("stopped", () => resolve());
    setTimeout(resolve, 8000).unref();
  });
  await boss.stop({ graceful: true, timeout: 5000, close: true });
  await stopped;
}
