// "Possible action items" (issue 30): items the notes engine was unsure of are stored suggested, marked in the API,
// listed apart, and count nowhere (counts, my items, exports, sending) until a person accepts one. Guests may not
// accept or dismiss; a dismissed one is not suggested again by a regenerate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { meetings } from "../../db/schema";
import { possibleActionItems } from "../../pipeline/summary/possible-items";
import { replaceExtractedItems } from "./action-items.repo";

const ORG = "/api/auth/organization";
let t: TestApp;
let owner: TestClient;
let ownerId: string;

const utterances: Utterance[] = [
  { speaker: "Eli Park", start: 3, end: 8, text: "I'll write the incident report by Thursday." },
  { speaker: "Nora Vance", start: 9, end: 14, text: "Maybe someone could look at the flaky tests at some point." },
];
const draft = (task: string, suggested = false, sourceStart = 3): ActionItemDraft => ({
  task,
  assignee: "Eli Park",
  dueDate: null,
  sourceStart,
  suggested,
});

async function signedUp(prefix: string, name: string) {
  const c = new TestClient(t.url);
  const r = await c.signUp(uniqueEmail(prefix), "secret123", name);
  return { c, id: r.json.user.id as string, email: r.json.user.email as string };
}

/** What the summarize step does with the engine's drafts, on a meeting stored as completed. */
async function meetingWith(drafts: ActionItemDraft[]): Promise<string> {
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({
      userId: ownerId,
      title: "Standup",
      status: "completed",
      sourceType: "transcript_import",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
      notes: { overview: "", keyPoints: [], decisions: [] },
    })
    .returning();
  await regenerateWith(row!.id, drafts);
  return row!.id;
}
const regenerateWith = (id: string, drafts: ActionItemDraft[]) =>
  t.ctx.database.db.transaction((tx) => replaceExtractedItems(tx, id, drafts));

beforeAll(async () => {
  t = await startTestApp();
  owner = new TestClient(t.url);
  ownerId = (await owner.signUp(uniqueEmail("eli"), "secret123", "Eli Park")).json.user.id;
});
afterAll(() => t.close());

