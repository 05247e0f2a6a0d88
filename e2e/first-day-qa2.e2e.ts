// The first-day walkthrough's phone and upload findings (decision 042), in a real browser:
// settings tabs a tidy grid on a phone (Models not alone on a row), team e-mail addresses
// readable in full on a phone, and the meeting page naming a just-uploaded meeting before its
// details load. Screenshots go to screenshots/ as the other e2e files' do.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { launchBrowser, newSignedInContext, screenshot } from "./browser";

const FIXTURES = path.resolve("e2e/fixtures/upload");
const PHONE = { width: 390, height: 844 };

let t: AppProcess;
let browser: Browser;
let owner: TestClient;

beforeAll(async () => {
  t = await startAppProcess();
  browser = await launchBrowser();
  // The first account is the server's owner, who also sees the Models tab.
  owner = new TestClient(t.url);
  await owner.signUp(uniqueEmail("olivia"), "secret123", "Olivia Owner");
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("first day on a phone", () => {
  it("lays the settings tabs out as a grid with no tab alone on a row (finding 11)", async () => {
    const context = await newSignedInContext(browser, t.url, owner.cookie, PHONE);
    try {
      const page = await context.newPage();
      await page.goto("/settings");
      const tabs = page.getByRole("tab");
      await page.getByRole("tab", { name: "Models" }).waitFor();
      const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops).toHaveLength(5);
      const rows = new Map<number, number>();
      for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
      // Three and two: two columns gave 2 + 2 + "Models" alone.
      expect([...rows.values()]).toEqual([3, 2]);
      // The profile's own address wraps too (it ended in "…" on a phone).
      const email = page.getByTestId("profile-email");
      expect(await email.evaluate((el) => getComputedStyle(el).textOverflow === "ellipsis" || el.scrollWidth > el.clientWidth)).toBe(false);
      await screenshot(page, "qa2-settings-tabs-phone");
    } finally {
      await context.close();
    }
  });

  it("shows a team member's and an invitee's whole e-mail address on a phone (finding 12)", async () => {
    const long = "alexandra.konstantinopoulou-richardson@very-long-company-domain.example";
    const team = await owner.post("/api/auth/organization/create", { name: "Phone Crew", slug: `phone-crew-${Date.now()}` });
    expect(team.status, team.text).toBe(200);
    const inv = await owner.post("/api/auth/organization/invite-member", { organizationId: team.json.id, email: long, role: "member" });
    expect(inv.status, inv.text).toBe(200);
    const context = await newSignedInContext(browser, t.url, owner.cookie, PHONE);
    try {
      const page = await context.newPage();
      await page.goto("/settings?tab=teams");
      const ownerRow = page.getByTestId("member-row").first();
      await ownerRow.waitFor();
      const ownerCut = await ownerRow
        .locator("p")
        .nth(1)
        .evaluate((el) => getComputedStyle(el).textOverflow === "ellipsis");
      expect(ownerCut).toBe(false);
      await screenshot(page, "qa2-team-member-phone");
      await page.getByRole("tab", { name: "Invitations" }).click();
      const row = page.getByTestId("invitation-row").filter({ hasText: "alexandra" });
      await row.waitFor();
      const address = row.getByText(long, { exact: true });
      // Nothing cut off: the address wraps inside the row instead of ending in "…".
      const cut = await address.evaluate((el) => el.scrollWidth > el.clientWidth || getComputedStyle(el).textOverflow === "ellipsis");
      expect(cut).toBe(false);
      await screenshot(page, "qa2-team-addresses-phone");
    } finally {
      await context.close();
    }
  });

  it("names a just-uploaded meeting and its step while its details load (finding 13)", async () => {
    const context = await newSignedInContext(browser, t.url, owner.cookie, PHONE);
    try {
      const page = await context.newPage();
      // Hold the meeting's details: what shows meanwhile is what a slow server shows.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/meetings\/[^/?]+$/, async (route) => {
        if (route.request().method() !== "GET") return route.continue();
        await held;
        await route.continue();
      });
      await page.goto("/upload");
      await page.getByTestId("upload-dropzone").locator('input[type="file"]').setInputFiles(path.join(FIXTURES, "standup.vtt"));
      await page.getByLabel("Meeting Title").fill("Launch standup, phone");
      await page.getByRole("button", { name: "Upload and process" }).click();
      await page.waitForURL(/\/meetings\/[^/]+$/);
      await page.getByRole("heading", { level: 1, name: "Launch standup, phone" }).waitFor();
      await page.getByRole("status").filter({ hasText: "Processing: Writing the summary" }).waitFor();
      await screenshot(page, "qa2-just-uploaded-phone");
      release();
      await page.getByRole("list", { name: "Meeting information" }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("gives focus back to 'Rename speakers' when its dialog is closed with Escape (keyboard walk)", async () => {
    const fd = new FormData();
    fd.append("file", new Blob([await fs.readFile(path.join(FIXTURES, "standup.vtt"))], { type: "text/vtt" }), "Keyboard walk.vtt");
    const r = await owner.post("/api/meetings", fd as never);
    expect(r.status, r.text).toBe(201);
    await owner.waitForMeeting(r.json.id, (m) => m.status === "completed");
    const context = await newSignedInContext(browser, t.url, owner.cookie);
    try {
      const page = await context.newPage();
      await page.goto(`/meetings/${r.json.id}`);
      const rename = page.getByRole("button", { name: "Rename speakers" });
      await rename.focus();
      await page.keyboard.press("Enter");
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Rename speakers");
    } finally {
      await context.close();
    }
  });
});
