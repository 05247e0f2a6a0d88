// People across meetings in a real browser (issue 34): a team member links a speaker to
// themself in the rename dialog, then finds that speaker's items, from two meetings, on
// /action-items; completes one in place; the dashboard counts them. Screenshots at 1280 and
// 390 px; no serious accessibility violations.
import { sql } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { SAMPLE_TEAMS_VTT } from "../test/fixtures";
import { axeViolations, launchBrowser, newSignedInContext, newUserContext, openPopup, screenshot } from "./browser";

const ORG = "/api/auth/organization";
const VTT = SAMPLE_TEAMS_VTT.replaceAll("Sam Park", "Speaker 2");

let t: AppProcess;
let alice: TestClient;
let bob: TestClient;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const meetings: string[] = [];
let bobId = "";

beforeAll(async () => {
  t = await startAppProcess();
  alice = new TestClient(t.url);
  bob = new TestClient(t.url);
  await alice.signUp(uniqueEmail("alice"), "secret123", "Maria Lopez");
  const bobEmail = uniqueEmail("bob");
  await bob.signUp(bobEmail, "secret123", "Bob Stone");
  bobId = (await bob.get("/api/auth/get-session")).json.user.id;
  const team = (await alice.post(`${ORG}/create`, { name: "Launch", slug: `launch-${Date.now()}` })).json.id as string;
  const inv = await alice.post(`${ORG}/invite-member`, { email: bobEmail, role: "member", organizationId: team });
  expect((await bob.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
  for (const title of ["Launch sync", "Venue follow-up"]) {
    const id = await alice.importTranscript(`${title}.vtt`, VTT, title);
    await alice.waitCompleted(id);
    expect((await alice.put(`/api/meetings/${id}/shares/${team}`, {})).status).toBe(200);
    meetings.push(id);
  }
  browser = await launchBrowser();
  context = await newSignedInContext(browser, t.url, bob.cookie);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("speakers are people, and my action items", () => {
  it("links a speaker to me in the rename dialog; the items show my initials", async () => {
    await page.goto(`/meetings/${meetings[0]}`);
    await page.getByRole("button", { name: "Rename speakers" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename speakers" });
    const person = dialog.getByRole("combobox", { name: "Person for Speaker 2" });
    await person.waitFor();
    // The owner's own name is linked automatically.
    expect(await dialog.getByRole("combobox", { name: "Person for Maria Lopez" }).textContent()).toContain("Maria Lopez (same name)");
    await openPopup(person);
    await page.getByRole("option", { name: "Bob Stone" }).click();
    await page.getByText("Speaker 2 is Bob Stone").waitFor();
    // The list closes with an animation; axe would read it half gone.
    await page.getByRole("listbox").waitFor({ state: "detached" });
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "people-link-dialog-1280");
    await page.keyboard.press("Escape");
    const owners = page.locator('[data-testid="action-item"] [data-testid="action-item-owner"]', { hasText: "Bob Stone" });
    await owners.first().waitFor();
    expect(await owners.count()).toBeGreaterThanOrEqual(1);
    // The second meeting linked through the API.
    expect(
      (await bob.put(`/api/meetings/${meetings[1]}/speaker-links`, { speaker: "Speaker 2", person: { kind: "user", id: bobId } })).status,
    ).toBe(200);
  });

  it("lists my items from both meetings, groups them, completes one in place, and the dashboard counts them", async () => {
    const mine = (await bob.get("/api/action-items?assignee=me")).json.items as { meeting: { id: string } }[];
    expect(new Set(mine.map((i) => i.meeting.id))).toEqual(new Set(meetings));

    await page.goto("/dashboard");
    const summary = page.getByTestId("my-items-summary");
    await summary.getByText(`${mine.length} open action items assigned to me`).waitFor();
    await screenshot(page, "people-dashboard-1280");
    await summary.getByRole("link", { name: /open action items/ }).click();
    await page.getByRole("heading", { name: "My action items" }).waitFor();
    const rows = page.locator('[data-testid="action-item"]');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(mine.length);

    await page.getByRole("combobox", { name: "Group" }).click();
    await page.getByRole("option", { name: "By meeting" }).click();
    await page.getByRole("link", { name: "Launch sync" }).waitFor();
    await page.getByRole("link", { name: "Venue follow-up" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "people-my-items-1280");

    await rows.first().getByRole("checkbox").click();
    await expect.poll(() => rows.count()).toBe(mine.length - 1);
    await page.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => page.locator('[data-testid="action-item"][data-status="completed"]').count()).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Open" }).click();
    await rows.first().waitFor();
    await screenshot(page, "people-my-items-390");
  });

  it("shares outside the team: the owner creates a protected public link; a signed-out visitor sees only the chosen parts; revoked, it is gone", async () => {
    const owner = await newSignedInContext(browser, t.url, alice.cookie);
    await owner.grantPermissions(["clipboard-read", "clipboard-write"]);
    const op = await owner.newPage();
    await op.goto(`/meetings/${meetings[0]}`);
    await op.getByRole("button", { name: "Public link" }).click();
    const dialog = op.getByRole("dialog", { name: "Share outside the team" });
    await dialog.getByLabel("Password (optional)").fill("open sesame");
    await dialog.getByRole("button", { name: "Create and copy link" }).click();
    const row = dialog.getByTestId("public-link");
    await row.waitFor();
    const url = (await row.locator(".font-mono").textContent())!;
    expect(await op.evaluate(() => navigator.clipboard.readText())).toBe(url);
    expect(url).toMatch(/\/p\/[A-Za-z0-9_-]{20,}$/);
    expect(await axeViolations(op)).toEqual([]);
    await screenshot(op, "public-link-dialog-1280");

    const visitorContext = await newUserContext(browser, t.url);
    const vp = await visitorContext.newPage();
    await vp.goto(new URL(url).pathname);
    await vp.getByRole("heading", { name: "Password required" }).waitFor();
    await vp.getByLabel("Password").fill("wrong password");
    await vp.getByRole("button", { name: "Open" }).click();
    await vp.getByText("That password is not right.").waitFor();
    await vp.getByLabel("Password").fill("open sesame");
    await vp.getByRole("button", { name: "Open" }).click();
    await vp.getByRole("heading", { name: "Launch sync" }).waitFor();
    await vp.getByRole("heading", { name: "Action items" }).waitFor();
    expect(await vp.getByTestId("public-action-item").count()).toBeGreaterThan(0);
    expect(await vp.getByRole("heading", { name: "Transcript" }).count()).toBe(0);
    expect(await vp.getByText("Welcome everyone").count()).toBe(0);
    // Nothing else of the instance: no navigation, no sign-in, no footer links.
    expect(await vp.getByRole("link").count()).toBe(0);
    expect(await vp.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await axeViolations(vp)).toEqual([]);
    await screenshot(vp, "public-page-1280");
    await vp.setViewportSize({ width: 390, height: 844 });
    await screenshot(vp, "public-page-390");

    await row.getByRole("button", { name: "Revoke link" }).click();
    await dialog.getByText("No public links yet.").waitFor();
    await vp.reload();
    await vp.getByRole("heading", { name: "Link not available" }).waitFor();
    await owner.close();
    await visitorContext.close();
  });

  it("turns notice mails on from the action items page, and a mail's unsubscribe link turns one off without signing in", async () => {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/action-items");
    await page.getByRole("button", { name: "Email me" }).click();
    const dialog = page.getByRole("dialog", { name: "Email notifications" });
    const recap = dialog.getByRole("switch", { name: "Meeting recaps" });
    await recap.click();
    await expect.poll(async () => (await bob.get("/api/mail/preferences")).json.recap).toBe(true);
    // The switch shows the saved state once the answer is in (the server can be ahead of the page).
    await expect.poll(() => recap.getAttribute("aria-checked")).toBe("true");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "mail-preferences-1280");
    await page.keyboard.press("Escape");

    const rows = await t.db.execute<{ unsubscribe_token: string }>(
      sql`select unsubscribe_token from mail_preferences where user_id = ${bobId}`,
    );
    const token = rows.rows[0]!.unsubscribe_token;
    const visitorContext = await newUserContext(browser, t.url, { width: 390, height: 844 });
    const vp = await visitorContext.newPage();
    await vp.goto(`/unsubscribe?token=${token}&kind=recap`);
    await vp.getByText("You will not get meeting recaps any more.").waitFor();
    await screenshot(vp, "unsubscribe-390");
    expect((await bob.get("/api/mail/preferences")).json.recap).toBe(false);
    await visitorContext.close();
  });
});

describe("owners chosen from the team, and voices recognised next time", () => {
  it("the owner menu: a team member (with their initials) on the meeting page and on My action items; a guest gets no menu", async () => {
    const owner = await newSignedInContext(browser, t.url, alice.cookie);
    const op = await owner.newPage();
    await op.goto(`/meetings/${meetings[0]}`);
    const row = op.locator('[data-testid="action-item"]').first();
    const picker = row.getByTestId("owner-picker");
    await picker.waitFor();
    await picker.click();
    const menu = op.getByRole("menu");
    await menu.getByRole("menuitem", { name: "Maria Lopez" }).waitFor();
    expect(await menu.getByText("Team members").count()).toBe(1);
    expect(await axeViolations(op)).toEqual([]);
    await screenshot(op, "owner-menu-1280");
    await menu.getByRole("menuitem", { name: "Maria Lopez" }).click();
    await op
      .getByText(/^Maria Lopez owns “/)
      .first()
      .waitFor();
    await expect.poll(() => row.getByTestId("action-item-owner").textContent()).toBe("Maria Lopez");
    await op.setViewportSize({ width: 390, height: 844 });
    await row.getByTestId("owner-picker").click();
    await op.getByRole("menuitem", { name: "Bob Stone" }).waitFor();
    await screenshot(op, "owner-menu-390");
    await op.getByRole("menuitem", { name: "Bob Stone" }).click();
    await expect.poll(() => row.getByTestId("action-item-owner").textContent()).toBe("Bob Stone");
    await owner.close();

    // On My action items, Bob hands one of his items to Maria: it leaves his list.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/action-items");
    const rows = page.locator('[data-testid="action-item"]');
    await rows.first().waitFor();
    const before = await rows.count();
    await rows.first().getByTestId("owner-picker").click();
    await page.getByRole("menuitem", { name: "Maria Lopez" }).click();
    await expect.poll(() => rows.count()).toBe(before - 1);

    // A guest of the team reads the meeting but gets no owner menu.
    const guestClient = new TestClient(t.url);
    const guestEmail = uniqueEmail("guest");
    await guestClient.signUp(guestEmail, "secret123", "Gus Guest");
    const team = (await alice.get(`/api/meetings/${meetings[0]}`)).json.sharedVia[0].teamId as string;
    const inv = await alice.post(`${ORG}/invite-member`, { email: guestEmail, role: "guest", organizationId: team });
    expect((await guestClient.post(`${ORG}/accept-invitation`, { invitationId: inv.json.id })).status).toBe(200);
    const guest = await newSignedInContext(browser, t.url, guestClient.cookie);
    const gp = await guest.newPage();
    await gp.goto(`/meetings/${meetings[0]}`);
    await gp.locator('[data-testid="action-item"]').first().waitFor();
    expect(await gp.getByTestId("owner-picker").count()).toBe(0);
    await guest.close();
  });

  it("an unnamed speaker who sounds like a member is suggested in Rename speakers; one click links them; Settings shows the profile", async () => {
    // Voices as the transcribe step stores them (the pipeline itself is tested with the
    // generated speech models in server/src/modules/people/voices.test.ts): Speaker 2 of the
    // first meeting is Bob (linked above); a new meeting has a voice just like it.
    const id = await alice.importTranscript("Design review.vtt", VTT, "Design review");
    await alice.waitCompleted(id);
    const team = (await alice.get(`/api/meetings/${meetings[0]}`)).json.sharedVia[0].teamId as string;
    expect((await alice.put(`/api/meetings/${id}/shares/${team}`, {})).status).toBe(200);
    const voice = (x: number) => `{${Array.from({ length: 192 }, (_, i) => Math.sin(i + x).toFixed(4)).join(",")}}`;
    await t.db.execute(sql`insert into meeting_voices (meeting_id, speaker, model, embedding) values
      (${meetings[0]}, 'Speaker 2', 'titanet-small-en', ${voice(0)}::real[]),
      (${id}, 'Speaker 2', 'titanet-small-en', ${voice(0.05)}::real[]),
      (${id}, 'Maria Lopez', 'titanet-small-en', ${voice(2)}::real[])`);

    const owner = await newSignedInContext(browser, t.url, alice.cookie);
    const op = await owner.newPage();
    await op.goto(`/meetings/${id}`);
    // The meeting page says so; its link opens Rename speakers.
    const hint = op.getByTestId("voice-hint");
    await hint.getByText("Speaker 2 sounds like Bob Stone.").waitFor();
    await screenshot(op, "voice-hint-1280");
    await hint.getByRole("button", { name: "Review in Rename speakers" }).click();
    const dialog = op.getByRole("dialog", { name: "Rename speakers" });
    const confirm = dialog.getByRole("button", { name: /link Speaker 2 to Bob Stone/ });
    await confirm.waitFor();
    await dialog.getByText(/voice \d+% alike/).waitFor();
    expect(await dialog.getByRole("button", { name: /link Maria Lopez to/ }).count()).toBe(0);
    expect(await axeViolations(op)).toEqual([]);
    await screenshot(op, "voice-suggestion-1280");
    await op.setViewportSize({ width: 390, height: 844 });
    await screenshot(op, "voice-suggestion-390");
    await confirm.click();
    await op.getByText("Speaker 2 is Bob Stone").waitFor();
    await confirm.waitFor({ state: "detached" });
    expect(await dialog.getByRole("combobox", { name: "Person for Speaker 2" }).textContent()).toContain("Bob Stone");
    await owner.close();

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto("/settings");
    const card = page.getByText("Voice profile", { exact: true });
    await card.waitFor();
    await page.getByTestId("voice-profile-samples").getByText("Learned from 2 meetings.").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "voice-profile-1280");
    await page.getByRole("switch", { name: "Recognise my voice in meetings" }).click();
    await page
      .getByRole("alertdialog", { name: "Turn off voice recognition?" })
      .getByRole("button", { name: "Turn off and delete" })
      .click();
    await page.getByTestId("voice-profile-samples").getByText("Off: your voice is not kept or used.").waitFor();
    expect((await bob.get("/api/account/voice-profile")).json).toEqual({ enabled: false, samples: 0 });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "voice-profile-390");
  });
});
