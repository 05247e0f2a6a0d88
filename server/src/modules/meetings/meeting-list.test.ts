// GET /api/meetings: keyset pages of 50 in the three orders, server-side search and status
// filter, rows without transcripts, stored speakers, and who sees what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { meetings } from "../../db/schema";

let t: TestApp;
let owner: TestClient;
let ownerId: string;
const ORG = "/api/auth/organization";

async function signedUp(prefix: string) {
  const c = new TestClient(t.url);
  const email = uniqueEmail(prefix);
  const r = await c.signUp(email);
  return { c, email, id: r.json.user.id as string };
}

/** Every page of a listing, following nextCursor. */
async function allPages(c: TestClient, params: string) {
  const pages: any[] = [];
  let cursor: string | null = null;
  do {
    const r = await c.get(`/api/meetings?${params}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    expect(r.status, r.text).toBe(200);
    pages.push(r.json);
    cursor = r.json.nextCursor;
  } while (cursor);
  return pages;
}

const base = Date.parse("2026-01-01T00:00:00Z");
const titles = ["beta", "Alpha", "gamma", "alpha", "Delta"];

beforeAll(async () => {
  t = await startTestApp();
  const o = await signedUp("list");
  owner = o.c;
  ownerId = o.id;
  // 120 meetings; every 10th failed; same created_at for pairs so the id breaks ties.
  await t.ctx.database.db.insert(meetings).values(
    Array.from({ length: 120 }, (_, i) => ({
      userId: ownerId,
      title: `${titles[i % titles.length]} meeting ${String(i).padStart(3, "0")}`,
      status: i % 10 === 0 ? ("failed" as const) : ("completed" as const),
      sourceType: "file_upload" as const,
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
      recordedAt: new Date(base + Math.floor(i / 2) * 60_000),
      transcriptLanguage: "en",
      utterances: [
        { speaker: "Ana", start: 0, end: 2, text: i === 77 ? "The narwhal budget is approved." : "Hello." },
        { speaker: "Ben", start: 2, end: 4, text: "Thanks." },
        { speaker: "Ana", start: 4, end: 6, text: "Bye." },
      ],
      transcript: "…",
    })),
  );
});
afterAll(() => t.close());

describe("paging", () => {
  it("answers 50 a page in every order, each meeting once, in the order asked", async () => {
    for (const sort of ["recent", "oldest", "alpha"] as const) {
      const pages = await allPages(owner, `sort=${sort}`);
      expect(pages.map((p) => p.meetings.length)).toEqual([50, 50, 20]);
      expect(pages.map((p) => p.total)).toEqual([120, null, null]);
      const rows = pages.flatMap((p) => p.meetings);
      expect(new Set(rows.map((m) => m.id)).size).toBe(120);
      const key = (m: any) => [Date.parse(m.recordedAt), m.id] as const;
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [rows[i - 1], rows[i]];
        if (sort === "alpha") {
          const [ta, tb] = [a.title.toLowerCase(), b.title.toLowerCase()];
          expect(ta <= tb, `${ta} before ${tb}`).toBe(true);
          if (ta === tb) expect(key(a)[0]).toBeGreaterThanOrEqual(key(b)[0]);
        } else if (sort === "recent") expect(key(a)[0]).toBeGreaterThanOrEqual(key(b)[0]);
        else expect(key(a)[0]).toBeLessThanOrEqual(key(b)[0]);
      }
    }
  });

  it("rows carry counts and stored speakers, never the transcript", async () => {
    const r = await owner.get("/api/meetings");
    const row = r.json.meetings[0];
    expect(row.speakers).toEqual(["Ana", "Ben"]);
    expect(row).not.toHaveProperty("utterances");
    expect(row).not.toHaveProperty("transcript");
    expect(row).toMatchObject({ isOwner: true, pendingCount: 0, actionItemCount: 0, sharedVia: [] });
  });

  it("filters by status and searches titles and words on the server, paged the same way", async () => {
    const failed = await allPages(owner, "status=failed&sort=oldest");
    expect(failed[0].total).toBe(12);
    expect(failed.flatMap((p) => p.meetings).every((m: any) => m.status === "failed")).toBe(true);
    const byTitle = await allPages(owner, "q=ALPHA");
    expect(byTitle[0].total).toBe(48);
    expect(byTitle.flatMap((p) => p.meetings).every((m: any) => /alpha/i.test(m.title))).toBe(true);
    const byWord = await owner.get("/api/meetings?q=narwhal");
    expect(byWord.json.meetings.map((m: any) => m.title)).toEqual(["gamma meeting 077"]);
    expect((await owner.get("/api/meetings?q=narwhal&status=failed")).json).toEqual({ meetings: [], total: 0, nextCursor: null });
    // A % in the search is a character, not a wildcard.
    expect((await owner.get(`/api/meetings?q=${encodeURIComponent("%")}`)).json.total).toBe(0);
  });

  it("refuses a cursor that is not ours or belongs to another order", async () => {
    const first = await owner.get("/api/meetings?sort=recent");
    const wrongOrder = await owner.get(`/api/meetings?sort=alpha&cursor=${first.json.nextCursor}`);
    expect(wrongOrder.status).toBe(400);
    expect(wrongOrder.json.error.message).toMatch(/Reload the list/);
    expect((await owner.get("/api/meetings?cursor=bm9wZQ")).status).toBe(400);
    expect((await owner.get("/api/meetings?sort=sideways")).status).toBe(400);
  });
});

describe("order", () => {
  it("dates meetings by when they were held, not when they were uploaded", async () => {
    const c = (await signedUp("order")).c;
    const me = (await c.get("/api/auth/get-session")).json.user.id;
    await t.ctx.database.db.insert(meetings).values([
      {
        userId: me,
        title: "uploaded today, held 2025",
        status: "completed",
        sourceType: "file_upload",
        recordedAt: new Date("2025-09-15T15:00:00Z"),
        createdAt: new Date("2026-11-23T12:00:00Z"),
      },
      {
        userId: me,
        title: "uploaded earlier, held 2026",
        status: "completed",
        sourceType: "file_upload",
        recordedAt: new Date("2026-01-10T09:00:00Z"),
        createdAt: new Date("2026-01-10T10:00:00Z"),
      },
    ]);
    const titles = async (sort: string) => (await c.get(`/api/meetings?sort=${sort}`)).json.meetings.map((m: any) => m.title);
    expect(await titles("recent")).toEqual(["uploaded earlier, held 2026", "uploaded today, held 2025"]);
    expect(await titles("oldest")).toEqual(["uploaded today, held 2025", "uploaded earlier, held 2026"]);
  });
});

describe("who sees what", () => {
  it("a team member sees shared meetings only; a stranger sees none of them", async () => {
    const member = await signedUp("member");
    const stranger = await signedUp("stranger");
    const team = (await owner.post(`${ORG}/create`, { name: "List team", slug: `list-${Date.now()}` })).json;
    const inv = await owner.post(`${ORG}/invite-member`, { email: member.email, role: "guest", organizationId: team.id });
    expect((await member.c.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    const shared = (await owner.get("/api/meetings?q=narwhal")).json.meetings[0].id;
    expect((await owner.put(`/api/meetings/${shared}/shares/${team.id}`)).status).toBe(200);
    const seen = await member.c.get("/api/meetings");
    expect(seen.json).toMatchObject({ total: 1, nextCursor: null });
    expect(seen.json.meetings[0]).toMatchObject({ id: shared, isOwner: false, sharedVia: [{ teamId: team.id }] });
    expect((await member.c.get("/api/meetings?q=hello")).json.total).toBe(0);
    expect((await stranger.c.get("/api/meetings")).json).toEqual({ meetings: [], total: 0, nextCursor: null });
    expect((await stranger.c.get("/api/meetings?q=narwhal")).json.total).toBe(0);
  });
});
