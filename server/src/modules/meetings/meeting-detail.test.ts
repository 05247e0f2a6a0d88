// The meeting page's answer for a large meeting (decision 040): PostgreSQL writes the turns' JSON
// text and the answer carries it as it comes. Every turn must arrive complete and unchanged, in
// the shape the web app reads (contract/meetings.ts), and the changes that answer with the
// meeting (rename speakers, edit a turn, undo, title) must change only what they say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { meetingDetailSchema } from "../../../../contract/meetings";
import { publicMeetingSchema } from "../../../../contract/public-links";
import type { Utterance } from "../../../../contract/transcript";
import { meetings } from "../../db/schema";
import { meetingTextJson, publicTurnPieces, TURNS_PER_PIECE } from "./meetings.repo";

let t: TestApp;
let owner: TestClient;
let ownerId: string;

const TURNS = 20_000;
const CHANGED_TURNS = 4_000;
const SPEAKERS = ["Maria Lopez", "Sam Park", " Li Wei ", "Priya Nair"];
// What JSON text must escape or keep: quotes, backslashes, line breaks, tabs, control
// characters, U+2028/2029, emoji (surrogate pairs), markup, non-Latin scripts.
const ODD = [
  'say "hi"',
  "C:\\path\\to",
  "line\nbreak\tand tab",
  "bell \u0007 unit \u001f",
  "sep \u2028 \u2029",
  "🎉 ok",
  "</script><b>",
  "Renée 東京 Ωμέγα",
];

function bigTurns(n = TURNS): Utterance[] {
  return Array.from({ length: n }, (_, i) => {
    const u: Utterance = {
      speaker: SPEAKERS[i % SPEAKERS.length]!,
      start: i * 2.5,
      end: i * 2.5 + 2.125,
      text: `Turn ${i}: ${ODD[i % ODD.length]} we agreed on the plan.`,
    };
    if (i % 3 === 0) u.words = [{ text: "Turn", start: i * 2.5, end: i * 2.5 + 0.3 }];
    if (i % 1000 === 7) u.edited = { by: "Ed Itor", at: "2025-01-02T03:04:05.000Z" };
    if (i % 500 === 1) {
      u.start = null;
      u.end = null;
    }
    return u;
  });
}

async function insertMeeting(values: { utterances: Utterance[] | null; transcript: string | null }) {
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({ userId: ownerId, title: "Big meeting", status: "completed", sourceType: "transcript_import", ...values })
    .returning({ id: meetings.id });
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  owner = new TestClient(t.url);
  ownerId = (await owner.signUp(uniqueEmail("detail"), "secret123", "Olivia Owner")).json.user.id;
});
afterAll(() => t.close());

