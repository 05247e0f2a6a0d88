// GET /api/search against the real app and database: what matches, how it is shown, paging,
// languages, and above all who may find what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import type { Utterance } from "../../../../contract/transcript";
import { meetings } from "../../db/schema";
import { headlineParts } from "./search.service";

let t: TestApp;
const ORG = "/api/auth/organization";

async function signedUp(prefix: string, name: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, id: r.json.user.id as string };
}

/** A finished meeting written straight to the table, as the pipeline leaves it. */
async function storedMeeting(
  userId: string,
  title: string,
  turns: [string, number, string][],
  extra: Partial<typeof meetings.$inferInsert> = {},
) {
  const utterances: Utterance[] = turns.map(([speaker, start, text]) => ({ speaker, start, end: start + 3, text }));
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({
      userId,
      title,
      status: "completed",
      sourceType: "file_upload",
      transcriptLanguage: "en",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
      ...extra,
    })
    .returning();
  return row!.id;
}

const search = (c: TestClient, q: string, cursor?: string) =>
  c.get(`/api/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
const ids = (r: { json: any }) => r.json.results.map((x: any) => x.meetingId);
const marked = (result: any) => result.headline.filter((p: any) => p.match).map((p: any) => p.text.toLowerCase());

let owner: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signedUp("search", "Olivia Owner");
});
afterAll(() => t.close());

describe("what a search finds", () => {
  it("finds a word said in an imported meeting, with the passage highlighted, the speaker and the time", async () => {
    const id = await owner.c.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    await owner.c.waitCompleted(id);
    const r = await search(owner.c, "venue tomorrow");
    expect(r.status, r.text).toBe(200);
    expect(ids(r)).toEqual([id]);
    const hit = r.json.results[0];
    expect(hit).toMatchObject({
      meetingTitle: "Launch sync",
      kind: "turn",
      turnIndex: 2,
      speaker: "Maria Lopez",
      start: 9.5,
      matchCount: 1,
      ownerName: "Olivia Owner",
    });
    expect(hit.headline.map((p: any) => p.text).join("")).toBe("Sam, can you also book the venue tomorrow?");
    expect(marked(hit)).toEqual(["venue", "tomorrow"]);
    expect(r.json.nextCursor).toBeNull();
    // No language known for an imported file: the simple configuration, exact words only.
    expect(ids(await search(owner.c, "booking"))).toEqual([]);
    // The speaker's name narrows to their turns.
    const bySpeaker = await search(owner.c, "Sam deck");
    expect(bySpeaker.json.results[0]).toMatchObject({ speaker: "Sam Park", start: 4.5 });
  });

  it("understands quotes, -word and or (web search syntax)", async () => {
    const a = await storedMeeting(owner.id, "Quarterly planning", [
      ["Ana", 0, "The marketing budget grows next quarter."],
      ["Ben", 5, "Budget marketing is a different thing."],
    ]);
    const b = await storedMeeting(owner.id, "Hiring sync", [["Ana", 0, "The hiring budget stays flat."]]);
    expect(ids(await search(owner.c, "budget"))).toEqual(expect.arrayContaining([a, b]));
    const phrase = await search(owner.c, '"marketing budget"');
    expect(ids(phrase)).toEqual([a]);
    expect(phrase.json.results[0].matchCount).toBe(1);
    expect(ids(await search(owner.c, "budget -hiring"))).toEqual([a]);
    expect(ids(await search(owner.c, "hiring or quarterly")).sort()).toEqual([a, b].sort());
    // Only stop words: nothing to look for, an empty answer rather than an error.
    const stop = await search(owner.c, "the and");
    expect(stop.status).toBe(200);
    expect(stop.json.results).toEqual([]);
  });

  it("searches titles, summaries, decisions and action items, ranking a title above a passing mention", async () => {
    const titled = await storedMeeting(owner.id, "Zeppelin retrospective", [["Ana", 0, "Thanks all."]]);
    const mentioned = await storedMeeting(owner.id, "Weekly", [["Ana", 0, "The zeppelin came up once."]], {
      summary: "**Key points**\n- Procurement of gyroscopes is late.",
      decisions: ["We switch the altimeter vendor."],
    });
    const r = await search(owner.c, "zeppelin");
    expect(ids(r)).toEqual([titled, mentioned]);
    expect(r.json.results[0].kind).toBe("title");
    expect((await search(owner.c, "gyroscopes")).json.results[0]).toMatchObject({ meetingId: mentioned, kind: "summary" });
    expect((await search(owner.c, "altimeter")).json.results[0]).toMatchObject({ meetingId: mentioned, kind: "decision" });
    const item = await owner.c.post(`/api/meetings/${mentioned}/action-items`, { description: "Order the barometers", assignee: "Ana" });
    expect(item.status).toBe(201);
    expect((await search(owner.c, "barometer")).json.results[0]).toMatchObject({
      meetingId: mentioned,
      kind: "action_item",
      speaker: "Ana",
    });
    // Edited and deleted items follow.
    await owner.c.patch(`/api/action-items/${item.json.id}`, { description: "Order the thermometers" });
    expect((await search(owner.c, "barometer")).json.results).toEqual([]);
    expect(ids(await search(owner.c, "thermometers"))).toEqual([mentioned]);
    await owner.c.delete(`/api/action-items/${item.json.id}`);
    expect((await search(owner.c, "thermometers")).json.results).toEqual([]);
    // A renamed meeting is found by its new title; a deleted one is gone.
    await owner.c.patch(`/api/meetings/${titled}`, { title: "Airship retrospective" });
    expect((await search(owner.c, "airship")).json.results[0]).toMatchObject({ meetingId: titled, kind: "title" });
    await owner.c.delete(`/api/meetings/${titled}`);
    expect((await search(owner.c, "airship")).json.results).toEqual([]);
  });

  it("opens a phrase that was said where it was said, not at the summary line or decision that quotes it", async () => {
    const quoted = await storedMeeting(
      owner.id,
      "Staffing",
      [
        ["Ana", 0, "Welcome."],
        ["Ben", 9, "I will review the staffing plan by Monday."],
        ["Ana", 14, "We agreed to hire two welders."],
      ],
      {
        summary: "**Key points**\n- I will review the staffing plan by Monday. (Ben)",
        decisions: ["We agreed to hire two welders. (Ana)"],
      },
    );
    const spoken = await storedMeeting(owner.id, "Other", [["Ana", 3, "The staffing plan came up."]]);
    const r = await search(owner.c, '"staffing plan"');
    // The meeting whose notes carry the phrase still ranks first…
    expect(ids(r)).toEqual([quoted, spoken]);
    // …and its passage is the turn, with its time.
    expect(r.json.results[0]).toMatchObject({ kind: "turn", turnIndex: 1, speaker: "Ben", start: 9, matchCount: 2 });
    expect((await search(owner.c, "welders")).json.results[0]).toMatchObject({ meetingId: quoted, kind: "turn", start: 14 });
  });

  it("uses the meeting's language for stemming and the simple configuration for unknown languages", async () => {
    const en = await storedMeeting(owner.id, "Offsite", [["Ana", 0, "I booked two venues."]]);
    expect(ids(await search(owner.c, "booking venue"))).toEqual([en]);
    const de = await storedMeeting(owner.id, "Abstimmung", [["Jonas", 0, "Wir planen die Besprechungen neu."]], {
      transcriptLanguage: "de",
    });
    const xx = await storedMeeting(owner.id, "Finnish weekly", [["Aino", 0, "Huomenna kokoukset siirtyvät."]], {
      transcriptLanguage: null,
      language: "xx",
    });
    expect(ids(await search(owner.c, "Besprechung"))).toEqual([de]);
    expect(ids(await search(owner.c, "kokoukset"))).toEqual([xx]);
    expect(ids(await search(owner.c, "kokous"))).toEqual([]);
  });

  it("pages by cursor, 20 meetings a page", async () => {
    const made: string[] = [];
    for (let i = 0; i < 23; i++)
      made.push(await storedMeeting(owner.id, `Standup ${i}`, [["Ana", i, `Status of the quokka migration, part ${i}.`]]));
    const first = await search(owner.c, "quokka migration");
    expect(first.json.results).toHaveLength(20);
    expect(first.json.nextCursor).toEqual(expect.any(String));
    const second = await search(owner.c, "quokka migration", first.json.nextCursor);
    expect(second.json.results).toHaveLength(3);
    expect(second.json.nextCursor).toBeNull();
    expect([...ids(first), ...ids(second)].sort()).toEqual([...made].sort());
    const bad = await search(owner.c, "quokka", "garbage");
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/Start the search again/);
  });

  it("refuses an empty or overlong query with a message, and needs a session", async () => {
    const empty = await search(owner.c, "   ");
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/Type something to search for/);
    expect((await search(owner.c, "x".repeat(201))).status).toBe(400);
    expect((await search(new TestClient(t.url), "budget")).status).toBe(401);
  });
});

describe("who finds what", () => {
  it("a guest finds words in a shared meeting but not in the owner's other meetings; a stranger's meeting never appears", async () => {
    const shared = await storedMeeting(owner.id, "Shared review", [["Ana", 12, "The pelican contract is signed."]]);
    const unshared = await storedMeeting(owner.id, "Private review", [["Ana", 3, "The pelican invoice is overdue."]]);
    const guest = await signedUp("guest", "Gus Guest");
    const stranger = await signedUp("stranger", "Stan Stranger");
    const strangers = await storedMeeting(stranger.id, "Pelican board", [["Stan", 0, "Pelican pelican pelican."]]);
    const team = (await owner.c.post(`${ORG}/create`, { name: "Search team", slug: `search-${Date.now()}` })).json;
    const inv = await owner.c.post(`${ORG}/invite-member`, { email: guest.email, role: "guest", organizationId: team.id });
    expect(inv.status, inv.text).toBe(200);
    expect((await guest.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    expect((await owner.c.put(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);

    const byGuest = await search(guest.c, "pelican");
    expect(ids(byGuest)).toEqual([shared]);
    expect(byGuest.json.results[0]).toMatchObject({ speaker: "Ana", start: 12, ownerName: "Olivia Owner" });
    expect(ids(await search(owner.c, "pelican")).sort()).toEqual([shared, unshared].sort());
    expect(ids(await search(stranger.c, "pelican"))).toEqual([strangers]);
    expect(ids(await search(guest.c, "invoice overdue"))).toEqual([]);
    expect(ids(await search(guest.c, "board"))).toEqual([]);

    // Unsharing takes it away again.
    expect((await owner.c.delete(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);
    expect(ids(await search(guest.c, "pelican"))).toEqual([]);
  });
});

describe("headlineParts", () => {
  it("splits marked text into plain and matched parts", () => {
    expect(headlineParts("a \u0001b\u0002 c")).toEqual([
      { text: "a ", match: false },
      { text: "b", match: true },
      { text: " c", match: false },
    ]);
    expect(headlineParts("")).toEqual([]);
  });
});
