// better-auth answers /api/auth/organization/*, not our routes: this checks that what it answers
// is what contract/teams.ts says the web app reads (a better-auth upgrade that renames a field
// fails here, not in a browser).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import {
  acceptedInvitationSchema,
  invitationStatusSchema,
  teamInfoSchema,
  teamInvitationSchema,
  teamInvitationsSchema,
  teamListSchema,
  teamMembersSchema,
} from "../../../../contract/teams";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const ORG = "/api/auth/organization";

async function user(prefix: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  await c.signUp(email, "secret123", `${prefix} Tester`);
  return { c, email };
}

describe("better-auth's team answers match the contract", () => {
  it("create, list, members, invitations, invitation status and accepting", async () => {
    const owner = await user("owner");
    const guest = await user("guest");
    const created = await owner.c.post(`${ORG}/create`, { name: "Contract team", slug: `contract-${Date.now()}`, description: "About" });
    expect(created.status, created.text).toBe(200);
    const team = teamInfoSchema.parse(created.json);

    expect(teamListSchema.parse((await owner.c.get(`${ORG}/list`)).json).map((x) => x.id)).toContain(team.id);

    const invited = await owner.c.post(`${ORG}/invite-member`, { email: guest.email, role: "guest", organizationId: team.id });
    expect(invited.status, invited.text).toBe(200);
    const invitation = teamInvitationSchema.parse(invited.json);
    const pending = teamInvitationsSchema.parse((await owner.c.get(`${ORG}/list-invitations?organizationId=${team.id}`)).json);
    expect(pending.map((i) => i.id)).toContain(invitation.id);

    const status = invitationStatusSchema.parse((await guest.c.get(`/api/invitations/${invitation.id}/status`)).json);
    expect(status).toMatchObject({ status: "pending", forYou: true, teamName: "Contract team" });

    const accepted = await guest.c.post(`${ORG}/accept-invitation`, { invitationId: invitation.id });
    expect(accepted.status, accepted.text).toBe(200);
    expect(acceptedInvitationSchema.parse(accepted.json).member.role).toBe("guest");

    const { members } = teamMembersSchema.parse((await owner.c.get(`${ORG}/list-members?organizationId=${team.id}`)).json);
    expect(members.map((m) => m.role).sort()).toEqual(["guest", "owner"]);
    expect(members.every((m) => m.user?.email)).toBe(true);
  });
});
