// What a meeting shows when the queue gives its step up (the worker stopped on every try), and
// that a step's late progress report does not touch a meeting that has finished.
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createTestDatabase } from "../../../test/db";
import { connectDatabase, type Database } from "../db/client";
import { meetings, user } from "../db/schema";
import type { AppContext } from "../context/app-context";
import type { JobRun } from "../queue/job";
import { allJobs } from "./index";
import { abandonStep, MAX_STEP_STARTS, resumeInterruptedMeetings, runMeetingStep } from "./meeting-steps";
import { JobQueue } from "../queue/queue";

let database: Database;
let ctx: AppContext;
beforeAll(async () => {
  database = connectDatabase(await createTestDatabase(), 2);
  ctx = { database } as AppContext;
  await database.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
});
afterAll(() => database?.close());

const meeting = async (step: string, status: "processing" | "completed" = "processing") => {
  const [row] = await database.db
    .insert(meetings)
    .values({ userId: "u1", title: step, status, step: status === "processing" ? (step as "transcribe") : null, sourceType: "file_upload" })
    .returning();
  return row!.id;
};
const read = async (id: string) => (await database.db.select().from(meetings).where(eq(meetings.id, id)))[0]!;

it("fails the meeting with 'Retry processing' when its step's job is given up, and touches a meeting that moved on not at all", async () => {
  const stuck = await meeting("transcribe");
  await abandonStep("transcribe")({ meetingId: stuck }, ctx);
  expect(await read(stuck)).toMatchObject({ status: "failed", step: null, errorRetryable: true });
  expect((await read(stuck)).error).toMatch(/stopped before it finished.*Retry processing/);

  const movedOn = await meeting("summarize");
  await abandonStep("transcribe")({ meetingId: movedOn }, ctx);
  expect(await read(movedOn)).toMatchObject({ status: "processing", step: "summarize", error: null });

  const done = await meeting("done", "completed");
  await abandonStep("summarize")({ meetingId: done }, ctx);
  expect(await read(done)).toMatchObject({ status: "completed", error: null });
  // A deleted meeting: nothing to do, no error.
  await abandonStep("prepare")({ meetingId: "00000000-0000-4000-8000-000000000000" }, ctx);
});

it("drops a progress report that lands after the step has finished the meeting", async () => {
  const id = await meeting("summarize");
  const run = { ctx, lastTry: true } as JobRun<AppContext>;
  await runMeetingStep("summarize", id, run, async (m, _signal, progress) => {
    await progress(0.5, "Writing notes");
    expect((await read(m.id)).stepDetail).toBe("Writing notes");
    await database.db
      .update(meetings)
      .set({ status: "completed", step: null, stepDetail: null, progress: 100 })
      .where(eq(meetings.id, m.id));
    // The summarizer's reports are not awaited: its last one may be written after this.
    await progress(1, "Saving the notes");
    return null;
  });
  expect(await read(id)).toMatchObject({ status: "completed", step: null, stepDetail: null, progress: 100 });
});

it("queues the next step once when a retry finds that its earlier try moved the meeting on and died before queueing it", async () => {
  const url = await createTestDatabase();
  const queueDb = connectDatabase(url, 2);
  const queue = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 0, io: 0 } }, allJobs);
  await queue.start();
  try {
    await queueDb.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
    const [row] = await queueDb.db
      .insert(meetings)
      .values({ userId: "u1", title: "moved on", status: "processing", step: "summarize", sourceType: "file_upload" })
      .returning();
    const run = { ctx: { database: queueDb, queue } as unknown as AppContext, retryCount: 1, lastTry: false } as JobRun<AppContext>;
    const body = async () => {
      throw new Error("the transcribe step must not run again");
    };
    await runMeetingStep("transcribe", row!.id, run, body);
    await runMeetingStep("transcribe", row!.id, run, body); // a second retry: the job is queued already
    expect(await queue.hasPendingJob("meeting-summarize", row!.id)).toBe(true);
    const { rows } = (await (queue as any).boss
      .getDb()
      .executeSql("select count(*)::int as n from pgboss.job where name = 'meeting-summarize' and data->>'meetingId' = $1", [row!.id])) as {
      rows: { n: number }[];
    };
    expect(rows[0]!.n).toBe(1);
    // A first try that finds the meeting moved on is a duplicate: it queues nothing.
    const other = (
      await queueDb.db
        .insert(meetings)
        .values({ userId: "u1", title: "dup", status: "processing", step: "summarize", sourceType: "file_upload" })
        .returning()
    )[0]!;
    await runMeetingStep("transcribe", other.id, { ...run, retryCount: 0 } as JobRun<AppContext>, body);
    expect(await queue.hasPendingJob("meeting-summarize", other.id)).toBe(false);
  } finally {
    await queue.stop();
    await queueDb.close();
  }
});

