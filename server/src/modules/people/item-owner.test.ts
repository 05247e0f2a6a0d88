// Choosing an action item's owner directly (PUT/DELETE /api/action-items/{id}/owner), as the
// owner menu on the meeting page and on My action items does: who may, and to whom.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";

const ORG = "/api/auth/organization";

describe("an action item's owner, chosen from the team", () => {
  let t: TestApp;
  let alice: TestClient; // meeting owner
  let bob: TestClient; // team member
  let guest: TestClient;
  let stranger: TestClient;
  let bobId: string;
  let strangerId: string;
  let meetingId: string;
  let itemId: string;
  let foreignContactId: string;

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob, guest, stranger] = [0, 1, 2, 3].map(() => new TestClient(t.url)) as [TestClient, TestClient, TestClient, TestClient];
    await alice.signUp(uniqueEmail("alice"), "secret123", "Alice Owner");
    const bobEmail = uniqueEmail("bob");
    await bob.signUp(bobEmail, "secret123", "Bob Stone");
    const guestEmail = uniqueEmail("guest");
    await guest.signUp(guestEmail, "secret123", "Gus Guest");
    await stranger.signUp(uniqueEmail("stranger"), "secret123", "Sam Stranger");
    bobId = (await bob.get("/api/auth/get-session")).json.user.id;
    strangerId = (await stranger.get("/api/auth/get-session")).json.user.id;
    // Bob has a picture: the menu and the row show it.
    expect((await bob.post("/api/auth/update-user", { image: "https://img.example/bob.png" })).status).toBe(200);
    const teamId = (await alice.post(`${ORG}/create`, { name: "Owners", slug: `owners-${Date.now()}` })).json.id;
    for (const [email, who, role] of [
      [bobEmail, bob, "member"],
      [guestEmail, guest, "guest"],
    ] as const) {
      const inv = await alice.post(`${ORG}/invite-member`, { email, role, organizationId: teamId });
      expect((await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    }
    meetingId = await alice.importTranscript("launch.vtt", VTT, "Launch sync");
    await alice.waitCompleted(meetingId);
    expect((await alice.put(`/api/meetings/${meetingId}/shares/${teamId}`, {})).status).toBe(200);
    const item = await alice.post(`/api/meetings/${meetingId}/action-items`, {
      description: "Order the banners",
      assignee: "Sam",
      dueDate: null,
    });
    expect(item.status, item.text).toBe(201);
    itemId = item.json.id;
    foreignContactId = (await stranger.post("/api/people/contacts", { name: "Zed Outsider" })).json.id;
  });
  afterAll(() => t.close());

  const setOwner = (who: TestClient, person: unknown) => who.put(`/api/action-items/${itemId}/owner`, { person });

  it("the meeting's owner and team members choose a member (with their picture), nobody, or the name said again", async () => {
    const people = (await alice.get(`/api/meetings/${meetingId}/people`)).json;
    expect(people.people).toContainEqual(
      expect.objectContaining({ kind: "user", id: bobId, name: "Bob Stone", image: "https://img.example/bob.png" }),
    );
    const r = await setOwner(alice, { kind: "user", id: bobId });
    expect(r.status, r.text).toBe(200);
    expect(r.json.itemOwners[itemId]).toMatchObject({ id: bobId, image: "https://img.example/bob.png", automatic: false });
    expect((await bob.get("/api/action-items?assignee=me")).json.items.map((i: { id: string }) => i.id)).toContain(itemId);

    const none = await setOwner(bob, null); // a team member may too
    expect(none.status, none.text).toBe(200);
    expect(none.json.itemOwners[itemId]).toBeUndefined();
    const back = await bob.delete(`/api/action-items/${itemId}/owner`);
    expect(back.status, back.text).toBe(200);
  });

  it("a guest cannot, a stranger finds no item, signed out is refused; nothing changes", async () => {
    expect((await setOwner(alice, { kind: "user", id: bobId })).status).toBe(200);
    const byGuest = await setOwner(guest, { kind: "user", id: (await guest.get("/api/auth/get-session")).json.user.id });
    expect(byGuest.status).toBe(403);
    expect(byGuest.json.error.code).toBe("FORBIDDEN");
    expect((await guest.delete(`/api/action-items/${itemId}/owner`)).status).toBe(403);
    const byStranger = await setOwner(stranger, { kind: "user", id: strangerId });
    expect(byStranger.status).toBe(404);
    expect((await stranger.delete(`/api/action-items/${itemId}/owner`)).status).toBe(404);
    expect((await setOwner(new TestClient(t.url), null)).status).toBe(401);
    expect((await alice.get(`/api/meetings/${meetingId}/people`)).json.itemOwners[itemId]).toMatchObject({ id: bobId });
  });

  it("only people of the meeting: not a stranger, not another user's contact; bad input is a clear 400", async () => {
    const outsider = await setOwner(alice, { kind: "user", id: strangerId });
    expect(outsider.status).toBe(400);
    expect(outsider.json.error.message).toMatch(/Only the meeting's owner and members of a team it is shared with/);
    expect((await setOwner(alice, { kind: "contact", id: foreignContactId })).status).toBe(400);
    expect((await setOwner(alice, { kind: "team", id: bobId })).status).toBe(400);
    expect((await alice.put(`/api/action-items/${itemId}/owner`, {})).status).toBe(400);
  });
});
