// Team rules against the real app: every rule tried as owner, admin, member, guest and as
// a non-member. Teams are better-auth organizations under /api/auth/organization/*.
import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { actionItems, invitation, meetings } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ORG = "/api/auth/organization";
type Role = "owner" | "admin" | "member" | "guest";

interface User {
  c: TestClient;
  email: string;
  id: string;
}

async function user(prefix: string, name = `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`): Promise<User> {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email, "secret123", name);
  return { c, email, id: r.json.user.id };
}

async function createTeam(u: User, name = "Team " + Math.random().toString(36).slice(2, 7), description?: string) {
  const r = await u.c.post(`${ORG}/create`, { name, slug: `t-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, description });
  expect(r.status, r.text).toBe(200);
  return r.json as { id: string; name: string; description: string | null };
}

async function invite(by: User, teamId: string, email: string, role: string) {
  return by.c.post(`${ORG}/invite-member`, { email, role, organizationId: teamId });
}

async function join(owner: User, teamId: string, u: User, role: Exclude<Role, "owner">) {
  const inv = await invite(owner, teamId, u.email, role);
  expect(inv.status, inv.text).toBe(200);
  const acc = await u.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id });
  expect(acc.status, acc.text).toBe(200);
  return acc.json.member as { id: string };
}

async function listMembers(u: User, teamId: string) {
  return u.c.get(`${ORG}/list-members?organizationId=${encodeURIComponent(teamId)}`);
}

async function memberIdOf(teamId: string, owner: User, target: User) {
  const r = await listMembers(owner, teamId);
  return (r.json.members as { id: string; userId: string }[]).find((m) => m.userId === target.id)!.id;
}

async function roleOf(teamId: string, owner: User, target: User) {
  const r = await listMembers(owner, teamId);
  return (r.json.members as { role: string; userId: string }[]).find((m) => m.userId === target.id)?.role ?? null;
}

/** A team with one user per role, plus a non-member. */
async function fullTeam() {
  const owner = await user("owner", "Olivia Owner");
  const admin = await user("admin", "Adam Admin");
  const mem = await user("member", "Mia Member");
  const guest = await user("guest", "Gus Guest");
  const outsider = await user("outsider", "Otto Outsider");
  const team = await createTeam(owner);
  await join(owner, team.id, admin, "admin");
  await join(owner, team.id, mem, "member");
  await join(owner, team.id, guest, "guest");
  return { owner, admin, member: mem, guest, outsider, team };
}

const isRefused = (status: number) => status >= 400 && status < 500;

describe("creating and editing a team", () => {
  it("makes the creator the owner, trims the name and refuses an empty or whitespace-only name", async () => {
    const u = await user("creator");
    const empty = await u.c.post(`${ORG}/create`, { name: "   ", slug: `t-${Date.now()}` });
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe("Team name is required");
    const team = await createTeam(u, "  Design  ", "  The design crew ");
    expect(team.name).toBe("Design");
    expect(team.description).toBe("The design crew");
    expect(await roleOf(team.id, u, u)).toBe("owner");
    const list = await u.c.get(`${ORG}/list`);
    expect(list.json.map((o: any) => o.id)).toContain(team.id);
  });

  it("lets the owner and an admin edit name and description; not a member, guest or non-member", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    for (const [who, ok] of [
      [owner, true],
      [admin, true],
      [member, false],
      [guest, false],
      [outsider, false],
    ] as const) {
      const name = `Renamed by ${who.email}`;
      const r = await who.c.post(`${ORG}/update`, { organizationId: team.id, data: { name, description: "new text" } });
      if (ok) {
        expect(r.status, r.text).toBe(200);
        expect(r.json.name).toBe(name);
      } else expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
    }
    const blank = await owner.c.post(`${ORG}/update`, { organizationId: team.id, data: { name: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.json.error.message).toBe("Team name is required");
    const full = await owner.c.get(`${ORG}/get-full-organization?organizationId=${team.id}`);
    expect(full.json.name).toBe(`Renamed by ${admin.email}`);
    expect(full.json.description).toBe("new text");
  });

  it("lets only the owner delete the team", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    for (const who of [admin, member, guest, outsider]) {
      const r = await who.c.post(`${ORG}/delete`, { organizationId: team.id });
      expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
    }
    expect((await listMembers(owner, team.id)).status).toBe(200);
    const del = await owner.c.post(`${ORG}/delete`, { organizationId: team.id });
    expect(del.status, del.text).toBe(200);
    expect((await owner.c.get(`${ORG}/list`)).json.map((o: any) => o.id)).not.toContain(team.id);
    expect((await admin.c.get(`${ORG}/list`)).json.map((o: any) => o.id)).not.toContain(team.id);
  });

  it("shows the member list to members of every role and not to a non-member", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    for (const who of [owner, admin, member, guest]) {
      const r = await listMembers(who, team.id);
      expect(r.status).toBe(200);
      expect(r.json.members).toHaveLength(4);
      const me = r.json.members.find((m: any) => m.userId === who.id);
      expect(me.user.email).toBe(who.email);
    }
    expect((await listMembers(outsider, team.id)).status).toBe(403);
    expect((await outsider.c.get(`${ORG}/get-full-organization?organizationId=${team.id}`)).status).toBe(403);
  });
});

describe("roles", () => {
  it("lets only the owner change the roles of others", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const memberId = await memberIdOf(team.id, owner, member);
    for (const who of [admin, member, guest, outsider]) {
      const r = await who.c.post(`${ORG}/update-member-role`, { organizationId: team.id, memberId, role: "guest" });
      expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
    }
    expect(await roleOf(team.id, owner, member)).toBe("member");
    for (const role of ["guest", "admin", "member"]) {
      const r = await owner.c.post(`${ORG}/update-member-role`, { organizationId: team.id, memberId, role });
      expect(r.status, r.text).toBe(200);
      expect(await roleOf(team.id, owner, member)).toBe(role);
    }
    const bogus = await owner.c.post(`${ORG}/update-member-role`, { organizationId: team.id, memberId, role: "superuser" });
    expect(bogus.status).toBe(400);
  });

  it("never demotes the owner or hands out the owner role, not even by the owner", async () => {
    const { owner, admin, member, team } = await fullTeam();
    const ownerId = await memberIdOf(team.id, owner, owner);
    for (const who of [owner, admin]) {
      const r = await who.c.post(`${ORG}/update-member-role`, { organizationId: team.id, memberId: ownerId, role: "admin" });
      expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
    }
    const promote = await owner.c.post(`${ORG}/update-member-role`, {
      organizationId: team.id,
      memberId: await memberIdOf(team.id, owner, member),
      role: "owner",
    });
    expect(promote.status).toBe(403);
    expect(await roleOf(team.id, owner, owner)).toBe("owner");
    expect(await roleOf(team.id, owner, member)).toBe("member");
  });

  it("lets only the owner transfer ownership; the former owner becomes an admin and may then leave", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const memberId = await memberIdOf(team.id, owner, member);
    for (const [who, status] of [
      [admin, 403],
      [member, 403],
      [guest, 403],
      [outsider, 404],
    ] as const) {
      const r = await who.c.post(`/api/teams/${team.id}/transfer-ownership`, { memberId });
      expect(r.status, who.email).toBe(status);
    }
    const r = await owner.c.post(`/api/teams/${team.id}/transfer-ownership`, { memberId });
    expect(r.status, r.text).toBe(200);
    expect(await roleOf(team.id, member, member)).toBe("owner");
    expect(await roleOf(team.id, member, owner)).toBe("admin");
    const left = await owner.c.post(`${ORG}/leave`, { organizationId: team.id });
    expect(left.status, left.text).toBe(200);
    expect(await roleOf(team.id, member, owner)).toBeNull();
  });

  it("never leaves two owners when the owner hands the team to two members at once", async () => {
    const { owner, admin, member, team } = await fullTeam();
    const targets = [await memberIdOf(team.id, owner, admin), await memberIdOf(team.id, owner, member)];
    const results = await Promise.all(targets.map((memberId) => owner.c.post(`/api/teams/${team.id}/transfer-ownership`, { memberId })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    const roles = ((await listMembers(admin, team.id)).json.members as { role: string }[]).map((m) => m.role);
    expect(roles.filter((r) => r === "owner")).toHaveLength(1);
    expect(await roleOf(team.id, admin, owner)).toBe("admin");
  });

  it("refuses a member of another team, a missing body and a signed-out caller", async () => {
    const { owner, team } = await fullTeam();
    const other = await fullTeam();
    const stranger = await memberIdOf(other.team.id, other.owner, other.member);
    expect((await owner.c.post(`/api/teams/${team.id}/transfer-ownership`, { memberId: stranger })).status).toBe(404);
    expect((await owner.c.post(`/api/teams/${team.id}/transfer-ownership`, {})).status).toBe(400);
    expect(
      (await owner.c.post(`/api/teams/${team.id}/transfer-ownership`, { memberId: await memberIdOf(team.id, owner, owner) })).status,
    ).toBe(400);
    expect((await new TestClient(t.url).post(`/api/teams/${team.id}/transfer-ownership`, { memberId: stranger })).status).toBe(401);
    expect(await roleOf(team.id, owner, owner)).toBe("owner");
    expect(await roleOf(other.team.id, other.owner, other.member)).toBe("member");
  });
});

describe("removing members and leaving", () => {
  it("lets the owner remove any other member", async () => {
    const { owner, admin, member, guest, team } = await fullTeam();
    for (const who of [admin, member, guest]) {
      const r = await owner.c.post(`${ORG}/remove-member`, {
        organizationId: team.id,
        memberIdOrEmail: await memberIdOf(team.id, owner, who),
      });
      expect(r.status, r.text).toBe(200);
    }
    expect((await listMembers(owner, team.id)).json.members).toHaveLength(1);
  });

  it("lets an admin remove members and guests, but not themself and never the owner", async () => {
    const { owner, admin, member, guest, team } = await fullTeam();
    const self = await admin.c.post(`${ORG}/remove-member`, {
      organizationId: team.id,
      memberIdOrEmail: await memberIdOf(team.id, owner, admin),
    });
    expect(self.status).toBe(403);
    const theOwner = await admin.c.post(`${ORG}/remove-member`, {
      organizationId: team.id,
      memberIdOrEmail: await memberIdOf(team.id, owner, owner),
    });
    expect(isRefused(theOwner.status)).toBe(true);
    const byEmail = await admin.c.post(`${ORG}/remove-member`, { organizationId: team.id, memberIdOrEmail: owner.email });
    expect(isRefused(byEmail.status)).toBe(true);
    expect(await roleOf(team.id, owner, owner)).toBe("owner");
    expect(await roleOf(team.id, owner, admin)).toBe("admin");
    for (const who of [member, guest]) {
      const r = await admin.c.post(`${ORG}/remove-member`, {
        organizationId: team.id,
        memberIdOrEmail: await memberIdOf(team.id, owner, who),
      });
      expect(r.status, r.text).toBe(200);
    }
  });

  it("refuses removals by members, guests and non-members", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const targets = [owner, admin, member, guest];
    for (const who of [member, guest, outsider]) {
      for (const target of targets) {
        if (target === who) continue;
        const r = await who.c.post(`${ORG}/remove-member`, {
          organizationId: team.id,
          memberIdOrEmail: await memberIdOf(team.id, owner, target),
        });
        expect(isRefused(r.status), `${who.email} removing ${target.email}: ${r.status}`).toBe(true);
      }
    }
    expect((await listMembers(owner, team.id)).json.members).toHaveLength(4);
  });

  it("lets admins, members and guests leave; the owner cannot leave while owning the team", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const ownerLeaves = await owner.c.post(`${ORG}/leave`, { organizationId: team.id });
    expect(ownerLeaves.status).toBe(400);
    expect(await roleOf(team.id, owner, owner)).toBe("owner");
    expect(isRefused((await outsider.c.post(`${ORG}/leave`, { organizationId: team.id })).status)).toBe(true);
    for (const who of [admin, member, guest]) {
      const r = await who.c.post(`${ORG}/leave`, { organizationId: team.id });
      expect(r.status, r.text).toBe(200);
      expect(await roleOf(team.id, owner, who)).toBeNull();
      expect((await listMembers(who, team.id)).status).toBe(403);
    }
  });
});

describe("invitations", () => {
  it("lets the owner and admins invite as admin, member or guest; not members, guests or non-members", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    for (const [who, ok] of [
      [owner, true],
      [admin, true],
      [member, false],
      [guest, false],
      [outsider, false],
    ] as const) {
      for (const role of ["admin", "member", "guest"]) {
        const r = await invite(who, team.id, uniqueEmail("invitee"), role);
        if (ok) {
          expect(r.status, r.text).toBe(200);
          expect(r.json.role).toBe(role);
        } else expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
      }
    }
    for (const who of [owner, admin]) {
      const asOwner = await invite(who, team.id, uniqueEmail("wouldbeowner"), "owner");
      expect(isRefused(asOwner.status)).toBe(true);
    }
    expect(isRefused((await invite(owner, team.id, uniqueEmail("x"), "superuser")).status)).toBe(true);
    expect((await invite(owner, team.id, "", "member")).status).toBe(400);
    expect((await invite(owner, team.id, member.email, "guest")).status).toBe(400); // already a member
  });

  it("mails the invitation link and expires it after INVITATION_EXPIRY_DAYS (default 7)", async () => {
    const owner = await user("mailer");
    const team = await createTeam(owner, "Mail Team");
    const email = uniqueEmail("mailed");
    const r = await invite(owner, team.id, email, "member");
    const days = (new Date(r.json.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const files = await fs.readdir(path.join(t.dataDir, "outbox"));
    const file = files.find((f) => f.includes(email));
    expect(file).toBeDefined();
    const eml = await fs.readFile(path.join(t.dataDir, "outbox", file!), "utf8");
    expect(eml.replace(/=\r?\n/g, "")).toContain(`/invitation?token=${r.json.id}`);

    const other = await startTestApp({ INVITATION_EXPIRY_DAYS: "2" });
    try {
      const c = new TestClient(other.url);
      await c.signUp(uniqueEmail("o2"));
      const tm = await c.post(`${ORG}/create`, { name: "Short", slug: `s-${Date.now()}` });
      const inv = await c.post(`${ORG}/invite-member`, { email: uniqueEmail("i2"), role: "guest", organizationId: tm.json.id });
      const d2 = (new Date(inv.json.expiresAt).getTime() - Date.now()) / 86_400_000;
      expect(d2).toBeGreaterThan(1.9);
      expect(d2).toBeLessThanOrEqual(2);
    } finally {
      await other.close();
    }
  });

  it("lists and cancels pending invitations for the owner and admins only", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await invite(owner, team.id, uniqueEmail("pending"), "member")).json.id);
    for (const who of [owner, admin]) {
      const r = await who.c.get(`${ORG}/list-invitations?organizationId=${team.id}`);
      expect(r.status).toBe(200);
      expect(
        r.json
          .filter((i: any) => i.status === "pending")
          .map((i: any) => i.id)
          .sort(),
      ).toEqual([...ids].sort());
    }
    for (const who of [member, guest, outsider]) {
      expect((await who.c.get(`${ORG}/list-invitations?organizationId=${team.id}`)).status).toBe(403);
      const r = await who.c.post(`${ORG}/cancel-invitation`, { invitationId: ids[0] });
      expect(isRefused(r.status), `${who.email}: ${r.status}`).toBe(true);
    }
    expect((await owner.c.post(`${ORG}/cancel-invitation`, { invitationId: ids[0] })).status).toBe(200);
    expect((await admin.c.post(`${ORG}/cancel-invitation`, { invitationId: ids[1] })).status).toBe(200);
    const left = await owner.c.get(`${ORG}/list-invitations?organizationId=${team.id}`);
    expect(left.json.filter((i: any) => i.status === "pending").map((i: any) => i.id)).toEqual([ids[2]]);
  });

  it("tells apart pending, expired, cancelled, used, unknown and someone else's invitations, and refuses all but the recipient's pending one", async () => {
    const owner = await user("inviter");
    const team = await createTeam(owner, "Status Team");
    const invitee = await user("invitee");
    const stranger = await user("stranger");
    const anon = new TestClient(t.url);
    const status = (c: TestClient, id: string) => c.get(`/api/invitations/${encodeURIComponent(id)}/status`);

    const pending = (await invite(owner, team.id, invitee.email, "guest")).json.id as string;
    const signedOut = await status(anon, pending);
    expect(signedOut.json).toMatchObject({ status: "pending", signedIn: false, forYou: null, teamName: null });
    expect((await status(invitee.c, pending)).json).toMatchObject({
      status: "pending",
      forYou: true,
      teamName: "Status Team",
      role: "guest",
    });
    expect((await status(stranger.c, pending)).json).toMatchObject({ status: "pending", forYou: false, teamName: null });

    const byStranger = await stranger.c.post(`${ORG}/accept-invitation`, { invitationId: pending });
    expect(byStranger.status).toBe(403);
    expect(byStranger.json.code).toBe("YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION");
    expect(await roleOf(team.id, owner, stranger)).toBeNull();
    expect(isRefused((await anon.post(`${ORG}/accept-invitation`, { invitationId: pending })).status)).toBe(true);

    const ok = await invitee.c.post(`${ORG}/accept-invitation`, { invitationId: pending });
    expect(ok.status).toBe(200);
    expect(await roleOf(team.id, owner, invitee)).toBe("guest");
    expect((await status(invitee.c, pending)).json).toMatchObject({ status: "accepted", alreadyMember: true });
    const again = await invitee.c.post(`${ORG}/accept-invitation`, { invitationId: pending });
    expect(again.json.code).toBe("INVITATION_NOT_FOUND");

    const cancelledFor = await user("cancelled");
    const cancelled = (await invite(owner, team.id, cancelledFor.email, "member")).json.id as string;
    await owner.c.post(`${ORG}/cancel-invitation`, { invitationId: cancelled });
    expect((await status(cancelledFor.c, cancelled)).json.status).toBe("canceled");
    expect((await cancelledFor.c.post(`${ORG}/accept-invitation`, { invitationId: cancelled })).json.code).toBe("INVITATION_NOT_FOUND");
    expect(await roleOf(team.id, owner, cancelledFor)).toBeNull();

    const expiredFor = await user("expired");
    const expired = (await invite(owner, team.id, expiredFor.email, "member")).json.id as string;
    await t.ctx.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitation.id, expired));
    expect((await status(expiredFor.c, expired)).json.status).toBe("expired");
    const late = await expiredFor.c.post(`${ORG}/accept-invitation`, { invitationId: expired });
    expect(late.status).toBe(400);
    expect(late.json.code).toBe("INVITATION_NOT_FOUND");
    expect(await roleOf(team.id, owner, expiredFor)).toBeNull();

    expect((await status(anon, "no-such-invitation")).json.status).toBe("not_found");
  });

  it("keeps one pending invitation per team and address: the invitation that loses a race gets a 409 and no mail", async () => {
    const owner = await user("racer");
    const team = await createTeam(owner, "Race Team");
    const email = uniqueEmail("raced");
    const outboxFor = async (address: string) =>
      (await fs.readdir(path.join(t.dataDir, "outbox")).catch(() => [] as string[])).filter((f) => f.includes(address)).length;
    // The other request of the race: its pending row is there, but better-auth's own check (which compares
    // the lower-cased address) cannot see it, as when both requests checked before either inserted.
    await t.ctx.database.db.insert(invitation).values({
      id: `race-${Date.now()}`,
      organizationId: team.id,
      email: email.toUpperCase(),
      role: "member",
      status: "pending",
      expiresAt: new Date(Date.now() + 86_400_000),
      inviterId: owner.id,
    });
    const second = await invite(owner, team.id, email, "member");
    expect(second.status, second.text).toBe(409);
    expect(second.json).toMatchObject({ error: { code: "CONFLICT", message: expect.stringContaining("already pending") } });
    expect(await outboxFor(email)).toBe(0);
    const pendingFor = async (address: string) =>
      (await t.ctx.database.db.select().from(invitation).where(eq(invitation.organizationId, team.id))).filter(
        (i) => i.status === "pending" && i.email.toLowerCase() === address.toLowerCase(),
      );
    expect(await pendingFor(email)).toHaveLength(1);

    // Sent together for real: never two pending, never a 500, one mail per invitation made.
    const together = uniqueEmail("together");
    const answers = await Promise.all([1, 2, 3, 4].map(() => invite(owner, team.id, together, "member")));
    for (const a of answers) expect([200, 409], a.text).toContain(a.status);
    expect(await pendingFor(together)).toHaveLength(1);
    expect(await outboxFor(together)).toBe(answers.filter((a) => a.status === 200).length);

    // An expired pending invitation (better-auth no longer sees it) does not block inviting the address again.
    const lapsed = uniqueEmail("lapsed");
    const old = (await invite(owner, team.id, lapsed, "member")).json.id as string;
    await t.ctx.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invitation.id, old));
    const again = await invite(owner, team.id, lapsed, "member");
    expect(again.status, again.text).toBe(200);
    expect((await pendingFor(lapsed)).map((i) => i.id)).toEqual([again.json.id]);
  });
});

describe("meetings shared with a team", () => {
  async function meetingOf(owner: User) {
    const db = t.ctx.database.db;
    const [m] = await db
      .insert(meetings)
      .values({ userId: owner.id, title: "Quarterly planning", status: "completed", sourceType: "transcript_import" })
      .returning();
    const [item] = await db.insert(actionItems).values({ meetingId: m!.id, description: "Send the deck" }).returning();
    return { meetingId: m!.id, itemId: item!.id };
  }

  it("lets members and admins read and edit action items, guests only read, non-members nothing", async () => {
    const { owner, admin, member, guest, outsider, team } = await fullTeam();
    const { meetingId, itemId } = await meetingOf(owner);
    expect((await member.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);

    const share = await owner.c.put(`/api/meetings/${meetingId}/shares/${team.id}`);
    expect(share.status, share.text).toBe(200);
    expect(share.json.sharedVia.map((s: any) => s.teamId)).toEqual([team.id]);
    // Only the meeting's owner shares it.
    expect((await admin.c.put(`/api/meetings/${meetingId}/shares/${team.id}`)).status).toBe(403);

    for (const who of [admin, member]) {
      expect((await who.c.get(`/api/meetings/${meetingId}`)).status).toBe(200);
      const list = await who.c.get("/api/meetings");
      const entry = list.json.meetings.find((m: any) => m.id === meetingId);
      expect(entry.sharedVia[0].teamId).toBe(team.id);
      const r = await who.c.patch(`/api/action-items/${itemId}`, { status: "completed" });
      expect(r.status, r.text).toBe(200);
      expect((await who.c.post(`/api/meetings/${meetingId}/action-items`, { description: `Added by ${who.email}` })).status).toBe(201);
      expect((await who.c.patch(`/api/action-items/${itemId}`, { status: "pending" })).status).toBe(200);
    }

    expect((await guest.c.get(`/api/meetings/${meetingId}`)).status).toBe(200);
    expect((await guest.c.get(`/api/meetings/${meetingId}/action-items`)).status).toBe(200);
    expect((await guest.c.patch(`/api/action-items/${itemId}`, { status: "completed" })).status).toBe(403);
    expect((await guest.c.post(`/api/meetings/${meetingId}/action-items`, { description: "nope" })).status).toBe(403);
    expect((await guest.c.delete(`/api/action-items/${itemId}`)).status).toBe(403);

    expect((await outsider.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);
    expect((await outsider.c.patch(`/api/action-items/${itemId}`, { status: "completed" })).status).toBe(404);
    expect((await outsider.c.get("/api/meetings")).json.meetings.map((m: any) => m.id)).not.toContain(meetingId);

    // A role change applies at once.
    await owner.c.post(`${ORG}/update-member-role`, {
      organizationId: team.id,
      memberId: await memberIdOf(team.id, owner, member),
      role: "guest",
    });
    expect((await member.c.patch(`/api/action-items/${itemId}`, { status: "completed" })).status).toBe(403);

    // Stopping the share ends everyone's access.
    expect((await owner.c.delete(`/api/meetings/${meetingId}/shares/${team.id}`)).status).toBe(200);
    for (const who of [admin, member, guest]) expect((await who.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);
  });

  it("ends access at once when a member is removed or leaves, and when the team is deleted", async () => {
    const { owner, admin, member, guest, team } = await fullTeam();
    const { meetingId, itemId } = await meetingOf(owner);
    await owner.c.put(`/api/meetings/${meetingId}/shares/${team.id}`);
    for (const who of [admin, member, guest]) expect((await who.c.get(`/api/meetings/${meetingId}`)).status).toBe(200);

    await admin.c.post(`${ORG}/remove-member`, { organizationId: team.id, memberIdOrEmail: await memberIdOf(team.id, owner, member) });
    expect((await member.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);
    expect((await member.c.patch(`/api/action-items/${itemId}`, { status: "completed" })).status).toBe(404);

    await guest.c.post(`${ORG}/leave`, { organizationId: team.id });
    expect((await guest.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);

    await owner.c.post(`${ORG}/delete`, { organizationId: team.id });
    expect((await admin.c.get(`/api/meetings/${meetingId}`)).status).toBe(404);
    expect((await owner.c.get(`/api/meetings/${meetingId}`)).json.sharedVia).toEqual([]);
  });
});

describe("profile and security", () => {
  it("updates the full name", async () => {
    const u = await user("profile", "Old Name");
    const r = await u.c.post("/api/auth/update-user", { name: "New Name" });
    expect(r.status).toBe(200);
    expect((await u.c.get("/api/auth/get-session")).json.user.name).toBe("New Name");
  });

  it("changes the password only with the current one, and ends the user's other sessions", async () => {
    const u = await user("pw");
    const other = new TestClient(t.url);
    expect((await other.signIn(u.email)).status).toBe(200);
    expect((await other.get("/api/auth/get-session")).json.user.email).toBe(u.email);
    const wrong = await u.c.post("/api/auth/change-password", {
      currentPassword: "nope-nope",
      newPassword: "newsecret1",
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    const r = await u.c.post("/api/auth/change-password", {
      currentPassword: "secret123",
      newPassword: "newsecret1",
      revokeOtherSessions: true,
    });
    expect(r.status, r.text).toBe(200);
    expect((await u.c.get("/api/auth/get-session")).json.user.email).toBe(u.email);
    expect((await other.get("/api/auth/get-session")).json).toBeNull();
    expect((await new TestClient(t.url).signIn(u.email, "secret123")).status).toBe(401);
    expect((await new TestClient(t.url).signIn(u.email, "newsecret1")).status).toBe(200);
  });

  it("changes the e-mail only once the link mailed to the new address is opened", async () => {
    const u = await user("oldmail");
    const newEmail = uniqueEmail("newmail");
    const r = await u.c.post("/api/auth/change-email", { newEmail, callbackURL: "/settings" });
    expect(r.status, r.text).toBe(200);
    expect((await u.c.get("/api/auth/get-session")).json.user.email).toBe(u.email);
    const file = (await fs.readdir(path.join(t.dataDir, "outbox"))).find((f) => f.includes(newEmail));
    expect(file).toBeDefined();
    const eml = (await fs.readFile(path.join(t.dataDir, "outbox", file!), "utf8")).replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const link = eml.match(/https?:\/\/\S*verify-email\?token=\S+/)![0];
    const open = await u.c.get(link.replace(/^https?:\/\/[^/]+/, ""));
    expect([200, 302]).toContain(open.status);
    expect((await u.c.get("/api/auth/get-session")).json.user.email).toBe(newEmail);
  });
});
