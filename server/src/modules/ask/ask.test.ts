// POST /api/ask against the real app and database: the built-in answer and its citations,
// one meeting or all, the event stream, the history, the rate limit, and above all that
// citations only ever come from meetings the asker may read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { insertCompletedMeeting, type Turn } from "../../../../test/meetings";
import { actionItems } from "../../db/schema";
import { turnsAround } from "./ask.repo";
import { builtInAnswer, speakerWordsOf, tidySentence } from "./ask.service";

let t: TestApp;
const ORG = "/api/auth/organization";

async function signedUp(prefix: string, name: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, id: r.json.user.id as string };
}

const storedMeeting = (userId: string, title: string, turns: Turn[]) => insertCompletedMeeting(t.ctx.database.db, userId, title, turns);

const askQ = (c: TestClient, question: string, meetingId?: string) => c.post("/api/ask", { question, ...(meetingId ? { meetingId } : {}) });
const citedMeetings = (r: { json: any }) => [...new Set(r.json.citations.map((c: any) => c.meetingId))];

let owner: Awaited<ReturnType<typeof signedUp>>;
let budgetMeeting: string;

beforeAll(async () => {
  t = await startTestApp({ SEARCH_RATE_LIMIT_BURST: "8", SEARCH_RATE_LIMIT_PER_MINUTE: "100000" });
  owner = await signedUp("ask", "Olivia Owner");
  budgetMeeting = await storedMeeting(owner.id, "Budget review", [
    ["Ana", 0, "Good morning everyone, thanks for coming."],
    ["Ben", 30, "The marketing budget for the spring campaign is forty thousand euros."],
    ["Ana", 65, "We decided to move the trade fair money into online advertising instead."],
    ["Ben", 90, "I will send the revised budget sheet to finance by Friday."],
    ["Ana", 120, "Great, see you next week."],
  ]);
  await storedMeeting(owner.id, "Hiring sync", [["Cleo", 5, "We interviewed three candidates for the designer role today."]]);
});
afterAll(() => t.close());

