// Transcript corrections against the real app: per-turn text and speaker, who and when,
// undo of the last 20, who may do it, and that search and 'Regenerate summary' read them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import type { Utterance } from "../../../../contract/transcript";
import { eq, sql } from "drizzle-orm";
import { meetings, transcriptEdits } from "../../db/schema";
import { expireEditText } from "./transcript-edits.repo";

let t: TestApp;
let owner: TestClient;
let ownerId: string;
const ORG = "/api/auth/organization";

async function signedUp(prefix: string, name: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, id: r.json.user.id as string };
}

async function diarized(status: "completed" | "processing" = "completed") {
  const utterances: Utterance[] = [
    { speaker: "Speaker A", start: 0, end: 2.5, text: "We review the budgit today.", words: [{ text: "We", start: 0, end: 0.2 }] },
    { speaker: "Speaker B", start: 2.5, end: 5, text: "I will send the numbers." },
  ];
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({
      userId: ownerId,
      title: "Edit me",
      status,
      sourceType: "file_upload",
      transcriptLanguage: "en",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
    })
    .returning();
  return row!.id;
}

const edit = (c: TestClient, id: string, index: number | string, body: unknown) => c.patch(`/api/meetings/${id}/turns/${index}`, body);
const search = async (c: TestClient, q: string) =>
  (await c.get(`/api/search?q=${encodeURIComponent(q)}`)).json.results.map((r: any) => r.meetingId);

beforeAll(async () => {
  t = await startTestApp();
  const o = await signedUp("edits", "Olivia Owner");
  owner = o.c;
  ownerId = o.id;
});
afterAll(() => t.close());

describe("correcting a turn", () => {
  it("changes the text and the speaker, keeps the times, records who and when; search follows", async () => {
    const id = await diarized();
    expect(await search(owner, "budgit")).toEqual([id]);
    const before = Date.now();
    const r = await edit(owner, id, 0, { text: "  We review the budget today.  " });
    expect(r.status, r.text).toBe(200);
    const turn = r.json.utterances[0];
    expect(turn).toMatchObject({
      speaker: "Speaker A",
      start: 0,
      end: 2.5,
      text: "We review the budget today.",
      edited: { by: "Olivia Owner" },
    });
    expect(turn.words).toBeUndefined(); // the old word timings no longer match the text
    expect(Date.parse(turn.edited.at)).toBeGreaterThanOrEqual(before - 1000);
    // The stored text follows the turns (the answer sends the turns only: decision 040).
    expect(r.json.transcript).toBeNull();
    const [stored] = await t.ctx.database.db.select({ transcript: meetings.transcript }).from(meetings).where(eq(meetings.id, id));
    expect(stored!.transcript).toBe("We review the budget today.\nI will send the numbers.");
    expect(await search(owner, "budgit")).toEqual([]);
    expect(await search(owner, "budget review")).toEqual([id]);

    const s = await edit(owner, id, 1, { speaker: "Sam Park" });
    expect(s.json.utterances[1]).toMatchObject({ speaker: "Sam Park", text: "I will send the numbers.", start: 2.5, end: 5 });
    expect(s.json.speakers).toEqual(["Speaker A", "Sam Park"]);
    // Same text and speaker: nothing to record.
    expect((await edit(owner, id, 1, { speaker: "Sam Park" })).status).toBe(200);
    expect((await owner.get(`/api/meetings/${id}/turns/edits`)).json.edits).toHaveLength(2);
  });

  it("undoes the newest edits one by one, keeping the last 20", async () => {
    const id = await diarized();
    const original = (await owner.get(`/api/meetings/${id}`)).json.utterances;
    for (let i = 1; i <= 21; i++) expect((await edit(owner, id, 1, { text: `Version ${i}.` })).status).toBe(200);
    const history = (await owner.get(`/api/meetings/${id}/turns/edits`)).json.edits;
    expect(history).toHaveLength(20);
    expect(history[0]).toMatchObject({
      turnIndex: 1,
      editorName: "Olivia Owner",
      after: { text: "Version 21." },
      before: { text: "Version 20." },
    });
    const undone = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(undone.status, undone.text).toBe(200);
    expect(undone.json.utterances[1].text).toBe("Version 20.");
    for (let i = 0; i < 19; i++) expect((await owner.post(`/api/meetings/${id}/turns/undo`)).status).toBe(200);
    expect((await owner.get(`/api/meetings/${id}`)).json.utterances[1].text).toBe("Version 1.");
    const nothing = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(nothing.status).toBe(409);
    expect(nothing.json.error.message).toBe("There is no transcript edit to undo.");
    expect(original[1].text).toBe("I will send the numbers.");
  });

  it("restores word timings on undo and refuses to undo over a later rename", async () => {
    const id = await diarized();
    await edit(owner, id, 0, { text: "Changed." });
    const back = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(back.json.utterances[0]).toEqual({
      speaker: "Speaker A",
      start: 0,
      end: 2.5,
      text: "We review the budgit today.",
      words: [{ text: "We", start: 0, end: 0.2 }],
    });
    await edit(owner, id, 0, { text: "Changed again." });
    expect((await owner.patch(`/api/meetings/${id}/speakers`, { names: { "Speaker A": "Ana" } })).status).toBe(200);
    const refused = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toMatch(/Turn 1 has changed since that edit/);
    expect((await owner.get(`/api/meetings/${id}`)).json.utterances[0]).toMatchObject({ speaker: "Ana", text: "Changed again." });
  });

  it("says what is wrong with a bad edit", async () => {
    const id = await diarized();
    const empty = await edit(owner, id, 0, { text: "   " });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/cannot be empty/);
    const none = await edit(owner, id, 0, {});
    expect(none.status).toBe(400);
    expect(none.json.error.message).toMatch(/Give the corrected text, the speaker, or both/);
    const missing = await edit(owner, id, 7, { text: "x" });
    expect(missing.status).toBe(404);
    expect(missing.json.error.message).toMatch(/no turn 8/);
    expect((await edit(owner, id, -1, { text: "x" })).status).toBe(400);
    expect((await edit(owner, id, "abc", { text: "x" })).status).toBe(400);
    const busy = await diarized("processing");
    const r = await edit(owner, busy, 0, { text: "x" });
    expect(r.status).toBe(409);
    expect(r.json.error.message).toMatch(/still being processed/);
  });
});

