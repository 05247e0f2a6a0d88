// The meeting page's notes as structure (issue 30), in a real browser against the app as `npm start` runs it:
// key points and decisions listed with who said them and a time that opens the moment in the transcript; the
// "Possible action items" apart, accepted or dismissed with one click by the owner, read-only to a guest, and
// not in the CSV. Screenshots at desktop (1280x800) and phone (390x844) width.
import fs from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionItems } from "../server/src/db/schema";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import path from "node:path";
import { axeViolations, launchBrowser, newSignedInContext, screenshot, SHOTS_DIR } from "./browser";

const VTT = [
  "WEBVTT",
  "",
  "00:00:01.000 --> 00:00:06.000",
  "<v Maria Lopez>Thanks for joining. Today we look at the payment provider and the mobile launch date.",
  "",
  "00:00:07.000 --> 00:00:14.000",
  "<v Sam Park>The current provider charges three percent per transaction and their support takes days to answer.",
  "",
  "00:00:15.000 --> 00:00:21.000",
  "<v Maria Lopez>Stripe charges less per transaction and the integration work is about two weeks for the backend team.",
  "",
  "00:00:22.000 --> 00:00:27.000",
  "<v Sam Park>So we'll go with Stripe for the payment provider from next quarter.",
  "",
  "00:00:28.000 --> 00:00:33.000",
  "<v Maria Lopez>Agreed. The mobile launch depends on the app store review, which takes about a week.",
  "",
  "00:00:34.000 --> 00:00:40.000",
  "<v Sam Park>Okay, we're decided: the mobile launch moves to April second so the review fits.",
  "",
  "00:00:41.000 --> 00:00:47.000",
  "<v Maria Lopez>I'll send the revised launch plan to the marketing team by Friday.",
  "",
  "00:00:48.000 --> 00:00:53.000",
  "<v Sam Park>Someone could probably check the refund flow with the new provider at some point.",
  "",
].join("\n");

let t: AppProcess;
let browser: Browser;
let owner: TestClient;
let guest: TestClient;
let meetingId: string;

const possible = (p: Page) => p.getByTestId("possible-action-items");

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  owner = new TestClient(t.url);
  await owner.signUp(uniqueEmail("notes-owner"), "secret123", "Maria Lopez");
  meetingId = await owner.importTranscript("payments.vtt", VTT, "Payments sync");
  await owner.waitCompleted(meetingId);
  // Two possible items as the summarize step stores them (the engine's unsure band decides which it finds).
  await t.db.insert(actionItems).values([
    {
      meetingId,
      description: "Check the refund flow with the new provider",
      assignee: "Sam Park",
      sourceStart: 48,
      origin: "extracted",
      extractedTask: "Check the refund flow with the new provider",
      suggested: true,
      position: 10,
    },
    {
      meetingId,
      description: "Tell support about the provider change",
      assignee: null,
      sourceStart: 22,
      origin: "extracted",
      extractedTask: "Tell support about the provider change",
      suggested: true,
      position: 11,
    },
  ]);
  const team = await owner.post("/api/auth/organization/create", { name: "Payments", slug: `payments-${Date.now()}` });
  expect(team.status, team.text).toBe(200);
  guest = new TestClient(t.url);
  const guestEmail = uniqueEmail("notes-guest");
  await guest.signUp(guestEmail, "secret123", "Gus Guest");
  const inv = await owner.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email: guestEmail, role: "guest" });
  expect(inv.status, inv.text).toBe(200);
  expect((await guest.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id })).status).toBe(200);
  expect((await owner.put(`/api/meetings/${meetingId}/shares/${team.json.id}`)).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("the meeting page's notes", () => {
  it("lists key points and decisions with speaker and time; a time opens the moment in the transcript", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 1280, height: 800 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${meetingId}`);
    const notes = page.getByTestId("meeting-notes");
    const decisions = notes.getByRole("region", { name: "Decisions" });
    await decisions.waitFor();
    // Each decision once, as plain text (no markdown marks), with its speaker.
    const stripe = decisions.getByRole("listitem").filter({ hasText: "Stripe" });
    await expect(stripe.count()).resolves.toBe(1);
    expect(await stripe.innerText()).toContain("Sam Park");
    expect(await notes.innerText()).not.toMatch(/\*\*|^- /m);
    await notes.getByRole("region", { name: "Key points" }).waitFor();
    // The time opens the moment: the turn it was said in is shown as the current one.
    await stripe.getByRole("button", { name: /Open the moment at 00:22/ }).click();
    await page.locator('[aria-current="true"]').filter({ hasText: "we'll go with Stripe" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "notes-desktop");
    await ctx.close();
  });

  it("the owner accepts or dismisses a possible action item with one click; only accepted ones are in the CSV", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${meetingId}`);
    await possible(page).getByText("Possible action items (2)").waitFor();
    await screenshot(page, "notes-phone");
    // The two parts close up, as a phone shows them.
    await page.getByTestId("meeting-notes").screenshot({ path: path.join(SHOTS_DIR, "notes-phone-summary.png") });
    await possible(page).screenshot({ path: path.join(SHOTS_DIR, "notes-phone-possible.png") });
    await possible(page).getByRole("button", { name: "Accept: Check the refund flow with the new provider" }).click();
    await page
      .getByRole("list", { name: "Pending action items" })
      .getByText("Check the refund flow with the new provider", { exact: true })
      .waitFor();
    await possible(page).getByRole("button", { name: "Dismiss: Tell support about the provider change" }).click();
    await possible(page).waitFor({ state: "detached" });
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export to CSV" }).click();
    const csv = await fs.readFile((await (await download).path())!, "utf8");
    expect(csv).toContain("Check the refund flow with the new provider");
    expect(csv).not.toContain("Tell support");
    const items = (await owner.get(`/api/meetings/${meetingId}`)).json.actionItems as { description: string; suggested: boolean }[];
    expect(items.find((i) => /refund/.test(i.description))?.suggested).toBe(false);
    expect(items.some((i) => /Tell support/.test(i.description))).toBe(false);
    await ctx.close();
  });

  it("a guest sees possible action items but cannot accept or dismiss them", async () => {
    await t.db
      .insert(actionItems)
      .values({ meetingId, description: "Update the pricing page for the new fees", origin: "extracted", suggested: true, position: 12 });
    const ctx = await newSignedInContext(browser, t.url, guest.cookie, { width: 1280, height: 800 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${meetingId}`);
    await possible(page).getByText("Update the pricing page for the new fees").waitFor();
    await expect(
      possible(page)
        .getByRole("button", { name: /Accept|Dismiss/ })
        .count(),
    ).resolves.toBe(0);
    await screenshot(page, "notes-guest-desktop");
    await ctx.close();
  });
});