describe("possible action items", () => {
  it("are marked in the API and count nowhere until accepted", async () => {
    const id = await meetingWith([draft("Write the incident report"), draft("Look at the flaky tests", true, 9)]);
    const m = (await owner.get(`/api/meetings/${id}`)).json;
    expect(m.actionItems.map((i: any) => [i.description, i.suggested])).toEqual([
      ["Write the incident report", false],
      ["Look at the flaky tests", true],
    ]);
    expect([m.pendingCount, m.actionItemCount]).toEqual([1, 1]);
    const listed = (await owner.get("/api/meetings")).json.meetings.find((x: any) => x.id === id);
    expect([listed.pendingCount, listed.actionItemCount]).toEqual([1, 1]);
    const mine = (await owner.get("/api/action-items?assignee=me")).json.items.map((i: any) => i.description);
    expect(mine).toContain("Write the incident report");
    expect(mine).not.toContain("Look at the flaky tests");
    const md = await (await fetch(`${t.url}/api/meetings/${id}/export.md`, { headers: { cookie: owner.cookie } })).text();
    const mdItems = md.slice(md.indexOf("## Action items"), md.indexOf("## Transcript"));
    expect(mdItems).toContain("Write the incident report");
    expect(mdItems).not.toContain("flaky tests");
    const json = (await (await fetch(`${t.url}/api/meetings/${id}/export.json`, { headers: { cookie: owner.cookie } })).json()) as {
      actionItems: { description: string }[];
    };
    expect(json.actionItems.map((i) => i.description)).toEqual(["Write the incident report"]);

    // A public link shows the action items, not the possible ones.
    const link = await owner.post(`/api/meetings/${id}/public-links`, { parts: ["actionItems"] });
    expect(link.status, link.text).toBe(201);
    const shown = (await new TestClient(t.url).get(`/api/public/${link.json.token}`)).json.actionItems.map((i: any) => i.description);
    expect(shown).toEqual(["Write the incident report"]);

    // Nothing leaves the app while it is only possible.
    const possible = m.actionItems.find((i: any) => i.suggested);
    const send = await owner.post(`/api/action-items/${possible.id}/send`, { integrationId: crypto.randomUUID() });
    expect(send.status).toBe(409);
    expect(send.json.error.message).toMatch(/Accept this possible action item/);

    // Accepted with one click: an action item now, and a person's (a regenerate keeps it, once).
    const accepted = await owner.patch(`/api/action-items/${possible.id}`, { suggested: false });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json.suggested).toBe(false);
    await regenerateWith(id, [draft("Write the incident report"), draft("Look at the flaky tests", true, 9)]);
    const after = (await owner.get(`/api/meetings/${id}`)).json;
    expect(after.actionItems.map((i: any) => [i.description, i.suggested])).toEqual([
      ["Write the incident report", false],
      ["Look at the flaky tests", false],
    ]);
    expect([after.pendingCount, after.actionItemCount]).toEqual([2, 2]);
    // Only false is an answer: a person cannot make an item possible again.
    expect((await owner.patch(`/api/action-items/${possible.id}`, { suggested: true })).status).toBe(400);
  });

  it("dismissed, are not suggested again by a regenerate; guests may neither accept nor dismiss, members may", async () => {
    const id = await meetingWith([draft("Look at the flaky tests", true, 9), draft("Ping finance about the invoice", true, 12)]);
    const team = (await owner.post(`${ORG}/create`, { name: "Standup team", slug: `p-${Date.now()}` })).json;
    const member = await signedUp("member", "Mia Member");
    const guest = await signedUp("guest", "Gus Guest");
    for (const [u, role] of [
      [member, "member"],
      [guest, "guest"],
    ] as const) {
      const inv = await owner.post(`${ORG}/invite-member`, { email: u.email, role, organizationId: team.id });
      expect(inv.status, inv.text).toBe(200);
      expect((await u.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    }
    expect((await owner.put(`/api/meetings/${id}/shares/${team.id}`)).status).toBe(200);
    const items = (await guest.c.get(`/api/meetings/${id}`)).json.actionItems;
    const [flaky, ping] = [items.find((i: any) => /flaky/.test(i.description)), items.find((i: any) => /finance/.test(i.description))];
    expect(flaky.suggested && ping.suggested).toBe(true);

    const byGuest = await guest.c.patch(`/api/action-items/${flaky.id}`, { suggested: false });
    expect(byGuest.status).toBe(403);
    expect((await guest.c.delete(`/api/action-items/${flaky.id}`)).status).toBe(403);
    const stranger = await signedUp("stranger", "Sid Stranger");
    expect((await stranger.c.patch(`/api/action-items/${flaky.id}`, { suggested: false })).status).toBe(404);

    expect((await member.c.delete(`/api/action-items/${flaky.id}`)).status).toBe(204);
    expect((await member.c.patch(`/api/action-items/${ping.id}`, { suggested: false })).json.suggested).toBe(false);

    await regenerateWith(id, [draft("Look at the flaky tests", true, 9), draft("Ping finance about the invoice", true, 12)]);
    const after = (await owner.get(`/api/meetings/${id}`)).json.actionItems;
    expect(after.map((i: any) => [i.description, i.suggested])).toEqual([["Ping finance about the invoice", false]]);
  });

  it("come from the scorer's unsure band, never repeat a kept item, and say who and when", () => {
    const kept = [draft("Write the incident report")];
    // With the band wide open every actionable clause qualifies; the kept item's work is not suggested again.
    const open = possibleActionItems(utterances, new Date("2025-05-06T12:00:00Z"), kept, { min: 0, max: 1.01 });
    expect(open.every((i) => i.suggested === true)).toBe(true);
    expect(open.some((i) => /incident report/i.test(i.task))).toBe(false);
    for (const i of open) expect(utterances.map((u) => u.start)).toContain(i.sourceStart);
    // An empty band suggests nothing.
    expect(possibleActionItems(utterances, new Date("2025-05-06T12:00:00Z"), [], { min: 1, max: 1 })).toEqual([]);
  });
});
