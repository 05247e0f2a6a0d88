import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";

const ORG = "/api/auth/organization";

describe("public links", () => {
  let t: TestApp;
  let owner: TestClient;
  let member: TestClient;
  let stranger: TestClient;
  let visitor: TestClient;
  let meetingId: string;

  beforeAll(async () => {
    t = await startTestApp();
    [owner, member, stranger, visitor] = [0, 1, 2, 3].map(() => new TestClient(t.url)) as [TestClient, TestClient, TestClient, TestClient];
    await owner.signUp(uniqueEmail("owner"), "secret123", "Maria Lopez");
    const memberEmail = uniqueEmail("member");
    await member.signUp(memberEmail);
    await stranger.signUp(uniqueEmail("stranger"));
    const team = (await owner.post(`${ORG}/create`, { name: "T", slug: `t-${Date.now()}` })).json.id;
    const inv = await owner.post(`${ORG}/invite-member`, { email: memberEmail, role: "member", organizationId: team });
    await member.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id });
    meetingId = await owner.importTranscript("launch.vtt", VTT, "Launch sync");
    await owner.waitCompleted(meetingId);
    expect((await owner.put(`/api/meetings/${meetingId}/shares/${team}`, {})).status).toBe(200);
  });
  afterAll(() => t.close());

  const create = (body: unknown, who = owner) => who.post(`/api/meetings/${meetingId}/public-links`, body);

  it("shows a signed-out visitor exactly the chosen parts, nothing else, and keeps out of search engines", async () => {
    const r = await create({ parts: ["summary", "actionItems"] });
    expect(r.status, r.text).toBe(201);
    expect(r.json).toMatchObject({ id: expect.any(String), token: expect.any(String), url: `${t.ctx.config.publicUrl}/p/${r.json.token}` });
    const seen = await visitor.get(`/api/public/${r.json.token}`);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(seen.json.title).toBe("Launch sync");
    expect(seen.json.notes).toMatchObject({ overview: expect.any(String), keyPoints: expect.any(Array), decisions: expect.any(Array) });
    expect(seen.json.actionItems.map((i: any) => i.description)).toContain("Send the updated deck to the client");
    expect(Object.keys(seen.json).sort()).toEqual(["actionItems", "durationSeconds", "notes", "parts", "recordedAt", "title"]);
    // Nothing that names the owner, the team or other meetings.
    expect(seen.text).not.toMatch(/ownerName|sharedVia|userId|meetingId/);

    const transcriptOnly = await create({ parts: ["transcript"] });
    const only = (await visitor.get(`/api/public/${transcriptOnly.json.token}`)).json;
    expect(only.utterances.map((u: any) => u.speaker)).toContain("Sam Park");
    expect(only).not.toHaveProperty("notes");
    expect(only).not.toHaveProperty("actionItems");
    // A transcript import has no recording to show.
    const rec = await create({ parts: ["recording"] });
    expect((await visitor.get(`/api/public/${rec.json.token}`)).json).not.toHaveProperty("mediaUrl");
    expect((await visitor.get(`/api/public/${rec.json.token}/media`)).status).toBe(404);
    expect((await visitor.get(`/api/public/${r.json.token}/media`)).status).toBe(404);
  });

  it("answers 404 at once after revoke or expiry; only the owner creates, lists and revokes", async () => {
    const link = (await create({ parts: ["summary"] })).json;
    expect((await member.post(`/api/meetings/${meetingId}/public-links`, { parts: ["summary"] })).status).toBe(403);
    expect((await stranger.post(`/api/meetings/${meetingId}/public-links`, { parts: ["summary"] })).status).toBe(404);
    expect((await visitor.post(`/api/meetings/${meetingId}/public-links`, { parts: ["summary"] })).status).toBe(401);
    expect((await member.get(`/api/meetings/${meetingId}/public-links`)).status).toBe(403);
    expect((await member.delete(`/api/meetings/${meetingId}/public-links/${link.id}`)).status).toBe(403);
    const listed = (await owner.get(`/api/meetings/${meetingId}/public-links`)).json.links;
    expect(listed.map((l: any) => l.id)).toContain(link.id);

    expect((await owner.delete(`/api/meetings/${meetingId}/public-links/${link.id}`)).status).toBe(204);
    const after = await visitor.get(`/api/public/${link.token}`);
    expect(after.status).toBe(404);
    expect(after.json.error.code).toBe("NOT_FOUND");
    expect((await owner.delete(`/api/meetings/${meetingId}/public-links/${link.id}`)).status).toBe(404);
    expect((await owner.get(`/api/meetings/${meetingId}/public-links`)).json.links.map((l: any) => l.id)).not.toContain(link.id);

    const expiring = (await create({ parts: ["summary"], expiresAt: new Date(Date.now() + 86_400_000).toISOString() })).json;
    expect((await visitor.get(`/api/public/${expiring.token}`)).status).toBe(200);
    await t.ctx.database.db.execute(sql`update public_links set expires_at = now() - interval '1 second' where id = ${expiring.id}`);
    expect((await visitor.get(`/api/public/${expiring.token}`)).status).toBe(404);
    expect((await owner.get(`/api/meetings/${meetingId}/public-links`)).json.links.find((l: any) => l.id === expiring.id).expired).toBe(
      true,
    );

    expect((await create({ parts: [] })).status).toBe(400);
    expect((await create({ parts: ["everything"] })).status).toBe(400);
    expect((await create({ parts: ["summary"], expiresAt: "2000-01-01T00:00:00Z" })).status).toBe(400);
    expect((await create({ parts: ["summary"], password: "123" })).status).toBe(400);
    expect((await visitor.get(`/api/public/not-a-token`)).status).toBe(404);
  });

  it("asks for the password of a protected link, refuses a wrong one, and limits guessing", async () => {
    const link = (await create({ parts: ["summary"], password: "open sesame" })).json;
    expect(link.hasPassword).toBe(true);
    const none = await visitor.get(`/api/public/${link.token}`);
    expect(none.status).toBe(401);
    expect(none.json.error.message).toBe("This link is protected by a password.");
    const withPassword = (p: string) => visitor.request("GET", `/api/public/${link.token}`, undefined, { "x-link-password": p });
    expect((await withPassword("wrong")).status).toBe(401);
    const right = await withPassword("open sesame");
    expect(right.status).toBe(200);
    expect(right.json.notes).toEqual(expect.any(Object));
    for (let i = 0; i < 9; i++) await withPassword("wrong");
    const locked = await withPassword("open sesame");
    expect(locked.status).toBe(429);
  });
});
