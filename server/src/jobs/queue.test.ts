import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase } from "../../../test/db";
import type { AppContext } from "../http/context";
import { allJobs } from ".";
import { defineJob, type JobDefinition } from "./job";
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
});
