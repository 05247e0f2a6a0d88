import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { createTestDatabase } from "../../../../test/db";
import { actionItems } from "../../db/schema";
import { SAMPLE_TEAMS_VTT } from "../../../../test/fixtures";
import { localClock, MailNoticesService } from "./mail-notices.service";

const ORG = "/api/auth/organization";
const VTT = SAMPLE_TEAMS_VTT.replaceAll("Sam Park", "Speaker 2");

/** Every mail to `address` in the outbox, quoted-printable decoded (ASCII is enough here). */
async function mailsTo(dataDir: string, address: string): Promise<string[]> {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.includes(address)).sort();
  return Promise.all(
    files.map(async (f) =>
      (await fs.readFile(path.join(dir, f), "utf8"))
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    ),
  );
}
const subjects = (mails: string[]) => mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1] ?? "");

describe("local time for notices", () => {
  it("reads the date, hour and weekday in the user's time zone", () => {
    const now = new Date("2030-01-07T06:30:00Z");
    expect(localClock(now, "UTC")).toEqual({ date: "2030-01-07", hour: 6, weekday: "Mon" });
    expect(localClock(now, "America/Los_Angeles")).toEqual({ date: "2030-01-06", hour: 22, weekday: "Sun" });
    expect(localClock(now, "Asia/Tokyo")).toMatchObject({ date: "2030-01-07", hour: 15 });
  });
});

