// Access that ends, ends everywhere at once: an open event stream of a meeting closes when
// the meeting is unshared, its reader leaves or is removed from the team, the meeting is
// deleted or the reader's session ends; a member who leaves takes only their own shares.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_TEAMS_VTT } from "../../../test/fixtures";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { meetingShares } from "../db/schema";
import { publishMeetingEvent } from "../events/meeting-events";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ MAX_EVENT_STREAMS_PER_USER: "3" });
});
afterAll(() => t.close());

const ORG = "/api/auth/organization";

interface User {
  c: TestClient;
  email: string;
  id: string;
}

async function user(prefix: string): Promise<User> {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", prefix);
  return { c, email, id: r.json.user.id };
}

async function team(owner: User, ...members: [User, "admin" | "member" | "guest"][]) {
  const r = await owner.c.post(`${ORG}/create`, { name: "Team", slug: `t-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` });
  expect(r.status, r.text).toBe(200);
  for (const [u, role] of members) {
    const inv = await owner.c.post(`${ORG}/invite-member`, { email: u.email, role, organizationId: r.json.id });
    expect(inv.status, inv.text).toBe(200);
    expect((await u.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
  }
  return r.json.id as string;
}

async function meeting(owner: User, title: string, teamId?: string): Promise<string> {
  const id = await owner.c.importTranscript("m.vtt", SAMPLE_TEAMS_VTT, title);
  if (teamId) expect((await owner.c.put(`/api/meetings/${id}/shares/${teamId}`)).status).toBe(200);
  return id;
}

async function memberId(owner: User, teamId: string, target: User): Promise<string> {
  const r = await owner.c.get(`${ORG}/list-members?organizationId=${teamId}`);
  return (r.json.members as { id: string; userId: string }[]).find((m) => m.userId === target.id)!.id;
}

/** An open /events stream, read as it arrives. */
class Stream {
  text = "";
  ended = false;
  private constructor(
    readonly status: number,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null,
    readonly json: any,
  ) {}

  static async open(c: TestClient, meetingId: string): Promise<Stream> {
    const res = await fetch(`${t.url}/api/meetings/${meetingId}/events`, { headers: { cookie: c.cookie } });
    if (res.status !== 200) return new Stream(res.status, null, await res.json());
    const s = new Stream(res.status, res.body!.getReader(), null);
    await s.until((text) => text.includes("event: status"));
    return s;
  }

  /** Reads until `done` holds for what arrived, the stream ends, or 10 s pass (then the caller's expect fails). */
  async until(done: (text: string) => boolean): Promise<this> {
    const giveUp = Date.now() + 10_000;
    while (!done(this.text) && !this.ended && Date.now() < giveUp) {
      const next = await Promise.race([
        this.reader!.read(),
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, giveUp - Date.now()))),
      ]);
      if (next === null) break;
      if (next.done) this.ended = true;
      else this.text += new TextDecoder().decode(next.value);
    }
    return this;
  }

  /** Waits for the server to end the stream. */
  untilEnded() {
    return this.until(() => false);
  }

  async close() {
    await this.reader?.cancel().catch(() => {});
  }
}

const statusEvents = (text: string) => text.split("event: status").length - 1;