describe("who may edit", () => {
  it("the owner and team members may; a guest gets 403, a stranger 404, no session 401", async () => {
    const id = await diarized();
    const team = (await owner.post(`${ORG}/create`, { name: "Edit team", slug: `edit-${Date.now()}` })).json;
    const member = await signedUp("member", "Mia Member");
    const guest = await signedUp("guest", "Gus Guest");
    const stranger = await signedUp("stranger", "Stan Stranger");
    for (const [u, role] of [
      [member, "member"],
      [guest, "guest"],
    ] as const) {
      const inv = await owner.post(`${ORG}/invite-member`, { email: u.email, role, organizationId: team.id });
      expect((await u.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    }
    expect((await owner.put(`/api/meetings/${id}/shares/${team.id}`)).status).toBe(200);

    const byGuest = await edit(guest.c, id, 0, { text: "Guest was here." });
    expect(byGuest.status).toBe(403);
    expect(byGuest.json.error.code).toBe("FORBIDDEN");
    // Says what to do (QA round 3, decision 046), not only "You can view this meeting but not change it."
    expect(byGuest.json.error.message).toBe(
      "Guests can read this meeting but not correct its transcript. Ask the team's owner to make you a member.",
    );
    const undoByGuest = await guest.c.post(`/api/meetings/${id}/turns/undo`);
    expect(undoByGuest.status).toBe(403);
    expect(undoByGuest.json.error.message).toMatch(/^Guests can read this meeting but not correct its transcript\./);
    expect((await edit(stranger.c, id, 0, { text: "Stranger." })).status).toBe(404);
    expect((await stranger.c.get(`/api/meetings/${id}/turns/edits`)).status).toBe(404);
    expect((await edit(new TestClient(t.url), id, 0, { text: "Anon." })).status).toBe(401);
    expect((await new TestClient(t.url).get(`/api/meetings/${id}/turns/edits`)).status).toBe(401);
    expect((await owner.get(`/api/meetings/${id}`)).json.utterances[0].text).toBe("We review the budgit today.");

    const byMember = await edit(member.c, id, 0, { text: "We review the budget today." });
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.json.utterances[0].edited.by).toBe("Mia Member");
    // The guest reads the correction and who made it (on the turn), never the removed text:
    // the edit history is for those who may edit.
    const seen = (await guest.c.get(`/api/meetings/${id}`)).json.utterances[0];
    expect(seen).toMatchObject({ text: "We review the budget today.", edited: { by: "Mia Member" } });
    const history = await guest.c.get(`/api/meetings/${id}/turns/edits`);
    expect(history.status).toBe(403);
    expect(history.json).toEqual({ error: { code: "FORBIDDEN", message: "You can view this meeting but not change it." } });
    const byMemberHistory = await member.c.get(`/api/meetings/${id}/turns/edits`);
    expect(byMemberHistory.json.edits[0]).toMatchObject({ before: { text: "We review the budgit today." }, undoable: true });
  });
});

describe("the undo window", () => {
  const age = (meetingId: string, hours: number) =>
    t.ctx.database.db
      .update(transcriptEdits)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(transcriptEdits.meetingId, meetingId));
  const stored = (meetingId: string) =>
    t.ctx.database.db
      .select({ before: transcriptEdits.before, after: transcriptEdits.after, editorId: transcriptEdits.editorId })
      .from(transcriptEdits)
      .where(eq(transcriptEdits.meetingId, meetingId));

  it("past TRANSCRIPT_UNDO_HOURS an edit keeps who changed which turn and when, not the removed text, and cannot be undone", async () => {
    const id = await diarized();
    expect((await edit(owner, id, 1, { text: "I will send the secret numbers." })).status).toBe(200);
    expect((await edit(owner, id, 1, { text: "I will send the numbers later." })).status).toBe(200);
    await age(id, 23);
    // Within the window: the text is there and the newest edit can be undone.
    expect((await owner.get(`/api/meetings/${id}/turns/edits`)).json.edits.map((e: any) => e.undoable)).toEqual([true, true]);
    await age(id, 25);
    const history = await owner.get(`/api/meetings/${id}/turns/edits`);
    expect(history.status).toBe(200);
    expect(history.json.edits).toHaveLength(2);
    for (const e of history.json.edits)
      expect(e).toEqual({
        id: expect.any(String),
        turnIndex: 1,
        before: null,
        after: null,
        undoable: false,
        editorName: "Olivia Owner",
        createdAt: expect.any(String),
      });
    // Gone from the database too, not only from the answer.
    expect(await stored(id)).toEqual([
      { before: null, after: null, editorId: ownerId },
      { before: null, after: null, editorId: ownerId },
    ]);
    expect(JSON.stringify(await stored(id))).not.toContain("secret");
    const undo = await owner.post(`/api/meetings/${id}/turns/undo`);
    expect(undo.status).toBe(409);
    expect(undo.json.error.message).toBe(
      "The last transcript edit is more than 24 hours old, and edits can be undone for 24 hours only. Correct the turn by hand instead.",
    );
    expect((await owner.get(`/api/meetings/${id}`)).json.utterances[1].text).toBe("I will send the numbers later.");
  });

  it("the sweep drops expired text of meetings nobody opens again, and leaves recent edits alone", async () => {
    const old = await diarized();
    const recent = await diarized();
    await edit(owner, old, 0, { text: "Old correction." });
    await edit(owner, recent, 0, { text: "Recent correction." });
    await age(old, 48);
    await expireEditText(t.ctx.database.db, 24);
    expect(await stored(old)).toEqual([{ before: null, after: null, editorId: ownerId }]);
    expect((await stored(recent))[0]!.before).toMatchObject({ text: "We review the budgit today." });
  });
});

describe("regenerating after edits", () => {
  it("'Regenerate summary' reads the corrected turns", async () => {
    const id = await owner.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const done = await owner.waitCompleted(id);
    const index = done.utterances.findIndex((u: any) => /deck/.test(u.text));
    expect((await edit(owner, id, index, { text: "I'll send the signed contract to the client by Friday." })).status).toBe(200);
    expect((await owner.post(`/api/meetings/${id}/summarize`)).status).toBe(200);
    const again = await owner.waitCompleted(id);
    const items = again.actionItems.map((a: any) => a.description).join(" | ");
    expect(items).toMatch(/contract/i);
  });
});
