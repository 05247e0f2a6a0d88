// An action item owned by a member goes to GitHub, Asana or Trello assigned to that member's
// own account there, when they connected that tool themselves (issue 34): the GitHub login,
// the Asana user gid, the Trello member id of their own integration. Against the strict fakes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import type { FakeProviderServer } from "../../../../test/fakes/fake-provider";
import { startFakeAsana, type FakeAsana } from "../../../../test/fakes/asana";
import { startFakeGithub, type FakeGithub } from "../../../../test/fakes/github";
import { startFakeTrello, type FakeTrello } from "../../../../test/fakes/trello";
import { connectThroughFake, integrationOf, waitForLink } from "../../../../test/integrations-helpers";

const ORG = "/api/auth/organization";
let app: TestApp;
let alice: TestClient; // owner of the meeting; sends with her own integrations
let bob: TestClient; // team member who connected his own accounts
let carol: TestClient; // team member with no integrations
let bobId: string;
let carolId: string;
let meetingId: string;
const fakes = {} as { github: FakeGithub; asana: FakeAsana; trello: FakeTrello };

async function chooseDestination(provider: string) {
  const { id } = await integrationOf(alice, provider);
  let values: Record<string, string> = {};
  for (let round = 0; round < 4; round++) {
    const r = await alice.post(`/api/integrations/${id}/destination-fields`, { values });
    expect(r.status, r.text).toBe(200);
    const next = { ...values };
    for (const f of r.json.fields) if (!next[f.key] && !f.optional) next[f.key] = f.options[0].value;
    if (JSON.stringify(next) === JSON.stringify(values)) break;
    values = next;
  }
  expect((await alice.put(`/api/integrations/${id}/destination`, { values })).status).toBe(200);
}

/** A new item owned (chosen on the item) by `ownerId`, or following its assignee text when null. */
async function item(description: string, ownerId: string | null, assignee: string | null = null) {
  const r = await alice.post(`/api/meetings/${meetingId}/action-items`, { description, assignee, dueDate: "2026-12-05" });
  expect(r.status, r.text).toBe(201);
  if (ownerId) {
    const o = await alice.put(`/api/action-items/${r.json.id}/owner`, { person: { kind: "user", id: ownerId } });
    expect(o.status, o.text).toBe(200);
  }
  return r.json.id as string;
}

async function send(provider: string, itemId: string) {
  const { id } = await integrationOf(alice, provider);
  const r = await alice.post(`/api/action-items/${itemId}/send`, { integrationId: id });
  expect(r.status, r.text).toBe(202);
  const link = await waitForLink(alice, meetingId, itemId);
  expect(link, JSON.stringify(link)).toMatchObject({ status: "sent", error: null });
  return link;
}

