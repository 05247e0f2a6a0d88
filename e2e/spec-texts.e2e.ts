// The specification's texts and states where the app used to differ (issue 36), in a real
// browser against the app as `npm start` runs it: the empty summary and transcript texts,
// the meeting page's action-item status badges (and no card for a guest with nothing to
// see), the dashboard card's 'Processed' badge and participant count, the CSV export's
// formula-protection tooltip, and the spec's text then /auth when an action finds the
// session ended in another tab. Screenshots of the meeting page and the dashboard card at
// desktop (1280x800) and phone (390x844) width.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { actionItems, meetings } from "../server/src/db/schema";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

const FIXTURES = path.resolve(import.meta.dirname, "fixtures/meetings");
const NOT_PROCESSED = "This meeting has not been processed yet. The transcript will appear here after processing is complete.";
const FAILURE = "The recording is silent: no speech was found.";

let t: AppProcess;
let browser: Browser;
let owner: TestClient;
let ownerEmail: string;
let guest: TestClient;
let launchId: string;
let failedId: string;
let emptyId: string;
let sharedWithItemsId: string;

const itemRows = (p: Page) => p.getByTestId("action-item");
const toast = (p: Page, text: string) => p.locator("[data-sonner-toast]").filter({ hasText: text });
const listEntry = (p: Page, title: RegExp) => p.getByRole("list", { name: "Meeting list" }).getByRole("button", { name: title });