describe("an open event stream ends when access ends", () => {
  it("unsharing closes the team member's stream, not the owner's", async () => {
    const alice = await user("alice");
    const bob = await user("bob");
    const teamId = await team(alice, [bob, "member"]);
    const id = await meeting(alice, "Shared then not", teamId);
    const bobs = await Stream.open(bob.c, id);
    const alices = await Stream.open(alice.c, id);
    expect(bobs.status).toBe(200);
    expect((await alice.c.delete(`/api/meetings/${id}/shares/${teamId}`)).status).toBe(200);
    await bobs.untilEnded();
    expect(bobs.ended).toBe(true);
    expect(bobs.text).toContain("event: access-ended");
    expect((await bob.c.get(`/api/meetings/${id}`)).status).toBe(404);
    // The owner's stream goes on and still gets changes.
    const before = statusEvents(alices.text);
    await publishMeetingEvent(t.ctx.database.db, { type: "changed", meetingId: id });
    await alices.until((text) => statusEvents(text) > before);
    expect(alices.ended).toBe(false);
    expect(statusEvents(alices.text)).toBeGreaterThan(before);
    await alices.close();
    // Reopening is refused like for anyone else.
    expect((await Stream.open(bob.c, id)).status).toBe(404);
  });

  it("leaving the team, or being removed from it, closes the member's streams", async () => {
    const alice = await user("alice");
    const bob = await user("bob");
    const carol = await user("carol");
    const teamId = await team(alice, [bob, "member"], [carol, "guest"]);
    const id = await meeting(alice, "Team meeting", teamId);
    const bobs = await Stream.open(bob.c, id);
    const carols = await Stream.open(carol.c, id);
    expect((await bob.c.post(`${ORG}/leave`, { organizationId: teamId })).status).toBe(200);
    await bobs.untilEnded();
    expect(bobs.text).toContain("event: access-ended");
    expect(carols.ended).toBe(false);
    const removed = await alice.c.post(`${ORG}/remove-member`, {
      organizationId: teamId,
      memberIdOrEmail: await memberId(alice, teamId, carol),
    });
    expect(removed.status, removed.text).toBe(200);
    await carols.untilEnded();
    expect(carols.text).toContain("event: access-ended");
  });

  it("deleting the team closes its members' streams of the team's meetings, not the owner's", async () => {
    const alice = await user("alice");
    const bob = await user("bob");
    const teamId = await team(alice, [bob, "admin"]);
    const id = await meeting(alice, "Team gone", teamId);
    const bobs = await Stream.open(bob.c, id);
    const alices = await Stream.open(alice.c, id);
    const deleted = await alice.c.post(`${ORG}/delete`, { organizationId: teamId });
    expect(deleted.status, deleted.text).toBe(200);
    await bobs.untilEnded();
    expect(bobs.text).toContain("event: access-ended");
    expect((await bob.c.get(`/api/meetings/${id}`)).status).toBe(404);
    expect(alices.ended).toBe(false);
    await alices.close();
  });

  it("deleting the meeting ends every reader's stream", async () => {
    const alice = await user("alice");
    const bob = await user("bob");
    const teamId = await team(alice, [bob, "guest"]);
    const id = await meeting(alice, "Soon gone", teamId);
    const bobs = await Stream.open(bob.c, id);
    const alices = await Stream.open(alice.c, id);
    expect((await alice.c.delete(`/api/meetings/${id}`)).status).toBe(204);
    for (const s of [bobs, alices]) {
      await s.untilEnded();
      expect(s.text).toContain("event: deleted");
    }
  });

  it("signing out, or a password change elsewhere, closes the session's streams", async () => {
    const alice = await user("alice");
    const id = await meeting(alice, "Mine");
    // A second session of the same account (another device).
    const phone = new TestClient(t.url);
    expect((await phone.signIn(alice.email)).status).toBe(200);
    const onPhone = await Stream.open(phone, id);
    const onLaptop = await Stream.open(alice.c, id);
    const changed = await alice.c.post("/api/auth/change-password", { currentPassword: "secret123", newPassword: "secret456" });
    expect(changed.status, changed.text).toBe(200);
    await onPhone.untilEnded();
    expect(onPhone.text).toContain("event: access-ended");
    // The session that changed the password goes on, until it signs out.
    expect(onLaptop.ended).toBe(false);
    expect((await alice.c.post("/api/auth/sign-out")).status).toBe(200);
    await onLaptop.untilEnded();
    expect(onLaptop.text).toContain("event: access-ended");
  });
});