describe("the built-in answer", () => {
  it("answers from the sentences that say it, with who and when, in the order said, citing the moments best first", async () => {
    const r = await askQ(owner.c, "What was decided about the marketing budget?");
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ engine: "built-in", model: null });
    expect(r.json.answer).toMatch(/Ben \(0:30\): The marketing budget for the spring campaign is forty thousand euros\. \[\d\]/);
    expect(r.json.citations[0]).toMatchObject({
      meetingId: budgetMeeting,
      meetingTitle: "Budget review",
      turnIndex: 1,
      start: 30,
      speaker: "Ben",
    });
    expect(citedMeetings(r)).toEqual([budgetMeeting]);
    // In the order said: the 0:30 turn before the 1:30 one when both are in the answer.
    const at30 = r.json.answer.indexOf("(0:30)");
    const at90 = r.json.answer.indexOf("(1:30)");
    if (at90 >= 0) expect(at30).toBeLessThan(at90);
    expect(r.json.answer.split(/\s+/).length).toBeLessThanOrEqual(140);
    // Every marker points to a citation.
    for (const m of r.json.answer.matchAll(/\[(\d+)\]/g)) expect(Number(m[1])).toBeLessThanOrEqual(r.json.citations.length);
  });

  it("says so when nothing answers, instead of guessing", async () => {
    const r = await askQ(owner.c, "What about the zeppelin hangar?");
    expect(r.status).toBe(200);
    expect(r.json.citations).toEqual([]);
    expect(r.json.answer).toMatch(/Nothing in the meetings you can read answers this/);
    // Asked on a meeting's page, it speaks of that meeting, not of every meeting the asker may read
    // (another asker: the owner's burst allowance is the rate limit test's).
    const asker = await signedUp("askone", "Oona One");
    const mine = await storedMeeting(asker.id, "Garden plan", [["Oona", 0, "We plant the tomatoes in April this year."]]);
    const one = await askQ(asker.c, "What about the zeppelin hangar?", mine);
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ answer: "Nothing in this meeting answers this. Try other words.", citations: [] });
  });

  it("credits an action item to who said it at its time, not to its assignee; the assignee is named as whose task it is", async () => {
    const asker = await signedUp("askitem", "Ivy Item");
    const m = await storedMeeting(asker.id, "Deck sync", [
      ["Alice", 0, "Someone has to send the budget deck to the board this week."],
      ["Speaker A", 5, "Sure, I can do that."],
      ["Alice", 9, "Thanks, that settles the agenda."],
    ]);
    const db = t.ctx.database.db;
    // Assigned to Alice (the notes' guess) though Speaker A said it at 0:05; one item a person added, with no time.
    await db.insert(actionItems).values([
      { meetingId: m, description: "Send the budget deck to the board", assignee: "Alice", sourceStart: 5, position: 0 },
      { meetingId: m, description: "Book the board room for the budget deck review", assignee: "Bob", sourceStart: null, position: 1 },
    ]);
    const r = await askQ(asker.c, "Who sends the budget deck to the board?", m);
    expect(r.status, r.text).toBe(200);
    expect(r.json.answer).toMatch(/^Speaker A \(0:05\), action item for Alice: Send the budget deck to the board \[\d\]$/m);
    expect(r.json.answer).toMatch(/^Action item for Bob: Book the board room for the budget deck review \[\d\]$/m);
    expect(r.json.answer).not.toMatch(/Alice \(0:05\)/);
    const item = r.json.citations.find((c: any) => c.text === "Send the budget deck to the board");
    expect(item).toMatchObject({ speaker: "Speaker A", start: 5, turnIndex: null });
    expect(r.json.citations.find((c: any) => c.text.startsWith("Book the board room"))).toMatchObject({ speaker: null, start: null });
  });

  it("keeps to one meeting when asked on it, and streams the answer as events when asked for text/event-stream", async () => {
    const other = await storedMeeting(owner.id, "Budget two", [["Dan", 0, "The marketing budget is still open for the autumn."]]);
    const one = await askQ(owner.c, "marketing budget", other);
    expect(citedMeetings(one)).toEqual([other]);
    const res = await fetch(`${t.url}/api/ask`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", cookie: owner.c.cookie, origin: t.url },
      body: JSON.stringify({ question: "marketing budget", meetingId: other }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await res.text();
    expect(text).toMatch(/^event: citations\ndata: /);
    const done = /event: done\ndata: (.*)\n\n$/.exec(text);
    expect(JSON.parse(done![1]!).citations[0].meetingId).toBe(other);
  });

  it("keeps the user's recent questions, newest first, and refuses bad input with the one error shape", async () => {
    const h = await owner.c.get("/api/ask/history");
    expect(h.status).toBe(200);
    expect(h.json.questions[0]).toMatchObject({ question: "marketing budget" });
    expect(h.json.questions.map((q: any) => q.question)).toContain("What was decided about the marketing budget?");
    const bad = await owner.c.post("/api/ask", { question: "" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: "VALIDATION_FAILED" });
    expect((await new TestClient(t.url).post("/api/ask", { question: "budget please" })).status).toBe(401);
  });

  it("prefers what the speaker a question names said", async () => {
    const m = await storedMeeting(owner.id, "Remote design", [
      ["Industrial Designer", 0, "The battery should sit under a flip top cover, easy to change."],
      ["Marketing", 20, "People want a flip top, our survey says the battery cover matters less."],
      ["Project Manager", 40, "Let us keep moving, the battery question is open."],
    ]);
    const r = await askQ(owner.c, "What did Marketing think about the flip top battery?", m);
    expect(r.status, r.text).toBe(200);
    expect(r.json.citations[0]).toMatchObject({ speaker: "Marketing", turnIndex: 1 });
    const d = await askQ(owner.c, "What did Industrial Designer think about the flip top battery?", m);
    expect(d.json.citations[0]).toMatchObject({ speaker: "Industrial Designer", turnIndex: 0 });
    // "PhD C" is matched as a whole label (search's speakerLabelsOf), not word by word (decision 039).
    expect(speakerWordsOf("What did PhD C think about the LCD?")).toEqual(["LCD"]);
  });

  it("prefers the speaker a question names by role ('the professor'), and only that speaker of a role with a letter", async () => {
    const asker = await signedUp("askrole", "Rita Role");
    const m = await storedMeeting(asker.id, "Front end", [
      ["PhD A", 0, "The noise filter helps on the clean data but the noise filter costs time."],
      ["Professor B", 20, "The noise filter is worth it, I think."],
      ["PhD C", 40, "The noise filter needs retraining for the far microphones."],
    ]);
    const r = await askQ(asker.c, "What did the professor think about the noise filter?", m);
    expect(r.status, r.text).toBe(200);
    expect(r.json.citations[0]).toMatchObject({ speaker: "Professor B", turnIndex: 1 });
    // Without the role, the turn that says the words most often leads.
    expect((await askQ(asker.c, "What about the noise filter?", m)).json.citations[0]).toMatchObject({ turnIndex: 0 });
    expect((await askQ(asker.c, "What did PhD C think about the noise filter?", m)).json.citations[0]).toMatchObject({
      speaker: "PhD C",
    });
  });

  it("cites a short turn the ranking found, answering with its exchange; never a turn of a meeting the asker may not read", async () => {
    const asker = await signedUp("askshort", "Sam Short");
    const m = await storedMeeting(asker.id, "Remote features", [
      ["Ana", 0, "Let us go through the feature list one by one."],
      ["Ben", 40, "The locator?"],
      ["Ana", 43, "Yes, a beeper that finds the remote when it is lost under the sofa."],
      ["Ben", 50, "People lose it all the time, so it sells."],
      ["Cleo", 200, "Next is the colour of the case."],
    ]);
    const r = await askQ(asker.c, "What was said about the locator?", m);
    expect(r.status, r.text).toBe(200);
    expect(r.json.citations[0]).toMatchObject({ meetingId: m, turnIndex: 1, start: 40, speaker: "Ben", text: "The locator?" });
    expect(r.json.answer).toMatch(/Ana \(0:43\): Yes, a beeper that finds the remote when it is lost under the sofa\. \[1\]/);
    expect(r.json.answer).not.toContain("colour");
    // The exchange's turns are read only from meetings the asker may read.
    const stranger = await signedUp("askshortx", "Xena Stranger");
    expect(await turnsAround(t.ctx.database.db, stranger.id, [{ meeting_id: m, position: 1 }], 4)).toEqual([]);
    const own = await turnsAround(t.ctx.database.db, asker.id, [{ meeting_id: m, position: 1 }], 2);
    expect(own.map((p) => p.position)).toEqual([0, 2, 3]);
  });

  it("prefers the speaker a question names in lower case, by their whole label", async () => {
    const m = await storedMeeting(owner.id, "Remote costs", [
      ["Marketing", 0, "The project manager set the casing budget for the project."],
      ["Project Manager", 20, "The project manager set the casing budget."],
    ]);
    // The same words as often (the label's words are indexed with its turns): only "project manager", written out,
    // tells the turns apart (else the earlier turn is first).
    const r = await askQ(owner.c, "what did the project manager say about the casing budget?", m);
    expect(r.status, r.text).toBe(200);
    expect(r.json.citations[0]).toMatchObject({ speaker: "Project Manager", turnIndex: 1 });
  });

  it("writes its sentences without hesitations and stutters; the citation keeps the turn as said", () => {
    expect(tidySentence("Um, I think the the battery, uh, should be flip-top.")).toBe("I think the battery should be flip-top.");
    expect(tidySentence("so um we we need a locator, umbrella or not")).toBe("So we need a locator, umbrella or not");
    expect(tidySentence("Uh-huh, that works")).toBe("Uh-huh, that works");
    const body = "Um, so the the budget is, uh, forty thousand euros for the campaign.";
    const a = builtInAnswer("budget campaign", [
      { meeting_id: "m", title: "T", kind: "turn", position: 0, speaker: "Ben", start_seconds: 30, body, score: 2, meeting_score: 2 },
    ]);
    expect(a.answer).toBe("Ben (0:30): So the budget is forty thousand euros for the campaign. [1]");
    expect(a.citations[0]!.text).toBe(body);
  });

  it("writes a sentence the notes quote once, from the turn that said it; moments with a time are cited first", () => {
    const turnText = "We decided the battery goes under a flip top cover.";
    const base = { meeting_id: "m", title: "T", meeting_score: 3 };
    const a = builtInAnswer("flip top battery cover", [
      { ...base, kind: "decision", position: 0, speaker: null, start_seconds: null, body: `- ${turnText} (Ines)`, score: 3 },
      {
        ...base,
        kind: "summary",
        position: 1,
        speaker: null,
        start_seconds: null,
        body: "- The flip top cover is settled for the battery. (Pat)",
        score: 2.5,
      },
      { ...base, kind: "turn", position: 3, speaker: "Ines", start_seconds: 65, body: turnText, score: 2 },
    ]);
    expect(a.answer.match(/We decided the battery/g)).toHaveLength(1);
    expect(a.answer).toContain("Ines (1:05): We decided the battery goes under a flip top cover. [1]");
    expect(a.answer).toContain("The notes: The flip top cover is settled for the battery. [2]");
    expect(a.citations.map((c) => c.turnIndex)).toEqual([3, null]);
  });

  it("writes at most about 100 words from long passages", () => {
    const body = Array.from({ length: 30 }, (_, i) => `The budget line ${i} covers the marketing spend for region ${i}.`).join(" ");
    const passages = [0, 1, 2].map((i) => ({
      meeting_id: "m",
      title: "T",
      kind: "turn" as const,
      position: i,
      speaker: "Ana",
      start_seconds: i * 60,
      body,
      score: 3 - i,
      meeting_score: 5,
    }));
    const a = builtInAnswer("marketing budget", passages);
    expect(a.answer.split(/\s+/).length).toBeLessThanOrEqual(130);
    expect(a.citations.length).toBeGreaterThan(0);
  });

  it("takes the best sentence of each of the three best passages before more of one long turn", () => {
    const long = Array.from({ length: 12 }, (_, i) => `The marketing budget for region ${i} was discussed at length today.`).join(" ");
    const passage = (position: number, body: string, score: number) => ({
      meeting_id: "m",
      title: "T",
      kind: "turn" as const,
      position,
      speaker: "Ana",
      start_seconds: position * 10,
      body,
      score,
      meeting_score: 5,
    });
    const a = builtInAnswer("marketing budget", [
      passage(1, long, 4),
      passage(7, "The marketing budget is forty thousand euros in spring.", 2),
      passage(9, "Nobody wants to cut the marketing budget again this year.", 1.5),
    ]);
    expect(a.citations.map((c) => c.turnIndex)).toEqual([1, 7, 9]);
    expect(a.answer).toMatch(/forty thousand euros/);
  });

  it("reads a hyphenated word as its parts, as search does: 'jog-dial' answers a question about the jog dial", () => {
    const a = builtInAnswer("What does the jog dial do?", [
      {
        meeting_id: "m",
        title: "T",
        kind: "turn",
        position: 4,
        speaker: "Ana",
        start_seconds: 40,
        body: "Okay, the jog-dial sets the volume for now.",
        score: 2,
        meeting_score: 2,
      },
    ]);
    expect(a.citations.map((c) => c.turnIndex)).toEqual([4]);
    expect(a.answer).toMatch(/jog-dial sets the volume/);
  });

  it("leads with passages at least half a minute apart: three turns of one exchange are one place", () => {
    const passage = (position: number, start: number, score: number) => ({
      meeting_id: "m",
      title: "T",
      kind: "turn" as const,
      position,
      speaker: "Ana",
      start_seconds: start,
      body: `The marketing budget point number ${position} was made here.`,
      score,
      meeting_score: 5,
    });
    const passages = [passage(1, 0, 3), passage(2, 8, 2.9), passage(3, 15, 2.8), passage(4, 20, 2.7), passage(40, 300, 2)];
    // The turn five minutes later is among the first three citations (best first among them).
    expect(builtInAnswer("marketing budget", passages).citations.map((c) => c.turnIndex)).toEqual([1, 2, 40, 3, 4]);
    // Without the gap: as ranked.
    expect(builtInAnswer("marketing budget", passages, 3, 0).citations.map((c) => c.turnIndex)).toEqual([1, 2, 3, 4, 40]);
  });
});