it("counts a step's starts, and at start-up fails a meeting whose step took the process down again and again instead of running it once more", async () => {
  const url = await createTestDatabase();
  const queueDb = connectDatabase(url, 2);
  const queue = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 0, io: 0 } }, allJobs);
  await queue.start();
  try {
    const qctx = { database: queueDb, queue } as unknown as AppContext;
    await queueDb.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
    const insert = async (title: string, stepAttempts: number) =>
      (
        await queueDb.db
          .insert(meetings)
          .values({ userId: "u1", title, status: "processing", step: "summarize", sourceType: "transcript_import", stepAttempts })
          .returning()
      )[0]!.id;
    // A step that starts and never finishes (its process died mid-way) leaves its start counted.
    const dying = await insert("dies mid-way", 0);
    const run = { ctx: qctx, retryCount: 0, lastTry: false } as JobRun<AppContext>;
    await runMeetingStep("summarize", dying, run, async (m) => {
      expect((await queueDb.db.select().from(meetings).where(eq(meetings.id, m.id)))[0]!.stepAttempts).toBe(1);
      return null;
    });

    const poison = await insert("poison", MAX_STEP_STARTS);
    const once = await insert("interrupted once", 1);
    await resumeInterruptedMeetings(qctx);
    const [p] = await queueDb.db.select().from(meetings).where(eq(meetings.id, poison));
    expect(p).toMatchObject({ status: "failed", errorRetryable: true, stepAttempts: 0 });
    expect(p!.error).toMatch(/3 times in a row.*Retry processing/);
    expect(await queue.hasPendingJob("meeting-summarize", poison)).toBe(false);
    expect(await queue.hasPendingJob("meeting-summarize", once)).toBe(true);
  } finally {
    await queue.stop();
    await queueDb.close();
  }
});

it("reads the unfinished meetings at start-up without their turns (decision 052)", async () => {
  const url = await createTestDatabase();
  const queueDb = connectDatabase(url, 2);
  const queue = new JobQueue({ databaseUrl: url, log: () => {}, slots: { cpu: 0, io: 0 } }, allJobs);
  await queue.start();
  try {
    await queueDb.db.insert(user).values({ id: "u1", name: "Ann", email: "ann@example.com" });
    const utterances = Array.from({ length: 3_000 }, (_, i) => ({
      speaker: "Ann",
      start: i,
      end: i + 1,
      text: `Turn ${i} of a long import.`,
    }));
    const [row] = await queueDb.db
      .insert(meetings)
      .values({ userId: "u1", title: "big", status: "processing", step: "summarize", sourceType: "transcript_import", utterances })
      .returning({ id: meetings.id });
    // JSON.parse of a text the size of the turns, ours or the pg driver's json/jsonb parsers.
    const parse = JSON.parse.bind(JSON);
    let big = 0;
    const spy = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
      if (typeof text === "string" && text.length >= 50_000) big++;
      return parse(text, ...rest);
    }) as typeof JSON.parse);
    const parsers = [114, 3802].map((oid) => [oid, pg.types.getTypeParser(oid)] as const);
    for (const [oid, parser] of parsers)
      pg.types.setTypeParser(oid, (text: string) => {
        if (text.length >= 50_000) big++;
        return parser(text);
      });
    try {
      await resumeInterruptedMeetings({ database: queueDb, queue } as unknown as AppContext);
    } finally {
      spy.mockRestore();
      for (const [oid, parser] of parsers) pg.types.setTypeParser(oid, parser);
    }
    expect(big).toBe(0);
    expect(await queue.hasPendingJob("meeting-summarize", row!.id)).toBe(true);
  } finally {
    await queue.stop();
    await queueDb.close();
  }
});
