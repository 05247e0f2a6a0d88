import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../../test/db";
import type { AppContext } from "../context/app-context";
import { allJobs } from "../jobs";
import { defineJob } from "../jobs/define-job";
import type { JobDefinition } from "./job";
import { JobQueue } from "./queue";

describe("job queue", () => {
  let databaseUrl: string;
  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
  });

  it("refuses to start when a job has no handler", () => {
    const withoutSummarize = allJobs.filter((j) => j.name !== "meeting-summarize");
    expect(() => new JobQueue({ databaseUrl, log: () => {}, slots: { cpu: 1, io: 1 } }, withoutSummarize)).toThrow(
      'Job "meeting-summarize" has no handler',
    );
  });

  describe("running", () => {
    const seen: { id: string; retryCount: number }[] = [];
    const failOnce = new Set<string>();
    let queue: JobQueue;
    // The real definitions' names with handlers that record what they get.
    const recording: JobDefinition[] = allJobs.map((j) =>
      defineJob({
        ...j,
        payload: z.object({ meetingId: z.string() }),
        retry: { limit: 1, delaySeconds: 0, backoff: false },
        handle: async ({ meetingId }, run) => {
          seen.push({ id: meetingId, retryCount: run.retryCount });
          if (failOnce.delete(meetingId)) throw new Error("try again");
        },
      }),
    );
    beforeAll(async () => {
      queue = new JobQueue({ databaseUrl, log: () => {}, slots: { cpu: 4, io: 1 } }, recording);
      await queue.start();
      await queue.work({} as AppContext);
    });
    afterAll(async () => {
      await queue.stop();
    });

    const until = async (check: () => boolean) => {
      for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(check()).toBe(true);
    };

    it("runs every job sent, in several slots", async () => {
      const ids = Array.from({ length: 20 }, (_, i) => `m${i}`);
      for (const id of ids) await queue.send("meeting-summarize", { meetingId: id });
      await until(() => ids.every((id) => seen.some((s) => s.id === id)));
    });

    it("validates payloads when sending", async () => {
      await expect(queue.send("meeting-summarize", { meeting: 1 })).rejects.toThrow();
    });

    it("retries a job that threw", async () => {
      failOnce.add("flaky");
      await queue.send("meeting-download", { meetingId: "flaky" });
      await until(() => seen.some((s) => s.id === "flaky" && s.retryCount === 1));
    });
  });

  describe("stopping", () => {
    // Handlers that take `ms` milliseconds (from the payload), then record that they finished.
    const finished: string[] = [];
    const slow: JobDefinition[] = allJobs.map((j) =>
      defineJob({
        ...j,
        payload: z.object({ meetingId: z.string(), ms: z.number() }),
        retry: { limit: 2, delaySeconds: 0, backoff: false },
        handle: async ({ meetingId, ms }) => {
          await new Promise((r) => setTimeout(r, ms));
          finished.push(meetingId);
        },
      }),
    );
    const stateOf = async (probe: JobQueue) => {
      const rows = (await (probe as any).boss
        .getDb()
        .executeSql("select data->>'meetingId' as id, state, output from pgboss.job where name = 'meeting-summarize'")) as {
        rows: { id: string; state: string; output: { message?: string } | null }[];
      };
      return rows.rows;
    };
    const leases = async (probe: JobQueue) =>
      ((await (probe as any).boss.getDb().executeSql("select job_id from job_leases")) as { rows: unknown[] }).rows;
    const waitForLease = async (probe: JobQueue) => {
      for (let i = 0; i < 200 && (await leases(probe)).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    };

    it("lets a running job finish within the grace time, then completes it", async () => {
      const url = await createTestDatabase();
      const worker = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 } }, slow);
      const probe = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 } }, slow);
      await worker.start();
      await probe.start();
      await worker.work({} as AppContext);
      await probe.send("meeting-summarize", { meetingId: "quick", ms: 800 });
      await waitForLease(probe);
      await worker.stop(10_000);
      expect(finished).toContain("quick");
      expect((await stateOf(probe)).map((r) => r.state)).toEqual(["completed"]);
      expect(await leases(probe)).toEqual([]);
      await probe.stop();
    });

    it("releases a job still running after the grace time: failed with a message, queued for retry, lease gone", async () => {
      const url = await createTestDatabase();
      const logs: string[] = [];
      const worker = new JobQueue({ databaseUrl: url, log: (m) => logs.push(m), slots: { cpu: 1, io: 1 } }, slow);
      const probe = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 } }, slow);
      await worker.start();
      await probe.start();
      await worker.work({} as AppContext);
      await probe.send("meeting-summarize", { meetingId: "long", ms: 60_000 });
      await waitForLease(probe);
      await worker.stop(300);
      const [job] = await stateOf(probe);
      expect(job!.state).toBe("retry");
      expect(job!.output?.message).toMatch(/stopped before it finished/);
      expect(await leases(probe)).toEqual([]);
      expect(logs.join("\n")).toContain("released for another worker");
      // Another worker picks it up and finishes it.
      const other = new JobQueue(
        { databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 } },
        slow.map((d) => ({ ...d, handle: async () => void finished.push("long-elsewhere") })),
      );
      await other.start();
      await other.work({} as AppContext);
      for (let i = 0; i < 200 && !finished.includes("long-elsewhere"); i++) await new Promise((r) => setTimeout(r, 50));
      expect(finished).toContain("long-elsewhere");
      expect(finished).not.toContain("long");
      await other.stop();
      await probe.stop();
    });

    it("retries a job whose worker died after taking it and before recording its lease", async () => {
      const url = await createTestDatabase();
      const make = () => new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 }, workerTimeoutSeconds: 1 }, slow);
      const probe = make();
      await probe.start();
      await probe.send("meeting-summarize", { meetingId: "unleased", ms: 0 });
      // Taken from pg-boss as a worker's slot does, and then nothing: the worker is gone.
      const [taken] = await (probe as any).boss.fetch("meeting-summarize", { batchSize: 1 });
      expect(taken).toBeTruthy();
      expect(await leases(probe)).toEqual([]);
      const live = make();
      await live.start();
      await live.work({} as AppContext);
      for (let i = 0; i < 200 && !finished.includes("unleased"); i++) await new Promise((r) => setTimeout(r, 50));
      expect(finished).toContain("unleased");
      // The handler returns before the queue completes the job and drops its lease: wait for both.
      for (let i = 0; i < 200 && ((await stateOf(probe))[0]?.state !== "completed" || (await leases(probe)).length); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await stateOf(probe)).map((r) => r.state)).toEqual(["completed"]);
      expect(await leases(probe)).toEqual([]);
      await live.stop();
      await probe.stop();
    }, 30_000);

    it("on the last try, a job whose worker stops or dies is given up and its abandoned hook runs, once", async () => {
      const url = await createTestDatabase();
      const abandoned: string[] = [];
      const lastTry: JobDefinition[] = slow.map((d) =>
        defineJob({
          ...d,
          retry: { limit: 0, delaySeconds: 0, backoff: false },
          abandoned: async ({ meetingId }: { meetingId: string }, _ctx, message) => void abandoned.push(`${meetingId}: ${message}`),
        }),
      );
      const make = () => new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 1, io: 1 }, workerTimeoutSeconds: 3 }, lastTry);
      const probe = make();
      await probe.start();
      const stateById = async (id: string) => (await stateOf(probe)).find((r) => r.id === id)?.state;

      // Stopped while the job runs: released through pg-boss, no retry left.
      const stopped = make();
      await stopped.start();
      await stopped.work({} as AppContext);
      await probe.send("meeting-summarize", { meetingId: "stopped", ms: 60_000 });
      await waitForLease(probe);
      await stopped.stop(300);
      expect(await stateById("stopped")).toBe("failed");
      expect(abandoned).toEqual([expect.stringMatching(/^stopped: .*stopped before it finished/)]);

      // Died: its lease stops beating, as a killed process's would; another process's sweep gives it up.
      const dying = make();
      await dying.start();
      await dying.work({} as AppContext);
      await probe.send("meeting-summarize", { meetingId: "died", ms: 60_000 });
      await waitForLease(probe);
      (dying as any).leases.stop();
      await probe.work({} as AppContext);
      for (let i = 0; i < 200 && abandoned.length < 2; i++) await new Promise((r) => setTimeout(r, 50));
      expect(abandoned[1]).toMatch(/^died: The worker running this job stopped\.$/);
      expect(await stateById("died")).toBe("failed");
      // The dying worker's own release finds the job failed already: the hook does not run again.
      await dying.stop(300);
      expect(abandoned).toHaveLength(2);
      await probe.stop();
    }, 30_000);
  });
});
