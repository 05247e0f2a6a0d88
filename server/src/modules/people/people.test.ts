import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";
import { PeopleIndex, suggestPeople } from "./people-rules";

const ORG = "/api/auth/organization";
/** Bob Stone speaks; Maria asks "Bob, can you…". */
const BOBS = VTT.replaceAll("Sam Park", "Bob Stone").replace("Sam, can you", "Bob, can you");
const person = (kind: "user" | "contact", id: string, name: string, aliases: string[] = []) => ({ kind, id, name, image: null, aliases });

describe("who a name is (pure rules)", () => {
  const kate = person("contact", "c1", "Katherine Ng", ["Kate"]);
  const bob = person("user", "u1", "Bob Stone");
  const twinA = person("user", "u2", "Alex Kim");
  const twinB = person("user", "u3", "alex kim");

  it("links a name that is exactly one member's, unless a link was chosen or two members share it", () => {
    const index = new PeopleIndex([kate, bob, twinA, twinB], [{ speaker: "Speaker 2", userId: null, contactId: "c1" }]);
    expect(index.resolveName(" bob  stone ").person).toMatchObject({ id: "u1", automatic: true });
    expect(index.resolveName("Alex Kim").person).toBeNull();
    expect(index.resolveName("Speaker 2").person).toMatchObject({ id: "c1", automatic: false });
    expect(index.resolveOwner({ assignee: "Bob Stone", ownerSet: true, ownerUserId: null, ownerContactId: null })).toBeNull();
    const unlinked = new PeopleIndex([bob], [{ speaker: "Bob Stone", userId: null, contactId: null }]);
    expect(unlinked.resolveName("Bob Stone")).toEqual({ person: null, unlinked: true });
  });

  it("suggests people by name, alias, self-introduction and a question put to the next speaker", () => {
    const { suggestions, namesSaid } = suggestPeople(
      ["Speaker 1", "Speaker 2", "Kate", "Speaker 3"],
      [
        { speaker: "Speaker 1", text: "Kate, can you send the notes?" },
        { speaker: "Speaker 2", text: "Yes." },
        { speaker: "Speaker 3", text: "Hi all, I'm Bob and I'll take the venue." },
      ],
      [kate, bob],
    );
    expect(suggestions.get("Speaker 2")?.map((p) => p.name)).toEqual(["Katherine Ng"]);
    expect(suggestions.get("Kate")?.map((p) => p.name)).toEqual(["Katherine Ng"]);
    expect(suggestions.get("Speaker 3")?.map((p) => p.name)).toEqual(["Bob Stone"]);
    expect(suggestions.get("Speaker 1")).toEqual([]);
    expect(namesSaid).toEqual(["Bob Stone", "Katherine Ng"]);
  });
});

