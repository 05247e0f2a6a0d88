// PATCH /api/meetings/{id}/speakers against the real app: renames, merges, validation,
// who may do it, and a Teams transcript with real names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import type { Utterance } from "../../../../contract/transcript";
import { meetings } from "../../db/schema";
import type { MeetingEvent } from "../../events/meeting-events";
import { renameInText } from "./speaker-names.service";

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

/** A diarized meeting as the speech engines store it: labels, times and words. */
async function diarizedMeeting(status: "completed" | "processing" = "completed") {
  const utterances: Utterance[] = [
    { speaker: "Speaker A", start: 0, end: 2, text: "Let's review the budget.", words: [{ text: "Let's", start: 0, end: 0.4 }] },
    { speaker: "Speaker B", start: 2, end: 4, text: "I'll send it by Friday." },
    { speaker: "Speaker C", start: 4, end: 6, text: "Sounds good." },
    { speaker: "Speaker A", start: 6, end: 8, text: "Thanks." },
  ];
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({
      userId: ownerId,
      title: "Budget call",
      status,
      sourceType: "file_upload",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
      notes: {
        overview: "Speaker A and Speaker B talked about the budget.",
        keyPoints: [{ text: "Speaker B sends the budget.", speaker: "Speaker B", start: 2 }],
        decisions: [{ text: "We keep the travel budget flat.", speaker: "Speaker A", start: 0 }],
      },
    })
    .returning();
  const id = row!.id;
  const item = async (assignee: string | null, description: string) =>
    (await owner.post(`/api/meetings/${id}/action-items`, { description, assignee })).json.id as string;
  if (status === "completed") {
    await item("Speaker B", "Send the budget");
    await item("Dana Lee", "Book the room"); // reassigned by hand: keeps its owner
    await item("Speaker A", "Review the numbers");
  }
  return id;
}

const speakersOf = (m: any) => m.utterances.map((u: any) => u.speaker);
const ownerOf = (m: any, description: string) => m.actionItems.find((a: any) => a.description === description)?.assignee;
const rename = (c: TestClient, id: string, names: unknown) => c.patch(`/api/meetings/${id}/speakers`, { names });

beforeAll(async () => {
  t = await startTestApp();
  const o = await signedUp("speakers", "Olivia Owner");
  owner = o.c;
  ownerId = o.id;
});
afterAll(() => t.close());