describe("notice mails", () => {
  let env: Record<string, string>;
  let dataDir: string;
  let t: TestApp;
  let alice: TestClient; // owner
  let bob: TestClient; // member, linked to Speaker 2
  let carol: TestClient; // member, not opted in
  let aliceEmail: string;
  let bobEmail: string;
  let meetingId: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "minutes-mail-"));
    env = { DATABASE_URL: await createTestDatabase(), DATA_DIR: dataDir };
    t = await startTestApp(env);
    [alice, bob, carol] = [0, 1, 2].map(() => new TestClient(t.url)) as [TestClient, TestClient, TestClient];
    aliceEmail = uniqueEmail("alice");
    bobEmail = uniqueEmail("bob");
    const carolEmail = uniqueEmail("carol");
    await alice.signUp(aliceEmail, "secret123", "Maria Lopez");
    await bob.signUp(bobEmail, "secret123", "Bob Stone");
    await carol.signUp(carolEmail, "secret123", "Carol King");
    const team = (await alice.post(`${ORG}/create`, { name: "T", slug: `t-${Date.now()}` })).json.id;
    for (const [email, who] of [
      [bobEmail, bob],
      [carolEmail, carol],
    ] as const) {
      const inv = await alice.post(`${ORG}/invite-member`, { email, role: "member", organizationId: team });
      await who.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id });
    }
    for (const who of [alice, bob])
      expect((await who.patch("/api/mail/preferences", { recap: true, reminders: true, digest: true })).status).toBe(200);
    meetingId = await alice.importTranscript("launch.vtt", VTT, "Launch sync");
    await alice.waitCompleted(meetingId);
    // A possible action item (the notes were unsure) is no one's task until accepted: no mail names it.
    await t.ctx.database.db.insert(actionItems).values({
      meetingId,
      description: "Order new team badges",
      assignee: "Speaker 2",
      origin: "extracted",
      suggested: true,
      position: 99,
    });
    await alice.put(`/api/meetings/${meetingId}/shares/${team}`, {});
    const bobId = (await bob.get("/api/auth/get-session")).json.user.id;
    expect(
      (await bob.put(`/api/meetings/${meetingId}/speaker-links`, { speaker: "Speaker 2", person: { kind: "user", id: bobId } })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("keeps every notice off until the user turns it on, and checks the time zone", async () => {
    expect((await carol.get("/api/mail/preferences")).json).toEqual({ recap: false, reminders: false, digest: false, timeZone: "UTC" });
    expect((await carol.patch("/api/mail/preferences", { timeZone: "Mars/Olympus" })).status).toBe(400);
    expect((await carol.patch("/api/mail/preferences", { timeZone: "Europe/Berlin" })).json.timeZone).toBe("Europe/Berlin");
    expect((await new TestClient(t.url).get("/api/mail/preferences")).status).toBe(401);
  });

  it("mails a recap once per meeting and participant, across a restart; only to who opted in", async () => {
    await new MailNoticesService(t.ctx).recaps(new Date());
    await new MailNoticesService(t.ctx).recaps(new Date());
    const bobs = (await mailsTo(dataDir, bobEmail)).filter((m) => /Subject: Recap/.test(m));
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toContain("Book the venue");
    expect(bobs[0]).not.toContain("team badges");
    // The notes as plain text: each section once, no markdown marks.
    expect(bobs[0]!.split("Decisions:").length).toBeLessThanOrEqual(2);
    expect(bobs[0]).not.toContain("**");
    expect(bobs[0]).toContain(`/meetings/${meetingId}`);
    expect(bobs[0]).toMatch(/\/unsubscribe\?token=[\w-]+&kind=recap/);
    expect((await mailsTo(dataDir, aliceEmail)).filter((m) => /Subject: Recap/.test(m))).toHaveLength(1);

    // A restart (a new process on the same database and data directory) sends nothing again.
    await t.close();
    t = await startTestApp(env);
    for (const c of [alice, bob, carol]) (c as { baseUrl: string }).baseUrl = t.url;
    expect(await new MailNoticesService(t.ctx).recaps(new Date())).toBe(0);
    expect((await mailsTo(dataDir, bobEmail)).filter((m) => /Subject: Recap/.test(m))).toHaveLength(1);
  });

  it("reminds the day before an item is due and once it is overdue, in the user's morning, once each", async () => {
    const item = (await bob.get("/api/action-items?assignee=me")).json.items.find((i: any) => /venue/i.test(i.description));
    await bob.patch(`/api/action-items/${item.id}`, { dueDate: "2030-01-02" });
    await bob.patch("/api/mail/preferences", { timeZone: "America/Los_Angeles" });
    const service = new MailNoticesService(t.ctx);
    const before = (await mailsTo(dataDir, bobEmail)).length;
    // 10:00 UTC is 02:00 in Los Angeles: too early.
    expect(await service.reminders(new Date("2030-01-01T10:00:00Z"))).toBe(0);
    await service.reminders(new Date("2030-01-01T17:00:00Z"));
    await service.reminders(new Date("2030-01-01T18:00:00Z"));
    const soon = subjects((await mailsTo(dataDir, bobEmail)).slice(before)).filter((s) => s.startsWith("Due tomorrow"));
    expect(soon).toEqual(["Due tomorrow: Book the venue"]);
    await service.reminders(new Date("2030-01-03T17:00:00Z"));
    await service.reminders(new Date("2030-01-03T18:00:00Z"));
    const all = (await mailsTo(dataDir, bobEmail)).slice(before);
    const overdue = all.filter((m) => /Subject: Overdue/.test(m) && m.includes("Book the venue (due 2030-01-02"));
    expect(overdue).toHaveLength(1);
  });

  it("sends the weekly digest on Monday morning once, and unsubscribes with one click without signing in", async () => {
    const service = new MailNoticesService(t.ctx);
    // Bob is in Los Angeles (the test before): Monday 09:00 there is 17:00 UTC.
    expect(await service.digests(new Date("2030-01-08T20:00:00Z"))).toBe(0); // a Tuesday
    await service.digests(new Date("2030-01-07T17:00:00Z"));
    await service.digests(new Date("2030-01-07T19:00:00Z"));
    const digests = (await mailsTo(dataDir, bobEmail)).filter((m) => /Subject: Your week/.test(m));
    expect(digests).toHaveLength(1);

    const link = /\/unsubscribe\?token=([\w-]+)&kind=digest/.exec(digests[0]!)!;
    const visitor = new TestClient(t.url);
    expect((await visitor.post("/api/mail/unsubscribe", { token: link[1], kind: "digest" })).status).toBe(200);
    expect((await bob.get("/api/mail/preferences")).json).toMatchObject({ digest: false, recap: true });
    expect((await visitor.post("/api/mail/unsubscribe", { token: "nope", kind: "all" })).status).toBe(404);
    const after = (await mailsTo(dataDir, bobEmail)).length;
    await service.digests(new Date("2030-01-14T17:00:00Z"));
    expect((await mailsTo(dataDir, bobEmail)).length).toBe(after);
  });
});