describe("event streams per user", () => {
  it("allows MAX_EVENT_STREAMS_PER_USER at once; another user is not affected; a closed one frees its place", async () => {
    const alice = await user("alice");
    const bob = await user("bob");
    const teamId = await team(alice, [bob, "member"]);
    const id = await meeting(alice, "Popular", teamId);
    const open = [await Stream.open(alice.c, id), await Stream.open(alice.c, id), await Stream.open(alice.c, id)];
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await Stream.open(alice.c, id);
    expect(fourth.status).toBe(429);
    expect(fourth.json.error.code).toBe("RATE_LIMITED");
    expect(fourth.json.error.message).toMatch(/3 live meeting pages open.*Close some tabs/);
    const bobs = await Stream.open(bob.c, id);
    expect(bobs.status).toBe(200);
    await bobs.close();
    await open[0]!.close();
    // The server notices the closed connection; then there is room again.
    await expect.poll(async () => (await Stream.open(alice.c, id)).status, { timeout: 10_000 }).toBe(200);
    for (const s of open) await s.close();
  });
});

describe("a member who leaves a team takes only their own shares", () => {
  it("their meetings leave the team; the owner's and other members' stay shared", async () => {
    const olivia = await user("owner");
    const bob = await user("leaver");
    const carol = await user("stayer");
    const teamId = await team(olivia, [bob, "member"], [carol, "member"]);
    const ownersMeeting = await meeting(olivia, "Owner's meeting", teamId);
    const bobsMeeting = await meeting(bob, "Bob's meeting", teamId);
    const carolsMeeting = await meeting(carol, "Carol's meeting", teamId);
    expect((await olivia.c.get(`/api/meetings/${bobsMeeting}`)).status).toBe(200);
    expect((await bob.c.get(`/api/meetings/${ownersMeeting}`)).status).toBe(200);

    expect((await bob.c.post(`${ORG}/leave`, { organizationId: teamId })).status).toBe(200);

    // Bob's meeting is no longer the team's: the others do not see it; he still owns it.
    for (const other of [olivia, carol]) {
      expect((await other.c.get(`/api/meetings/${bobsMeeting}`)).status).toBe(404);
      const list = await other.c.get("/api/meetings");
      expect(list.json.meetings.map((m: { id: string }) => m.id)).not.toContain(bobsMeeting);
    }
    expect((await bob.c.get(`/api/meetings/${bobsMeeting}`)).status).toBe(200);
    // The other direction: Bob lost the team's meetings, which stay shared with the rest.
    for (const id of [ownersMeeting, carolsMeeting]) {
      expect((await bob.c.get(`/api/meetings/${id}`)).status).toBe(404);
      expect((await carol.c.get(`/api/meetings/${id}`)).status).toBe(200);
      expect((await olivia.c.get(`/api/meetings/${id}`)).status).toBe(200);
    }
    const shares = await t.ctx.database.db.select().from(meetingShares).where(eq(meetingShares.teamId, teamId));
    expect(shares.map((s) => s.meetingId).sort()).toEqual([ownersMeeting, carolsMeeting].sort());
  });

  it("a removed member's shares end too, and coming back does not bring them back", async () => {
    const olivia = await user("owner");
    const dave = await user("removed");
    const teamId = await team(olivia, [dave, "member"]);
    const ownersMeeting = await meeting(olivia, "Owner's", teamId);
    const davesMeeting = await meeting(dave, "Dave's", teamId);
    const r = await olivia.c.post(`${ORG}/remove-member`, {
      organizationId: teamId,
      memberIdOrEmail: await memberId(olivia, teamId, dave),
    });
    expect(r.status, r.text).toBe(200);
    expect((await olivia.c.get(`/api/meetings/${davesMeeting}`)).status).toBe(404);
    expect((await olivia.c.get(`/api/meetings/${ownersMeeting}`)).status).toBe(200);
    const inv = await olivia.c.post(`${ORG}/invite-member`, { email: dave.email, role: "member", organizationId: teamId });
    expect((await dave.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    expect((await olivia.c.get(`/api/meetings/${davesMeeting}`)).status).toBe(404);
    expect((await dave.c.get(`/api/meetings/${ownersMeeting}`)).status).toBe(200);
    const left = await t.ctx.database.db
      .select()
      .from(meetingShares)
      .where(and(eq(meetingShares.teamId, teamId), eq(meetingShares.meetingId, davesMeeting)));
    expect(left).toEqual([]);
  });
});
