// better-auth's organization plugin refuses in its words ("You are not allowed to update this
// organization"); our API answers in ours ("team"), in the one error shape, with better-auth's own
// code kept where its client reads it (decision 052).
import { ORGANIZATION_ERROR_CODES } from "better-auth/client/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../test/app";
import { TEAM_WORDING, teamRefusal } from "./team-wording";

const ORG = "/api/auth/organization";
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

async function user(prefix: string): Promise<{ c: TestClient; email: string }> {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  await c.signUp(email);
  return { c, email };
}

describe("team refusals through our API", () => {
  it("say 'team', never 'organization', in the one error shape", async () => {
    const owner = await user("wording-owner");
    const mem = await user("wording-member");
    const team = (await owner.c.post(`${ORG}/create`, { name: "Wording", slug: `w-${Date.now()}` })).json as { id: string };
    const inv = await owner.c.post(`${ORG}/invite-member`, { email: mem.email, role: "member", organizationId: team.id });
    expect((await mem.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);

    const cases = [
      {
        r: await mem.c.post(`${ORG}/update`, { organizationId: team.id, data: { name: "Mine now" } }),
        status: 403,
        code: "FORBIDDEN",
        theirs: "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION",
        message: "Only the team's owner or an admin can change its name and description.",
      },
      {
        r: await mem.c.post(`${ORG}/delete`, { organizationId: team.id }),
        status: 403,
        code: "FORBIDDEN",
        theirs: "YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION",
        message: "Only the team's owner can delete the team.",
      },
      {
        r: await owner.c.post(`${ORG}/leave`, { organizationId: team.id }),
        status: 400,
        code: "BAD_REQUEST",
        theirs: "YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER",
        message: "You own this team, so you cannot leave it. Transfer ownership to another member first, or delete the team.",
      },
    ];
    for (const { r, status, code, theirs, message } of cases) {
      expect(r.status, r.text).toBe(status);
      expect(r.json.error).toEqual({ code, message });
      // better-auth's client reads the top level: its code, our message.
      expect(r.json.code).toBe(theirs);
      expect(r.json.message).toBe(message);
      // No word of the answer a person reads says "organization" (the code is for programs).
      const { code: _code, ...read } = r.json as Record<string, unknown>;
      expect(JSON.stringify(read)).not.toMatch(/organi[sz]ation/i);
    }
    // Refusals that never said "organization" are passed on as they were.
    const stranger = await user("wording-stranger");
    const notYours = await stranger.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id });
    expect(notYours.status).toBeGreaterThanOrEqual(400);
    expect(notYours.json.error.code).toBe(notYours.json.code);
  });

  it("has our words for every refusal of the installed better-auth that names an organization", () => {
    const naming = Object.values(ORGANIZATION_ERROR_CODES).filter((e) => /organi[sz]ation/i.test(e.message));
    expect(naming.length).toBeGreaterThan(10);
    for (const e of naming) {
      expect(TEAM_WORDING[e.code], e.code).toBeDefined();
      expect(TEAM_WORDING[e.code]).not.toMatch(/organi[sz]ation/i);
    }
    // One a newer release might add: its words changed, not left as they were.
    expect(teamRefusal("SOMETHING_NEW", "You cannot rename this organization yet", 403)?.message).toBe("You cannot rename this team yet");
    expect(teamRefusal("INVITATION_NOT_FOUND", "Invitation not found", 400)).toBeNull();
  });
});
