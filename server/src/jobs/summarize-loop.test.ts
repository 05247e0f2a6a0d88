// Decision 045: the summarize step never parses a large meeting's turns on the thread that runs
// the job (in the embedded mode, the web process's event loop). The app runs in this process, so
// JSON.parse and the pg driver's json/jsonb parsers are watched while the step runs: the shape of
// the work, not its milliseconds (bench/event-loop.bench.ts has those).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { meetingStatus } from "../modules/meetings/meetings.repo";
import { NOTES_ON_THREAD_CHARS } from "../engines/llm/built-in-notes";

const TURNS = 6_000;
const SPEAKERS = ["Maria Lopez", "Sam Park", "Li Wei"];

function vtt(): string {
  const stamp = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const cues = ["WEBVTT\n"];
  for (let i = 0; i < TURNS; i++) {
    const text =
      i === TURNS - 20
        ? "Sam, can you book the venue for the offsite by Friday?"
        : `Point ${i} about the rollout plan and the quarterly forecast for the customers.`;
    cues.push(`\n${stamp(i * 3)} --> ${stamp(i * 3 + 2)}\n<v ${SPEAKERS[i % SPEAKERS.length]}>${text}</v>\n`);
  }
  return cues.join("");
}

/** Calls of JSON.parse (ours, or the pg driver's json/jsonb parsers) with a text of at least `minChars`, during `work`. */
async function bigParses(work: () => Promise<void>, minChars: number): Promise<number> {
  const parse = JSON.parse.bind(JSON);
  let parsed = 0;
  const spy = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
    if (typeof text === "string" && text.length >= minChars) parsed++;
    return parse(text, ...rest);
  }) as typeof JSON.parse);
  const jsonTypes = [114, 3802].map((oid) => [oid, pg.types.getTypeParser(oid)] as const);
  for (const [oid, parser] of jsonTypes)
    pg.types.setTypeParser(oid, (text: string) => {
      if (text.length >= minChars) parsed++;
      return parser(text);
    });
  try {
    await work();
    return parsed;
  } finally {
    spy.mockRestore();
    for (const [oid, parser] of jsonTypes) pg.types.setTypeParser(oid, parser);
  }
}

describe("the summarize step of a large meeting", () => {
  let t: TestApp;
  let owner: TestClient;

  beforeAll(async () => {
    t = await startTestApp();
    owner = new TestClient(t.url);
    await owner.signUp(uniqueEmail("notes-loop"), "secret123", "Maria Lopez");
  });
  afterAll(() => t?.close());

  it("reads the turns as JSON text and hands them on: the notes are written, the job's thread never parses them", async () => {
    const id = await owner.importTranscript("big.vtt", vtt(), "Big");
    await owner.waitCompleted(id, 120_000);
    // 'Regenerate summary' runs the step again, watched from the request to the written notes.
    const parsed = await bigParses(async () => {
      const r = await fetch(`${t.url}/api/meetings/${id}/summarize`, { method: "POST", headers: { origin: t.url, cookie: owner.cookie } });
      expect(r.status).toBe(200);
      await r.arrayBuffer(); // the meeting's answer, not parsed here
      for (let i = 0; i < 600; i++) {
        const m = await meetingStatus(t.ctx.database.db, id);
        if (m?.status !== "processing") break;
        await new Promise((done) => setTimeout(done, 200));
      }
    }, NOTES_ON_THREAD_CHARS);
    expect(parsed).toBe(0);
    const m = await owner.waitCompleted(id);
    expect(m.summaryEngine).toBe("built-in");
    expect(m.notes.overview.length).toBeGreaterThan(0);
    expect(m.actionItems.map((a: { description: string }) => a.description).join(" ")).toMatch(/venue/i);
  }, 240_000);
});