describe("renaming speakers", () => {
  it("renames one label in the utterances, the speaker list and the items it owns, and tells open pages", async () => {
    const id = await diarizedMeeting();
    const events: MeetingEvent[] = [];
    const unsubscribe = await t.ctx.events.subscribe((e) => events.push(e));
    const r = await rename(owner, id, { "Speaker B": "  Sam Park  " });
    expect(r.status, r.text).toBe(200);
    expect(speakersOf(r.json)).toEqual(["Speaker A", "Sam Park", "Speaker C", "Speaker A"]);
    expect(r.json.speakers).toEqual(["Speaker A", "Sam Park", "Speaker C"]);
    expect(r.json.utterances[0].words).toEqual([{ text: "Let's", start: 0, end: 0.4 }]);
    expect(ownerOf(r.json, "Send the budget")).toBe("Sam Park");
    expect(ownerOf(r.json, "Book the room")).toBe("Dana Lee");
    expect(ownerOf(r.json, "Review the numbers")).toBe("Speaker A");
    expect(r.json.access).toBe("owner");
    // Stored, and the same shape as GET.
    const again = await owner.get(`/api/meetings/${id}`);
    expect(again.json).toEqual(r.json);
    const listed = (await owner.get("/api/meetings")).json.meetings.find((m: any) => m.id === id);
    expect(listed.speakers).toEqual(["Speaker A", "Sam Park", "Speaker C"]);
    await expect.poll(() => events.some((e) => e.type === "changed" && e.meetingId === id)).toBe(true);
    unsubscribe();
  });

  it("renames the labels in the notes: each point's speaker and where the text names them", async () => {
    const id = await diarizedMeeting();
    const r = await rename(owner, id, { "Speaker A": "Maria Lopez", "Speaker B": "Sam Park" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.notes).toEqual({
      overview: "Maria Lopez and Sam Park talked about the budget.",
      keyPoints: [{ text: "Sam Park sends the budget.", speaker: "Sam Park", start: 2 }],
      decisions: [{ text: "We keep the travel budget flat.", speaker: "Maria Lopez", start: 0 }],
    });
  });

  it("replaces whole labels only, all at once", () => {
    const plan = new Map([
      ["Speaker 1", "Ana"],
      ["Speaker 10", "Ben"],
      ["Speaker 2", "Speaker 1"],
    ]);
    expect(renameInText("Speaker 1, Speaker 10 and Speaker 2 (Speaker 1).", plan)).toBe("Ana, Ben and Speaker 1 (Ana).");
    expect(renameInText("Speaker 11 spoke", plan)).toBe("Speaker 11 spoke");
    expect(renameInText("A (b) label?", new Map([["(b)", "B"]]))).toBe("A B label?");
  });

  it("merges two labels given one name, and a label renamed to another existing label", async () => {
    const id = await diarizedMeeting();
    const r = await rename(owner, id, { "Speaker A": "Maria", "Speaker C": "Maria" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.speakers).toEqual(["Maria", "Speaker B"]);
    expect(ownerOf(r.json, "Review the numbers")).toBe("Maria");
    const into = await rename(owner, id, { "Speaker B": "Maria" });
    expect(into.status, into.text).toBe(200);
    expect(into.json.speakers).toEqual(["Maria"]);
    expect(ownerOf(into.json, "Send the budget")).toBe("Maria");
  });

  it("swaps two names at once without chaining them", async () => {
    const id = await diarizedMeeting();
    const r = await rename(owner, id, { "Speaker A": "Speaker B", "Speaker B": "Speaker A" });
    expect(r.status, r.text).toBe(200);
    expect(speakersOf(r.json)).toEqual(["Speaker B", "Speaker A", "Speaker C", "Speaker B"]);
    expect(ownerOf(r.json, "Send the budget")).toBe("Speaker A");
    expect(ownerOf(r.json, "Review the numbers")).toBe("Speaker B");
  });

  it("renames the real names of an imported Teams transcript", async () => {
    const id = await owner.importTranscript("launch.vtt", SAMPLE_TEAMS_VTT, "Launch sync");
    const m = await owner.waitCompleted(id);
    const samItems = m.actionItems.filter((a: any) => a.assignee === "Sam Park").length;
    expect(samItems).toBeGreaterThan(0);
    const r = await rename(owner, id, { "Sam Park": "Samuel Park" });
    expect(r.status, r.text).toBe(200);
    expect(r.json.speakers).toEqual(["Maria Lopez", "Samuel Park"]);
    expect(r.json.actionItems.filter((a: any) => a.assignee === "Samuel Park").length).toBe(samItems);
    expect(r.json.actionItems.some((a: any) => a.assignee === "Sam Park")).toBe(false);
  });

  it("refuses while the meeting is still being processed", async () => {
    const id = await diarizedMeeting("processing");
    const r = await rename(owner, id, { "Speaker A": "Maria" });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe("CONFLICT");
  });
});

describe("validation", () => {
  it("refuses unknown labels, empty or long names and an empty map, changing nothing", async () => {
    const id = await diarizedMeeting();
    const before = (await owner.get(`/api/meetings/${id}`)).json;
    const unknown = await rename(owner, id, { "Speaker A": "Maria", "Speaker Z": "Zoe" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toEqual({ code: "BAD_REQUEST", message: '"Speaker Z" is not a speaker of this meeting.' });
    const blank = await rename(owner, id, { "Speaker A": "   " });
    expect(blank.status).toBe(400);
    expect(blank.json.error.code).toBe("VALIDATION_FAILED");
    expect(blank.json.error.message).toMatch(/Speaker A.*Speaker name is required/);
    const long = await rename(owner, id, { "Speaker A": "x".repeat(81) });
    expect(long.status).toBe(400);
    expect(long.json.error.message).toMatch(/at most 80 characters/);
    const empty = await rename(owner, id, {});
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toMatch(/Name at least one speaker/);
    const missing = await owner.patch(`/api/meetings/${id}/speakers`, {});
    expect(missing.status).toBe(400);
    expect((await owner.get(`/api/meetings/${id}`)).json).toEqual(before);
    // 80 characters is fine.
    expect((await rename(owner, id, { "Speaker A": "y".repeat(80) })).status).toBe(200);
  });
});

describe("access", () => {
  it("lets the owner and team members rename; guests 403, others 404, signed out 401", async () => {
    const id = await diarizedMeeting();
    const team = (await owner.post(`${ORG}/create`, { name: "Speakers team", slug: `s-${Date.now()}` })).json;
    const member = await signedUp("member", "Mia Member");
    const guest = await signedUp("guest", "Gus Guest");
    const outsider = await signedUp("outsider", "Otto Outsider");
    for (const [u, role] of [
      [member, "member"],
      [guest, "guest"],
    ] as const) {
      const inv = await owner.post(`${ORG}/invite-member`, { email: u.email, role, organizationId: team.id });
      expect(inv.status, inv.text).toBe(200);
      expect((await u.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    }
    expect((await owner.put(`/api/meetings/${id}/shares/${team.id}`)).status).toBe(200);

    const byGuest = await rename(guest.c, id, { "Speaker A": "Gus" });
    expect(byGuest.status).toBe(403);
    expect(byGuest.json.error.code).toBe("FORBIDDEN");
    const byOutsider = await rename(outsider.c, id, { "Speaker A": "Otto" });
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.json.error.code).toBe("NOT_FOUND");
    expect((await rename(new TestClient(t.url), id, { "Speaker A": "Anon" })).status).toBe(401);
    expect((await rename(owner, "not-a-uuid", { "Speaker A": "Maria" })).status).toBe(404);
    expect((await rename(owner, crypto.randomUUID(), { "Speaker A": "Maria" })).status).toBe(404);

    const byMember = await rename(member.c, id, { "Speaker A": "Maria" });
    expect(byMember.status, byMember.text).toBe(200);
    expect(byMember.json.access).toBe("edit-items");
    expect(byMember.json.speakers).toEqual(["Maria", "Speaker B", "Speaker C"]);
    expect((await owner.get(`/api/meetings/${id}`)).json.speakers).toEqual(["Maria", "Speaker B", "Speaker C"]);
  });

  it("documents the endpoint in the OpenAPI description", async () => {
    const spec = (await owner.get("/api/openapi.json")).json;
    const op = spec.paths["/api/meetings/{id}/speakers"]?.patch;
    expect(op).toBeTruthy();
    expect(op.requestBody.content["application/json"].schema.properties.names).toBeTruthy();
  });
});
