// Renaming speakers in a real browser: the dialog on the Transcript card, its validation,
// a failed save, the renamed transcript and action item owner (also after a reload),
// accessibility, screenshots at 1280 and 390 px, and no button on the read-only demo.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, newUserContext, screenshot } from "./browser";

const FIXTURE = path.resolve(import.meta.dirname, "fixtures/speakers/budget-labels.vtt");

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let meetingId: string;

const itemRow = (p: Page, text: RegExp) => p.locator('[data-testid="action-item"]', { hasText: text });
const transcript = (p: Page) => p.getByRole("region", { name: "Transcript" });
const dialogOf = (p: Page) => p.getByRole("dialog", { name: "Rename speakers" });

async function openDialog(p: Page) {
  await p.getByRole("button", { name: "Rename speakers" }).click();
  await dialogOf(p).waitFor();
  return dialogOf(p);
}

beforeAll(async () => {
  t = await startAppProcess();
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("speakers"), "secret123", "Maria Lopez");
  meetingId = await client.importTranscript("budget-labels.vtt", await fs.readFile(FIXTURE), "Budget check-in");
  const m = await client.waitCompleted(meetingId);
  expect(m.speakers).toEqual(["Speaker 1", "Speaker 2"]);
  expect(m.actionItems.some((a: { assignee: string | null }) => a.assignee === "Speaker 2")).toBe(true);
  browser = await launchBrowser();
  context = await newSignedInContext(browser, t.url, client.cookie);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("rename speakers", () => {
  it("validates the names and keeps the dialog open when saving fails", async () => {
    await page.goto(`/meetings/${meetingId}`);
    await page.getByText("2 speakers: Speaker 1, Speaker 2").waitFor();
    const dialog = await openDialog(page);
    const first = dialog.getByLabel("Name for Speaker 1");
    const second = dialog.getByLabel("Name for Speaker 2");
    const save = dialog.getByRole("button", { name: "Save" });
    expect(await first.inputValue()).toBe("Speaker 1");
    expect(await second.inputValue()).toBe("Speaker 2");
    expect(await save.isDisabled()).toBe(true); // nothing changed

    await first.fill("");
    await dialog.getByText("Speaker name is required").waitFor(); // the contract's message
    expect(await first.getAttribute("aria-invalid")).toBe("true");
    expect(await save.isDisabled()).toBe(true);

    await first.fill("Maria Lopez");
    await second.fill("Sam Park");
    expect(await save.isDisabled()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "speakers-dialog-1280");

    await page.route("**/api/meetings/*/speakers", (route) =>
      route.fulfill({ status: 400, json: { error: { code: "BAD_REQUEST", message: '"Speaker 9" is not a speaker of this meeting.' } } }),
    );
    await save.click();
    // The server's refusal shows on the form.
    await dialog.getByRole("alert").getByText('"Speaker 9" is not a speaker of this meeting.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await first.inputValue()).toBe("Maria Lopez");
    await page.unroute("**/api/meetings/*/speakers");
  });

  it("renames the speakers in the transcript and on the action item they own, and keeps them after a reload", async () => {
    const dialog = dialogOf(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByText("Speakers renamed").waitFor();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("2 speakers: Maria Lopez, Sam Park").waitFor();
    await transcript(page).getByText("Sam Park").first().waitFor();
    expect(
      await transcript(page)
        .getByText(/^Speaker [12]$/)
        .count(),
    ).toBe(0);
    await expect
      .poll(() =>
        itemRow(page, /budget/i)
          .first()
          .innerText(),
      )
      .toContain("Sam Park");

    await page.reload();
    await page.getByText("2 speakers: Maria Lopez, Sam Park").waitFor();
    await expect
      .poll(() =>
        itemRow(page, /budget/i)
          .first()
          .innerText(),
      )
      .toContain("Sam Park");
    const stored = (await client.get(`/api/meetings/${meetingId}`)).json;
    expect(stored.speakers).toEqual(["Maria Lopez", "Sam Park"]);
    expect(stored.actionItems.some((a: { assignee: string | null }) => a.assignee === "Speaker 2")).toBe(false);

    // Cancel leaves the names as they are.
    const again = await openDialog(page);
    expect(await again.getByLabel("Name for Sam Park").inputValue()).toBe("Sam Park");
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });
  });

  it("fits a phone: icon button with a name, dialog without sideways scrolling", async () => {
    const ctx = await newSignedInContext(browser, t.url, client.cookie, { width: 390, height: 844 });
    const phone = await ctx.newPage();
    await phone.goto(`/meetings/${meetingId}`);
    await phone.getByText("2 speakers: Maria Lopez, Sam Park").waitFor();
    const button = phone.getByRole("button", { name: "Rename speakers" });
    await button.scrollIntoViewIfNeeded();
    expect((await button.boundingBox())!.width).toBeLessThanOrEqual(40); // icon only
    await screenshot(phone, "speakers-transcript-390");
    const dialog = await openDialog(phone);
    await dialog.getByLabel("Name for Maria Lopez").fill("Maria L.");
    await screenshot(phone, "speakers-dialog-390");
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(phone)).toEqual([]);
    await ctx.close();
  });

  it("offers no renaming on the read-only demo", async () => {
    const ctx = await newUserContext(browser, t.url);
    const visitor = await ctx.newPage();
    await visitor.goto("/demo");
    await visitor.getByRole("heading", { name: "Weekly Product Sync", level: 1 }).waitFor();
    await visitor.getByRole("region", { name: "Transcript" }).waitFor();
    expect(await visitor.getByRole("button", { name: "Rename speakers" }).count()).toBe(0);
    await ctx.close();
  });
});