beforeAll(async () => {
  [t, browser] = await Promise.all([
    // GitHub set up (its OAuth address is never reached: the session check refuses first).
    startAppProcess({ GITHUB_CLIENT_ID: "gh-client", GITHUB_CLIENT_SECRET: "gh-secret" }),
    launchBrowser(),
  ]);
  owner = new TestClient(t.url);
  ownerEmail = uniqueEmail("spec-owner");
  await owner.signUp(ownerEmail, "secret123", "Olga Owner");
  const userId = (await owner.get("/api/auth/get-session")).json.user.id as string;

  launchId = await owner.importTranscript("launch-sync.vtt", await fs.readFile(path.join(FIXTURES, "launch-sync.vtt")), "Launch sync");
  await owner.waitCompleted(launchId);
  // A failed meeting (no transcript, no summary) and a finished one with no action items.
  const [failed] = await t.db
    .insert(meetings)
    .values({ userId, title: "Silent call", status: "failed", sourceType: "file_upload", error: FAILURE, errorRetryable: false })
    .returning();
  failedId = failed!.id;
  const [empty] = await t.db
    .insert(meetings)
    .values({
      userId,
      title: "Quiet retro",
      status: "completed",
      sourceType: "transcript_import",
      notes: { overview: "Nothing was decided.", keyPoints: [], decisions: [] },
    })
    .returning();
  emptyId = empty!.id;
  const [withItems] = await t.db
    .insert(meetings)
    .values({
      userId,
      title: "Venue check",
      status: "completed",
      sourceType: "transcript_import",
      notes: { overview: "Venue booked.", keyPoints: [], decisions: [] },
    })
    .returning();
  sharedWithItemsId = withItems!.id;
  await t.db.insert(actionItems).values({ meetingId: withItems!.id, description: "Book the venue" });

  // A guest of the owner's team, with both meetings shared to it.
  const team = await owner.post("/api/auth/organization/create", { name: "Spec Crew", slug: `spec-crew-${Date.now()}` });
  expect(team.status, team.text).toBe(200);
  guest = new TestClient(t.url);
  const guestEmail = uniqueEmail("spec-guest");
  await guest.signUp(guestEmail, "secret123", "Gus Guest");
  const inv = await owner.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email: guestEmail, role: "guest" });
  expect(inv.status, inv.text).toBe(200);
  expect((await guest.post("/api/auth/organization/accept-invitation", { invitationId: inv.json.id })).status).toBe(200);
  for (const id of [emptyId, sharedWithItemsId]) expect((await owner.put(`/api/meetings/${id}/shares/${team.json.id}`)).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("the specification's texts and states", () => {
  it("meetings without a transcript or summary show the spec's texts, with the failure beneath", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie);
    const page = await ctx.newPage();
    try {
      await page.goto(`/meetings/${failedId}`);
      await page.getByRole("heading", { name: "Silent call", level: 1 }).waitFor();
      await page.getByText("No summary available for this meeting.", { exact: true }).waitFor();
      await page.getByText("No transcript available for this meeting.", { exact: true }).waitFor();
      await page.getByText("Processing failed before the transcript was written.").waitFor();
      expect(await page.getByText(/processing failed before it was written/i).count()).toBe(0);

      await page.goto("/dashboard");
      await listEntry(page, /Silent call/).click();
      await page.getByRole("heading", { name: "Silent call", level: 2 }).waitFor();
      await page.getByRole("tab", { name: "Transcript" }).click();
      const panel = page.getByRole("tabpanel");
      await panel.getByText(NOT_PROCESSED, { exact: true }).waitFor();
      await panel.getByText(`Processing failed: ${FAILURE}`).waitFor();
    } finally {
      await ctx.close();
    }
  });

  it("the meeting page shows each action item's status badge, and no card to a guest with none to see", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie);
    const page = await ctx.newPage();
    try {
      await page.goto(`/meetings/${launchId}`);
      await page.getByRole("heading", { name: "Action Items" }).waitFor();
      const rows = itemRows(page);
      await rows.first().waitFor();
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      // The badge's visible word; screen readers hear "Status: pending".
      const statuses = async (scope: Page | Locator) =>
        (await scope.locator('[data-testid="action-item-status"]:visible').allTextContents()).map((s) => s.replace(/^Status:\s*/, ""));
      expect(await statuses(page)).toEqual(Array(count).fill("pending"));
      // Ticking one turns its badge to 'completed'.
      const first = rows.first();
      const task = await first.locator("label").innerText();
      await first.getByRole("checkbox").click();
      const done = itemRows(page).filter({ hasText: task });
      await expect.poll(() => statuses(done)).toEqual(["completed"]);
      await expect
        .poll(
          async () =>
            (await owner.get(`/api/meetings/${launchId}`)).json.actionItems.find((i: { description: string }) => i.description === task)
              ?.status,
        )
        .toBe("completed");
      await done.getByRole("checkbox").click();
      await expect.poll(() => statuses(done)).toEqual(["pending"]);

      // The CSV export says what it does to formula-like cells.
      const title = await page.getByRole("button", { name: "Export to CSV" }).getAttribute("title");
      expect(title).toContain("=, +, - or @");
      expect(title).toContain("leading '");

      // The owner of a meeting with no items still gets the card, to add one.
      await page.goto(`/meetings/${emptyId}`);
      await page.getByRole("heading", { name: "Quiet retro", level: 1 }).waitFor();
      await page.getByRole("button", { name: "Add Item" }).waitFor();
    } finally {
      await ctx.close();
    }

    const guestCtx = await newSignedInContext(browser, t.url, guest.cookie);
    const guestPage = await guestCtx.newPage();
    try {
      // No items and none can be added: no card at all (spec: "only if any exist").
      await guestPage.goto(`/meetings/${emptyId}`);
      await guestPage.getByRole("heading", { name: "Quiet retro", level: 1 }).waitFor();
      await guestPage.getByText("Nothing was decided.").waitFor();
      expect(await guestPage.getByRole("heading", { name: "Action Items" }).count()).toBe(0);
      expect(await guestPage.getByText("No pending action items").count()).toBe(0);
      // With items, the guest sees them and their status.
      await guestPage.goto(`/meetings/${sharedWithItemsId}`);
      await itemRows(guestPage)
        .filter({ hasText: "Book the venue" })
        .locator('[data-testid="action-item-status"]:visible')
        .filter({ hasText: "pending" })
        .waitFor();
    } finally {
      await guestCtx.close();
    }
  });

  it("the dashboard card's header has the 'Processed' badge and the participant count", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie);
    const page = await ctx.newPage();
    try {
      await page.goto("/dashboard");
      await listEntry(page, /Launch sync/).click();
      const card = page.locator('[aria-labelledby="meeting-preview-title"]');
      await card.getByRole("heading", { name: "Launch sync", level: 2 }).waitFor();
      await card.getByText("Processed", { exact: true }).waitFor();
      await card.getByText(/· 2 participants$/).waitFor();
      await listEntry(page, /Silent call/).click();
      await card.getByRole("heading", { name: "Silent call", level: 2 }).waitFor();
      await card.getByText("Error processing", { exact: true }).waitFor();
      expect(await card.getByText("Processed", { exact: true }).count()).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  describe("an action after the session ended in another tab shows the spec's text, then /auth", () => {
    /** A browser signed in with a session of its own, and a way to end that session elsewhere. */
    async function signedInThenEnded(path: string, ready: (p: Page) => Promise<void>) {
      const other = new TestClient(t.url);
      expect((await other.signIn(ownerEmail)).status).toBe(200);
      const ctx = await newSignedInContext(browser, t.url, other.cookie);
      const page = await ctx.newPage();
      await page.goto(path);
      await ready(page);
      // "Another tab" signs out: the same session ends on the server.
      expect((await other.post("/api/auth/sign-out")).status).toBe(200);
      return { ctx, page };
    }
    async function expectSentToAuth(page: Page, text: string) {
      await toast(page, text).waitFor();
      await page.waitForURL("**/auth");
      await page.getByRole("tab", { name: "Sign In" }).waitFor();
      expect(await toast(page, "Unauthorized").count()).toBe(0);
      expect(await toast(page, "Please sign in to continue").count()).toBe(0);
    }

    it("Update Profile: 'User not logged in'", async () => {
      const { ctx, page } = await signedInThenEnded("/settings", (p) => p.getByRole("button", { name: "Update Profile" }).waitFor());
      try {
        await page.getByLabel("Full Name").fill("Olga Renamed");
        await page.getByRole("button", { name: "Update Profile" }).click();
        await expectSentToAuth(page, "User not logged in");
      } finally {
        await ctx.close();
      }
    });

    it("Create Team: 'You must be logged in to create a team'", async () => {
      const { ctx, page } = await signedInThenEnded("/settings?tab=teams", (p) => p.getByRole("button", { name: "New Team" }).waitFor());
      try {
        await page.getByRole("button", { name: "New Team" }).click();
        const dialog = page.getByRole("dialog", { name: "Create a New Team" });
        await dialog.getByLabel("Team Name").fill("Too Late");
        await dialog.getByRole("button", { name: "Create Team" }).click();
        await expectSentToAuth(page, "You must be logged in to create a team");
      } finally {
        await ctx.close();
      }
    });

    it("Process Link: 'You must be logged in to upload meetings'", async () => {
      const { ctx, page } = await signedInThenEnded("/upload", (p) => p.getByRole("tab", { name: "Meeting Link" }).waitFor());
      try {
        await page.getByRole("tab", { name: "Meeting Link" }).click();
        await page.getByLabel("Meeting Recording URL").fill("https://example.com/recording.mp3");
        await page.getByLabel("Meeting Title").fill("Linked call");
        await page.getByRole("button", { name: "Process Link" }).click();
        await expectSentToAuth(page, "You must be logged in to upload meetings");
        expect(await toast(page, "Failed to process meeting link").count()).toBe(0);
      } finally {
        await ctx.close();
      }
    });

    it("Connect: 'You must be logged in to connect integrations'", async () => {
      const { ctx, page } = await signedInThenEnded("/settings?tab=integrations", (p) =>
        p.getByRole("button", { name: "Connect GitHub" }).waitFor(),
      );
      try {
        await page.getByRole("button", { name: "Connect GitHub" }).click();
        await expectSentToAuth(page, "You must be logged in to connect integrations");
        expect(await toast(page, "Failed to connect").count()).toBe(0);
      } finally {
        await ctx.close();
      }
    });
  });

  it("failed profile and password updates show the spec's toasts, the form keeps the server's reason", async () => {
    const ctx = await newSignedInContext(browser, t.url, owner.cookie);
    const page = await ctx.newPage();
    try {
      await page.goto("/settings?tab=security");
      await page.getByLabel("Current Password").fill("not-my-password");
      await page.getByLabel("New Password", { exact: true }).fill("brand-new-123");
      await page.getByLabel("Confirm New Password").fill("brand-new-123");
      await page.getByRole("button", { name: "Update Password" }).click();
      await toast(page, "Failed to update password").waitFor();
      const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Update Password" }) });
      await form
        .getByRole("alert")
        .filter({ hasText: /password/i })
        .waitFor();
      expect(page.url()).toMatch(/\/settings/);
    } finally {
      await ctx.close();
    }
  });

  it("screenshots: the meeting page and the dashboard card at desktop and phone width", async () => {
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      const ctx = await newSignedInContext(browser, t.url, owner.cookie, { width, height });
      const page = await ctx.newPage();
      try {
        await page.goto(`/meetings/${launchId}`);
        await page.locator('[data-testid="action-item-status"]:visible').first().waitFor();
        // One badge a row at either width (beside the checkbox, or under the task on a phone).
        expect(await page.locator('[data-testid="action-item-status"]:visible').count()).toBe(await itemRows(page).count());
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `spec-texts-meeting-${width}`);
        await page.goto(`/meetings/${failedId}`);
        await page.getByText("No transcript available for this meeting.").waitFor();
        await screenshot(page, `spec-texts-meeting-failed-${width}`);
        await page.goto("/dashboard");
        await listEntry(page, /Launch sync/).waitFor();
        // The card sits beside the list on wide screens; on a phone a tap opens the meeting page.
        if (width > 1000) {
          await listEntry(page, /Launch sync/).click();
          await page.locator('[aria-labelledby="meeting-preview-title"]').getByText("Processed", { exact: true }).waitFor();
        }
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `spec-texts-dashboard-${width}`);
      } finally {
        await ctx.close();
      }
    }
  });
});