describe("speakers are people; my action items across meetings", () => {
  let t: TestApp;
  let alice: TestClient; // owner, "Maria Lopez"
  let bob: TestClient; // team member, "Bob Stone"
  let guest: TestClient;
  let carol: TestClient; // a stranger who happens to be called "Sam Park"
  let teamId: string;
  let bobId: string;
  let aliceId: string;

  async function join(email: string, who: TestClient, role: string) {
    const inv = await alice.post(`${ORG}/invite-member`, { email, role, organizationId: teamId });
    expect(inv.status, inv.text).toBe(200);
    expect((await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
  }
  const shared = async (vtt: string, title: string) => {
    const id = await alice.importTranscript(`${title}.vtt`, vtt, title);
    const m = await alice.waitCompleted(id);
    expect((await alice.put(`/api/meetings/${id}/shares/${teamId}`, {})).status).toBe(200);
    return m;
  };
  const mine = async (who: TestClient, query = "") => (await who.get(`/api/action-items?assignee=me${query}`)).json;

  beforeAll(async () => {
    t = await startTestApp();
    [alice, bob, guest, carol] = [0, 1, 2, 3].map(() => new TestClient(t.url)) as [TestClient, TestClient, TestClient, TestClient];
    await alice.signUp(uniqueEmail("alice"), "secret123", "Maria Lopez");
    const bobEmail = uniqueEmail("bob");
    await bob.signUp(bobEmail, "secret123", "Bob Stone");
    const guestEmail = uniqueEmail("guest");
    await guest.signUp(guestEmail, "secret123", "Gus Guest");
    await carol.signUp(uniqueEmail("carol"), "secret123", "Sam Park");
    bobId = (await bob.get("/api/auth/get-session")).json.user.id;
    aliceId = (await alice.get("/api/auth/get-session")).json.user.id;
    teamId = (await alice.post(`${ORG}/create`, { name: "Launch", slug: `launch-${Date.now()}` })).json.id;
    await join(bobEmail, bob, "member");
    await join(guestEmail, guest, "guest");
  });
  afterAll(() => t.close());

  it("linking a speaker to a member makes them the owner of that speaker's items, across two meetings; a stranger's never appear", async () => {
    const one = await shared(VTT, "Launch one");
    const two = await shared(VTT.replaceAll("Sam Park", "Speaker 2"), "Launch two");
    // Carol's own meeting with a "Sam Park" who is her: hers alone.
    const carols = await carol.importTranscript("c.vtt", VTT, "Carol's");
    await carol.waitCompleted(carols);

    expect((await mine(bob)).items).toEqual([]);
    const people = await bob.get(`/api/meetings/${one.id}/people`);
    expect(people.status).toBe(200);
    expect(people.json.people.map((p: any) => p.name)).toEqual(expect.arrayContaining(["Bob Stone", "Maria Lopez", "Gus Guest"]));
    // The owner's own name is linked automatically.
    expect(people.json.speakers.find((s: any) => s.label === "Maria Lopez").person).toMatchObject({ id: aliceId, automatic: true });

    for (const [m, label] of [
      [one, "Sam Park"],
      [two, "Speaker 2"],
    ] as const) {
      const r = await bob.put(`/api/meetings/${m.id}/speaker-links`, { speaker: label, person: { kind: "user", id: bobId } });
      expect(r.status, r.text).toBe(200);
      const owned = Object.entries(r.json.itemOwners).filter(([, p]: any) => p.id === bobId);
      expect(owned).toHaveLength(m.actionItems.length);
    }
    const list = await mine(bob);
    expect(list.items).toHaveLength(one.actionItems.length + two.actionItems.length);
    expect(new Set(list.items.map((i: any) => i.meeting.id))).toEqual(new Set([one.id, two.id]));
    expect(list.items[0]).toMatchObject({ owner: { id: bobId, name: "Bob Stone", automatic: false }, editable: true });

    // Carol (named like the speaker) sees only her own meeting's items; Bob never sees hers.
    const carolsList = await mine(carol);
    expect(new Set(carolsList.items.map((i: any) => i.meeting.id))).toEqual(new Set([carols]));
    expect(list.items.some((i: any) => i.meeting.id === carols)).toBe(false);
    expect((await mine(alice)).items).toEqual([]);

    // Renaming keeps the link; choosing another owner on an item takes it from Bob; a new assignee follows the name again.
    const renamed = await alice.patch(`/api/meetings/${two.id}/speakers`, { names: { "Speaker 2": "Samuel" } });
    expect(renamed.status).toBe(200);
    expect((await mine(bob)).items).toHaveLength(list.items.length);
    const item = two.actionItems[0];
    expect((await alice.put(`/api/action-items/${item.id}/owner`, { person: { kind: "user", id: aliceId } })).status).toBe(200);
    expect((await mine(bob)).items.map((i: any) => i.id)).not.toContain(item.id);
    expect((await mine(alice)).items.map((i: any) => i.id)).toEqual([item.id]);
    expect((await alice.patch(`/api/action-items/${item.id}`, { assignee: "Samuel" })).status).toBe(200);
    expect((await mine(bob)).items.map((i: any) => i.id)).toContain(item.id);
  });

  it("links an exact member's name automatically, undoes it, and offers it back", async () => {
    const m = await shared(BOBS, "Auto");
    const ids = (l: any) => l.items.filter((i: any) => i.meeting.id === m.id).map((i: any) => i.id);
    expect(m.actionItems.length).toBe(2);
    expect(ids(await mine(bob))).toHaveLength(m.actionItems.length);
    expect((await mine(bob)).items.find((i: any) => i.meeting.id === m.id).owner.automatic).toBe(true);

    const undone = await alice.put(`/api/meetings/${m.id}/speaker-links`, { speaker: "Bob Stone", person: null });
    expect(undone.json.speakers.find((s: any) => s.label === "Bob Stone")).toMatchObject({ person: null, unlinked: true });
    expect(ids(await mine(bob))).toEqual([]);
    const back = await alice.delete(`/api/meetings/${m.id}/speaker-links?speaker=${encodeURIComponent("Bob Stone")}`);
    expect(back.status).toBe(200);
    expect(ids(await mine(bob))).toHaveLength(m.actionItems.length);
  });

  it("filters by open, done, overdue and due this week, pages by cursor, and counts for the dashboard", async () => {
    const m = await shared(BOBS, "Filters");
    const [a, b] = m.actionItems;
    await bob.patch(`/api/action-items/${a.id}`, { dueDate: "2030-01-01" });
    await bob.patch(`/api/action-items/${b.id}`, { dueDate: "2030-01-05" });
    const today = "&today=2030-01-03";
    const of = (l: any) => l.items.filter((i: any) => i.meeting.id === m.id).map((i: any) => i.id);
    expect(of(await mine(bob, `&due=overdue${today}`))).toEqual([a.id]);
    expect(of(await mine(bob, `&due=week${today}`))).toEqual([b.id]);
    const counts = (await bob.get(`/api/action-items/counts?today=2030-01-03`)).json;
    expect(counts.overdue).toBe((await mine(bob, `&due=overdue${today}`)).items.length);
    expect(counts.overdue).toBeGreaterThan(1); // the earlier meetings' items, due in 2025, too
    expect(counts.dueThisWeek).toBe(1);
    expect(counts.open).toBe((await mine(bob, "&status=open")).items.length);

    expect((await bob.patch(`/api/action-items/${a.id}`, { status: "completed" })).status).toBe(200);
    expect(of(await mine(bob, "&status=done"))).toEqual([a.id]);
    expect(of(await mine(bob, `&due=overdue${today}`))).toEqual([]);
    // Ordered by due date, soonest first.
    expect(of(await mine(bob, "&status=all&order=due")).slice(0, 2)).toEqual([a.id, b.id]);

    expect((await bob.get("/api/action-items?assignee=someone")).status).toBe(400);
    expect((await bob.get("/api/action-items?cursor=abc")).status).toBe(400);
    expect((await bob.get("/api/action-items?cursor=100000")).json.items).toEqual([]);
    expect((await new TestClient(t.url).get("/api/action-items")).status).toBe(401);
  });

  it("two 'add contact' requests at once make one contact; the others are answered 409 saying it exists", async () => {
    // Each scope raced: the caller's own contacts and the team's; the names differ only in case and spaces.
    for (const [scope, teamOf] of [
      ["mine", null],
      ["team", () => teamId],
    ] as const) {
      const names = ["Dana Whitfield", "dana whitfield", " Dana  Whitfield ", "DANA WHITFIELD"];
      const answers = await Promise.all(names.map((name) => alice.post("/api/people/contacts", { name, teamId: teamOf?.() ?? null })));
      expect(answers.map((a) => a.status).sort(), scope).toEqual([201, 409, 409, 409]);
      for (const lost of answers.filter((a) => a.status === 409))
        expect(lost.json).toEqual({ error: { code: "CONFLICT", message: expect.stringContaining("already exists") } });
      const list = (await alice.get("/api/people/contacts")).json.contacts.filter(
        (c: any) => c.name.toLowerCase().replace(/\s+/g, " ").trim() === "dana whitfield",
      );
      expect(list.filter((c: any) => c.teamId === (teamOf?.() ?? null))).toHaveLength(1);
    }
    // Another user's contacts are another scope; renaming onto an existing name is refused the same way.
    expect((await carol.post("/api/people/contacts", { name: "Dana Whitfield" })).status).toBe(201);
    const other = await alice.post("/api/people/contacts", { name: "Dana W." });
    expect(other.status).toBe(201);
    const renamed = await alice.patch(`/api/people/contacts/${other.json.id}`, { name: "dana whitfield" });
    expect(renamed.status).toBe(409);
    expect(renamed.json.error.message).toMatch(/already exists in your contacts/);
  });

  it("contacts with aliases: suggested from names said, linkable, owners of items; only who may edit links", async () => {
    const kate = await alice.post("/api/people/contacts", { name: "Katherine Ng", aliases: ["Kate", "kate"], teamId });
    expect(kate.status, kate.text).toBe(201);
    expect(kate.json.aliases).toEqual(["kate"]);
    expect((await guest.post("/api/people/contacts", { name: "X", teamId })).status).toBe(403);
    expect((await carol.post("/api/people/contacts", { name: "X", teamId })).status).toBe(404);
    expect((await carol.patch(`/api/people/contacts/${kate.json.id}`, { name: "Y" })).status).toBe(404);

    const vtt = `WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Speaker 1>Kate, can you send the notes by Friday?</v>\n\n00:00:04.500 --> 00:00:06.000\n<v Speaker 2>Sure, I will send the notes.</v>\n`;
    const m = await shared(vtt, "Contacts");
    const people = (await bob.get(`/api/meetings/${m.id}/people`)).json;
    expect(people.namesSaid).toEqual(["Katherine Ng"]);
    expect(people.speakers.find((s: any) => s.label === "Speaker 2").suggestions.map((p: any) => p.name)).toEqual(["Katherine Ng"]);

    expect((await guest.put(`/api/meetings/${m.id}/speaker-links`, { speaker: "Speaker 2", person: null })).status).toBe(403);
    expect((await carol.put(`/api/meetings/${m.id}/speaker-links`, { speaker: "Speaker 2", person: null })).status).toBe(404);
    expect((await bob.put(`/api/meetings/${m.id}/speaker-links`, { speaker: "Nobody", person: null })).status).toBe(400);
    const carolId = (await carol.get("/api/auth/get-session")).json.user.id;
    const notMember = await bob.put(`/api/meetings/${m.id}/speaker-links`, { speaker: "Speaker 2", person: { kind: "user", id: carolId } });
    expect(notMember.status).toBe(400);
    const linked = await bob.put(`/api/meetings/${m.id}/speaker-links`, {
      speaker: "Speaker 2",
      person: { kind: "contact", id: kate.json.id },
    });
    expect(linked.status).toBe(200);
    expect(linked.json.speakers.find((s: any) => s.label === "Speaker 2").person).toMatchObject({ name: "Katherine Ng", automatic: false });
    const owners = Object.values(linked.json.itemOwners) as any[];
    if (m.actionItems.some((i: any) => i.assignee === "Speaker 2")) expect(owners.some((p) => p.name === "Katherine Ng")).toBe(true);

    // A contact of the team stops being linkable once deleted.
    expect((await alice.delete(`/api/people/contacts/${kate.json.id}`)).status).toBe(204);
    expect((await bob.get(`/api/meetings/${m.id}/people`)).json.speakers.find((s: any) => s.label === "Speaker 2").person).toBeNull();
  });
});