describe("a large meeting's detail", () => {
  it("sends every turn complete and unchanged, in the contract's shape, with the transcript once", async () => {
    const turns = bigTurns();
    const id = await insertMeeting({ utterances: turns, transcript: turns.map((u) => u.text).join("\n") });
    const r = await owner.get(`/api/meetings/${id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    // The web app reads exactly the contract's keys: none missing, none added.
    expect(Object.keys(r.json).sort()).toEqual(Object.keys(meetingDetailSchema.shape).sort());
    const detail = meetingDetailSchema.parse(r.json);
    expect(detail.utterances).toHaveLength(TURNS);
    expect(detail.utterances).toEqual(turns);
    // The turns' texts are the transcript: not sent a second time.
    expect(detail.transcript).toBeNull();
    expect(detail).toMatchObject({ id, title: "Big meeting", access: "owner", isOwner: true, ownerName: "Olivia Owner", actionItems: [] });
  });

  it("hands the turns over in pieces of TURNS_PER_PIECE and streams them: no step handles the whole meeting's text (decision 045)", async () => {
    const turns = bigTurns();
    const id = await insertMeeting({ utterances: turns, transcript: turns.map((u) => u.text).join("\n") });
    const text = (await meetingTextJson(t.ctx.database.db, id))!;
    expect(text.transcript).toBe("null");
    expect(text.utterances).toHaveLength(Math.ceil(TURNS / TURNS_PER_PIECE));
    const pieces = text.utterances.map((p) => JSON.parse(`[${p}]`) as Utterance[]);
    expect(Math.max(...pieces.map((p) => p.length))).toBe(TURNS_PER_PIECE);
    expect(pieces.flat()).toEqual(turns);
    // Streamed piece by piece (no length known up front); a short meeting is one string with its length.
    const long = await fetch(`${t.url}/api/meetings/${id}`, { headers: { cookie: owner.cookie } });
    expect(long.headers.get("content-length")).toBeNull();
    expect(long.headers.get("transfer-encoding")).toBe("chunked");
    expect(meetingDetailSchema.parse(await long.json()).utterances).toEqual(turns);
    const shortId = await insertMeeting({ utterances: turns.slice(0, 10), transcript: "x" });
    const short = await fetch(`${t.url}/api/meetings/${shortId}`, { headers: { cookie: owner.cookie } });
    expect(Number(short.headers.get("content-length"))).toBeGreaterThan(0);
    expect(meetingDetailSchema.parse(await short.json()).utterances).toEqual(turns.slice(0, 10));
  });

  it("sends the plain text of a meeting without turns, and [] for no turns", async () => {
    const text = ODD.join("\n");
    const plain = await owner.get(`/api/meetings/${await insertMeeting({ utterances: null, transcript: text })}`);
    expect(meetingDetailSchema.parse(plain.json)).toMatchObject({ transcript: text, utterances: [] });
    const none = await owner.get(`/api/meetings/${await insertMeeting({ utterances: [], transcript: null })}`);
    expect(meetingDetailSchema.parse(none.json)).toMatchObject({ transcript: null, utterances: [] });
  });

  it("shows a public link's visitor every turn, with only the fields the link shows", async () => {
    const turns = bigTurns();
    const id = await insertMeeting({ utterances: turns, transcript: turns.map((u) => u.text).join("\n") });
    const visitor = new TestClient(t.url);
    const open = async (parts: string[]) => {
      const link = await owner.post(`/api/meetings/${id}/public-links`, { parts });
      expect(link.status, link.text).toBe(201);
      const r = await visitor.get(`/api/public/${link.json.token}`);
      expect(r.status, r.text).toBe(200);
      expect(r.headers.get("cache-control")).toBe("no-store");
      return r.json;
    };
    const withTurns = publicMeetingSchema.strict().parse(await open(["transcript"]));
    expect(withTurns.utterances).toEqual(turns.map(({ speaker, start, end, text }) => ({ speaker, start, end, text })));
    // In pieces of TURNS_PER_PIECE, streamed as the meeting's own answer is: never one string of every turn (decision 052).
    const pieces = await publicTurnPieces(t.ctx.database.db, id);
    expect(pieces).toHaveLength(Math.ceil(TURNS / TURNS_PER_PIECE));
    expect(pieces.map((p) => (JSON.parse(`[${p}]`) as unknown[]).length)).toContain(TURNS_PER_PIECE);
    const link = await owner.post(`/api/meetings/${id}/public-links`, { parts: ["transcript", "summary"] });
    const streamed = await fetch(`${t.url}/api/public/${link.json.token}`);
    expect(streamed.headers.get("content-length")).toBeNull();
    expect(streamed.headers.get("transfer-encoding")).toBe("chunked");
    expect(streamed.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const both = publicMeetingSchema.strict().parse(await streamed.json());
    expect(both.utterances).toEqual(withTurns.utterances);
    expect(both.notes).toBeNull();
    const without = await open(["summary"]);
    expect(Object.keys(without).sort()).toEqual(["durationSeconds", "notes", "parts", "recordedAt", "title"]);
  });

  it("renames speakers, edits and undoes a turn, and changes the title in a large meeting: every other turn as it was", async () => {
    // Fewer turns: each change also rebuilds the meeting's search passages (a trigger, one per turn).
    const turns = bigTurns(CHANGED_TURNS);
    const id = await insertMeeting({ utterances: turns, transcript: turns.map((u) => u.text).join("\n") });

    // A label stored with spaces is named by its trimmed form; a swap does not chain.
    const renamed = await owner.patch(`/api/meetings/${id}/speakers`, {
      names: { "Li Wei": "Lee Way", "Maria Lopez": "Sam Park", "Sam Park": "Maria Lopez" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    const swap: Record<string, string> = { "Maria Lopez": "Sam Park", "Sam Park": "Maria Lopez", " Li Wei ": "Lee Way" };
    const expected = turns.map((u) => ({ ...u, speaker: swap[u.speaker] ?? u.speaker }));
    expect(meetingDetailSchema.parse(renamed.json).utterances).toEqual(expected);
    expect(renamed.json.speakers).toEqual(expect.arrayContaining(["Lee Way", "Maria Lopez", "Sam Park", "Priya Nair"]));

    const index = CHANGED_TURNS - 2; // words go with a changed text
    const edited = await owner.patch(`/api/meetings/${id}/turns/${index}`, { text: "A corrected turn." });
    expect(edited.status, edited.text).toBe(200);
    const after = meetingDetailSchema.parse(edited.json).utterances;
    const { words: _words, ...rest } = expected[index]!;
    expect(after[index]).toMatchObject({ ...rest, text: "A corrected turn.", edited: { by: "Olivia Owner" } });
    expect(after[index]!.words).toBeUndefined();
    expect(after.filter((_, i) => i !== index)).toEqual(expected.filter((_, i) => i !== index));
    const stored = async () =>
      (await t.ctx.database.db.select({ transcript: meetings.transcript }).from(meetings).where(eq(meetings.id, id)))[0]!.transcript;
    expect(await stored()).toBe(after.map((u) => u.text).join("\n"));
    expect((await owner.patch(`/api/meetings/${id}/turns/${CHANGED_TURNS}`, { text: "x" })).status).toBe(404);

    const undone = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(meetingDetailSchema.parse(undone.json).utterances).toEqual(expected);
    expect(await stored()).toBe(expected.map((u) => u.text).join("\n"));

    const titled = await owner.patch(`/api/meetings/${id}`, { title: "Renamed" });
    expect(titled.status, titled.text).toBe(200);
    const detail = meetingDetailSchema.parse(titled.json);
    expect(detail.title).toBe("Renamed");
    expect(detail.utterances).toEqual(expected);
  });
});
