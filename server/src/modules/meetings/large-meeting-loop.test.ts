// Decision 045: a large meeting's turns never pass through the API's event loop as objects. The
// app runs in this process, so JSON.stringify / JSON.parse are watched while one request runs:
// the shape of the work, not its milliseconds (bench/event-loop.bench.ts has those).
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { OFF_THREAD_CHARS } from "../../workers/off-thread";

const TURNS = 6_000;
const SPEAKERS = ["Maria Lopez", "Speaker 2", "Li Wei"];
/** A WebVTT file of TURNS cues (over OFF_THREAD_CHARS: parsed in the CPU task process); near its end someone asks Sam. */
function vtt(): string {
  const stamp = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const cues = ["WEBVTT\n"];
  for (let i = 0; i < TURNS; i++) {
    const text =
      i === TURNS - 20
        ? "Sam, can you book the venue for the offsite by Friday?"
        : i === TURNS - 10
          ? "Thanks Katherine for the numbers."
          : `Point ${i} about the rollout plan and the quarterly forecast for the customers.`;
    cues.push(`\n${stamp(i * 3)} --> ${stamp(i * 3 + 2)}\n<v ${SPEAKERS[i % SPEAKERS.length]}>${text}</v>\n`);
  }
  return cues.join("");
}

/**
 * Calls of JSON.stringify with an array of at least `minItems`, and of JSON.parse (ours, or the
 * pg driver's json/jsonb parsers, which hold their own JSON.parse) with a text of at least
 * `minChars`, during `work`.
 */
async function bigJsonCalls<T>(work: () => Promise<T>, minItems = 1_000, minChars = 100_000) {
  const stringify = JSON.stringify.bind(JSON);
  const parse = JSON.parse.bind(JSON);
  const seen = { stringified: 0, parsed: 0 };
  const s = vi.spyOn(JSON, "stringify").mockImplementation(((value: unknown, ...rest: never[]) => {
    if (Array.isArray(value) && value.length >= minItems) seen.stringified++;
    return stringify(value, ...rest);
  }) as typeof JSON.stringify);
  const p = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
    if (typeof text === "string" && text.length >= minChars) seen.parsed++;
    return parse(text, ...rest);
  }) as typeof JSON.parse);
  const jsonTypes = [114, 3802].map((oid) => [oid, pg.types.getTypeParser(oid)] as const);
  for (const [oid, parser] of jsonTypes)
    pg.types.setTypeParser(oid, (text: string) => {
      if (text.length >= minChars) seen.parsed++;
      return parser(text);
    });
  try {
    return { result: await work(), ...seen };
  } finally {
    s.mockRestore();
    p.mockRestore();
    for (const [oid, parser] of jsonTypes) pg.types.setTypeParser(oid, parser);
  }
}

describe("a large meeting's turns stay off the API's event loop", () => {
  let t: TestApp;
  let owner: TestClient;
  let ownerId: string;
  let id: string;
  const file = vtt();

  beforeAll(async () => {
    expect(file.length).toBeGreaterThan(OFF_THREAD_CHARS);
    t = await startTestApp();
    owner = new TestClient(t.url);
    await owner.signUp(uniqueEmail("loop"), "secret123", "Maria Lopez");
    ownerId = (await owner.get("/api/auth/get-session")).json.user.id;
  });
  afterAll(() => t?.close());

  it("an import stores the worker's JSON text of the turns: the web process never serialises them", async () => {
    const { result, stringified } = await bigJsonCalls(() => owner.importTranscript("big.vtt", file, "Big"));
    id = result;
    expect(stringified).toBe(0);
    const m = await owner.waitCompleted(id, 120_000);
    expect(m.utterances).toHaveLength(TURNS);
    expect(m.utterances[TURNS - 20]).toEqual({
      speaker: SPEAKERS[(TURNS - 20) % 3],
      start: (TURNS - 20) * 3,
      end: (TURNS - 20) * 3 + 2,
      text: "Sam, can you book the venue for the offsite by Friday?",
    });
    expect(m.durationSeconds).toBe((TURNS - 1) * 3 + 2);
    expect(m.speakers).toEqual(SPEAKERS);
  }, 180_000);

  it("the people of the meeting: PostgreSQL finds the turns that say a name, the API never parses them all", async () => {
    const kate = await owner.post("/api/people/contacts", { name: "Katherine Ng", aliases: ["Kate"] });
    expect(kate.status, kate.text).toBe(201);
    const { result: people, parsed } = await bigJsonCalls(() => owner.get(`/api/meetings/${id}/people`));
    expect(parsed).toBe(0);
    expect(people.status).toBe(200);
    expect(people.json.speakers.map((s: any) => s.label)).toEqual(SPEAKERS);
    expect(people.json.namesSaid).toEqual(["Katherine Ng"]);
    // "Thanks Katherine …" (Li Wei's turn) is followed by Maria Lopez's: a question put to her, so she is suggested.
    const next = people.json.speakers.find((s: any) => s.label === SPEAKERS[(TURNS - 9) % 3]);
    expect(next.suggestions.map((p: any) => p.name)).toContain("Katherine Ng");
    expect(people.json.speakers.find((s: any) => s.label === "Maria Lopez").person).toMatchObject({ id: ownerId, automatic: true });
  });

  it("my action items: an item for 'Sam' is mine when the speaker Sam was asked is linked to me, read without the whole meeting", async () => {
    const added = await owner.post(`/api/meetings/${id}/action-items`, { description: "Book the venue", assignee: "Sam" });
    expect(added.status, added.text).toBe(201);
    // Sam was asked by the speaker of turn TURNS - 20; the next turn's speaker answers: link them to me.
    const answered = SPEAKERS[(TURNS - 19) % 3]!;
    const link = await owner.put(`/api/meetings/${id}/speaker-links`, { speaker: answered, person: { kind: "user", id: ownerId } });
    expect(link.status, link.text).toBe(200);
    expect(link.json.itemOwners[added.json.id]).toMatchObject({ id: ownerId });
    const { result: mine, parsed } = await bigJsonCalls(() => owner.get("/api/action-items?assignee=me&status=all"));
    expect(parsed).toBe(0);
    expect(mine.status).toBe(200);
    expect(mine.json.items.map((i: any) => i.id)).toContain(added.json.id);
  });
});