beforeAll(async () => {
  [fakes.github, fakes.asana, fakes.trello] = await Promise.all([startFakeGithub(), startFakeAsana(), startFakeTrello()]);
  const env = (prefix: string, fake: FakeProviderServer, api: string) => ({
    [`${prefix}_CLIENT_ID`]: fake.oauth.clientId,
    [`${prefix}_CLIENT_SECRET`]: fake.oauth.clientSecret,
    [`${prefix}_OAUTH_URL`]: fake.url,
    [`${prefix}_API_URL`]: fake.url + api,
  });
  app = await startTestApp({
    ...env("GITHUB", fakes.github, ""),
    ...env("ASANA", fakes.asana, "/api/1.0"),
    ...env("TRELLO", fakes.trello, ""),
  });
  [alice, bob, carol] = [0, 1, 2].map(() => new TestClient(app.url)) as [TestClient, TestClient, TestClient];
  await alice.signUp(uniqueEmail("alice"), "secret123", "Alice Owner");
  const bobEmail = uniqueEmail("bob");
  await bob.signUp(bobEmail, "secret123", "Bob Stone");
  const carolEmail = uniqueEmail("carol");
  await carol.signUp(carolEmail, "secret123", "Carol Diaz");
  bobId = (await bob.get("/api/auth/get-session")).json.user.id;
  carolId = (await carol.get("/api/auth/get-session")).json.user.id;
  const teamId = (await alice.post(`${ORG}/create`, { name: "Ship", slug: `ship-${Date.now()}` })).json.id;
  for (const [email, who] of [
    [bobEmail, bob],
    [carolEmail, carol],
  ] as const) {
    const inv = await alice.post(`${ORG}/invite-member`, { email, role: "member", organizationId: teamId });
    expect((await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
  }
  const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Alice Owner>Let us plan the release.\n";
  meetingId = await alice.importTranscript("plan.vtt", vtt, "Release planning");
  await alice.waitCompleted(meetingId);
  expect((await alice.put(`/api/meetings/${meetingId}/shares/${teamId}`, {})).status).toBe(200);

  // Alice connects as herself; Bob connects his own accounts (another identity at each tool).
  for (const provider of ["github", "asana", "trello"]) expect((await connectThroughFake(alice, provider)).status).toBe(200);
  fakes.github.nextAccount = { id: 5151, login: "bob-gh" };
  fakes.asana.nextUser = { gid: "u2", name: "Bob Stone", email: "bob@asana.example" };
  fakes.trello.nextMember = { id: "m2", username: "bob_trello", fullName: "Bob Stone" };
  for (const provider of ["github", "asana", "trello"]) expect((await connectThroughFake(bob, provider)).status).toBe(200);
  // Bob can be assigned there: a collaborator of the repository, in the workspace, on the board.
  fakes.github.collaborators.add("bob-gh");
  fakes.asana.workspaceUsers.push({ gid: "u2", name: "Bob Stone", email: "bob@asana.example" });
  fakes.trello.boardMembers.add("m2");
  for (const provider of ["github", "asana", "trello"]) await chooseDestination(provider);
}, 120_000);
afterAll(async () => {
  await app?.close();
  await Promise.all(Object.values(fakes).map((f) => f?.close()));
});

describe("sending a member's item assigns it to their own account", () => {
  it("GitHub: the owner's login from their own connection", async () => {
    const link = await send("github", await item("Write the release notes", bobId));
    const issue = [...fakes.github.issues.values()].find((i) => i.title === "Write the release notes")!;
    expect(issue.assignees).toEqual(["bob-gh"]);
    expect(link.url).toContain(`/issues/${issue.number}`);
  });

  it("Asana: the owner's user gid", async () => {
    await send("asana", await item("Update the launch checklist", bobId));
    expect([...fakes.asana.tasks.values()].find((t) => t.name === "Update the launch checklist")).toMatchObject({ assignee: "u2" });
  });

  it("Trello: the owner's member id", async () => {
    await send("trello", await item("Book the demo room", bobId));
    expect([...fakes.trello.cards.values()].find((c) => c.name === "Book the demo room")!.idMembers).toEqual(["m2"]);
  });

  it("an owner who follows the item's assignee name (exactly a member's name) is assigned too", async () => {
    await send("github", await item("Email the venue", null, "Bob Stone"));
    expect([...fakes.github.issues.values()].find((i) => i.title === "Email the venue")!.assignees).toEqual(["bob-gh"]);
  });

  it("no account of the owner's there: unassigned, and a name that is no login is not sent as one", async () => {
    await send("github", await item("Order the banners", carolId));
    await send("trello", await item("Print the badges", carolId));
    await send("asana", await item("Call the caterer", null, "Carol Diaz"));
    expect([...fakes.github.issues.values()].find((i) => i.title === "Order the banners")!.assignees).toEqual([]);
    expect([...fakes.trello.cards.values()].find((c) => c.name === "Print the badges")!.idMembers).toEqual([]);
    expect([...fakes.asana.tasks.values()].find((t) => t.name === "Call the caterer")!.assignee).toBeUndefined();
  });

  it("an owner who cannot be assigned there (not a collaborator, not on the board) does not block the item", async () => {
    fakes.github.collaborators.delete("bob-gh");
    fakes.trello.boardMembers.delete("m2");
    try {
      await send("github", await item("Fix the footer", bobId));
      await send("trello", await item("Plan the retro", bobId));
      expect([...fakes.github.issues.values()].find((i) => i.title === "Fix the footer")!.assignees).toEqual([]);
      expect([...fakes.trello.cards.values()].find((c) => c.name === "Plan the retro")!.idMembers).toEqual([]);
    } finally {
      fakes.github.collaborators.add("bob-gh");
      fakes.trello.boardMembers.add("m2");
    }
  });
});