describe("who may be cited", () => {
  it("never cites a stranger's meeting, a guest only what is shared with them, a member who left nothing of the team's", async () => {
    const guest = await signedUp("askguest", "Gus Guest");
    const member = await signedUp("askmember", "Mia Member");
    const stranger = await signedUp("askstranger", "Stan Stranger");
    const strangers = await storedMeeting(stranger.id, "Pelican board", [["Stan", 0, "The pelican budget is twelve pelicans."]]);
    const shared = await storedMeeting(owner.id, "Pelican review", [
      ["Ana", 12, "The pelican contract is signed and the pelican budget approved."],
    ]);
    const unshared = await storedMeeting(owner.id, "Pelican private", [["Ana", 3, "The pelican invoice is overdue."]]);
    const team = (await owner.c.post(`${ORG}/create`, { name: "Ask team", slug: `ask-${Date.now()}` })).json;
    for (const [who, role] of [
      [guest, "guest"],
      [member, "member"],
    ] as const) {
      const inv = await owner.c.post(`${ORG}/invite-member`, { email: who.email, role, organizationId: team.id });
      expect(inv.status, inv.text).toBe(200);
      expect((await who.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    }
    expect((await owner.c.put(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);

    expect(citedMeetings(await askQ(stranger.c, "What about the pelican budget?"))).toEqual([strangers]);
    expect(citedMeetings(await askQ(guest.c, "What about the pelican budget and the invoice?"))).toEqual([shared]);
    expect(citedMeetings(await askQ(member.c, "What about the pelican budget and the invoice?"))).toEqual([shared]);
    const all = citedMeetings(await askQ(owner.c, "What about the pelican contract, budget and invoice?"));
    expect(all).not.toContain(strangers);
    expect(all).toContain(shared);
    // Asking on a meeting one may not read: 404, as if it did not exist.
    expect((await askQ(guest.c, "pelican invoice", unshared)).status).toBe(404);
    expect((await askQ(stranger.c, "pelican", shared)).status).toBe(404);

    // The member leaves: nothing of the team's is cited any more.
    expect((await member.c.post(`${ORG}/leave`, { organizationId: team.id })).status).toBe(200);
    const after = await askQ(member.c, "What about the pelican budget?");
    expect(after.json.citations).toEqual([]);
    expect((await askQ(member.c, "pelican", shared)).status).toBe(404);
  });
});

describe("questions that cost too much", () => {
  it("answers 429 with Retry-After past a user's burst, in the one error shape; other users go on", async () => {
    const busy = await signedUp("askbusy", "Busy Bee");
    const answers = await Promise.all(Array.from({ length: 12 }, () => askQ(busy.c, "budget")));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.error).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/Too many questions/) });
    const calm = await signedUp("askcalm", "Calm Cat");
    expect((await askQ(calm.c, "budget")).status).toBe(200);
  });
});
