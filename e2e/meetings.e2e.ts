// Meetings in a real browser: dashboard list (search, sort, status filter, preview tabs),
// the meeting page (action items: add, validate, edit, complete, failed-update rollback,
// delete with undo, regenerate after confirmation keeping people's changes, CSV export;
// edit meeting, PDF export, delete), a tap on a phone opening the meeting page, the public demo, accessibility and
// screenshots at desktop and phone widths in light and dark.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toActionItemsCsv } from "../contract/action-items-csv";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, newUserContext, openPopup, screenshot } from "./browser";

const FIXTURES = path.resolve(import.meta.dirname, "fixtures/meetings");

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let launchId: string;

async function upload(title: string, recordedAt: string, file = "launch-sync.vtt") {
  return client.importTranscript(file, await fs.readFile(path.join(FIXTURES, file)), title, recordedAt);
}

async function signedInContext(opts: { width?: number; height?: number; dark?: boolean } = {}) {
  const ctx = await newSignedInContext(browser, t.url, client.cookie, opts);
  await ctx.grantPermissions(["clipboard-read", "clipboard-write"], { origin: t.url });
  return ctx;
}

async function apiItems(id = launchId) {
  const r = await client.get(`/api/meetings/${id}`);
  return r.json.actionItems as { id: string; description: string; assignee: string | null; dueDate: string | null; status: string }[];
}

const itemRow = (p: Page, text: RegExp | string) => p.locator('[data-testid="action-item"]', { hasText: text });
const listTitles = (p: Page) =>
  p.getByRole("list", { name: "Meeting list" }).getByRole("button").locator("span.font-medium").allInnerTexts();

async function chooseStatus(p: Page, label: string) {
  const menu = p.getByRole("menu");
  await menu.waitFor({ state: "detached" });
  await openPopup(p.getByRole("button", { name: /Filter by status/ }));
  await menu.waitFor();
  await menu.getByRole("menuitemradio", { name: label }).click();
  await menu.waitFor({ state: "detached" });
}

beforeAll(async () => {
  t = await startAppProcess();
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("meetings"), "secret123", "Maria Lopez");
  launchId = await upload("Launch sync", "2025-06-11T15:00:00Z");
  await client.waitCompleted(launchId);
  // Created second, so it is the most recent; alphabetically it comes first too.
  const budgetId = await upload("Budget review", "2025-06-12T15:00:00Z");
  await client.waitCompleted(budgetId);
  browser = await launchBrowser();
  context = await signedInContext();
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("dashboard", () => {
  it("lists, searches, sorts and filters meetings and previews the selected one", async () => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();
    await expect.poll(() => listTitles(page)).toEqual(["Budget review", "Launch sync"]);
    await page.getByText("2 meetings").waitFor();
    // Entries show long dates, durations and pending counts.
    const launch = page.getByRole("list", { name: "Meeting list" }).getByRole("button", { name: /Launch sync/ });
    await expect.poll(() => launch.innerText()).toMatch(/1 minute/);
    expect(await launch.innerText()).toMatch(/\d+ pending items?/);
    expect(await launch.innerText()).toMatch(/[A-Z][a-z]+ \d{1,2}, \d{4}/);

    // Sort really sorts.
    await page.getByRole("combobox", { name: "Sort meetings" }).click();
    await page.getByRole("option", { name: "Oldest first" }).click();
    await expect.poll(() => listTitles(page)).toEqual(["Launch sync", "Budget review"]);
    await page.getByRole("combobox", { name: "Sort meetings" }).click();
    await page.getByRole("option", { name: "Alphabetical" }).click();
    await expect.poll(() => listTitles(page)).toEqual(["Budget review", "Launch sync"]);

    // Search on the server: a case-insensitive title substring, or a word said in the meeting.
    const search = page.getByPlaceholder("Search meetings...");
    await search.fill("unch SY");
    await expect.poll(() => listTitles(page)).toEqual(["Launch sync"]);
    await page.getByText("1 meeting", { exact: true }).waitFor();
    await search.fill("deck");
    await expect.poll(() => listTitles(page)).toEqual(["Budget review", "Launch sync"]);
    await page.getByRole("link", { name: /Show where “deck” is said/ }).waitFor();
    await search.fill("no such meeting");
    await page.getByText("No meetings found").waitFor();
    await page.getByText("Select a meeting to view details").waitFor();
    await search.fill("");

    // Filter by status.
    await chooseStatus(page, "Processing");
    await page.getByText("No meetings found").waitFor();
    await chooseStatus(page, "Completed");
    await expect.poll(() => listTitles(page)).toEqual(["Budget review", "Launch sync"]);
    await chooseStatus(page, "All");

    // The first meeting is selected; pick the other and read its tabs.
    await launch.click();
    await page.getByRole("heading", { name: "Launch sync", level: 2 }).waitFor();
    await page.getByText("Participants (2)").waitFor();
    await page.getByRole("tab", { name: "Action Items" }).click();
    await itemRow(page, /deck/i).first().waitFor();
    await page.getByRole("tab", { name: "Transcript" }).click();
    await page.getByRole("heading", { name: "Full Transcript" }).waitFor();
    await page.getByText("I'll send the deck to the client by Friday.").waitFor();

    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "meetings-dashboard-1280");
  });
});

describe("meeting page", () => {
  it("shows the meeting with its action items, owners and dates", async () => {
    await page.goto(`/meetings/${launchId}`);
    await page.getByRole("heading", { name: "Launch sync", level: 1 }).waitFor();
    await page.getByText("June 11, 2025").first().waitFor();
    await page.getByRole("list", { name: "Meeting information" }).getByText("30 seconds").waitFor();
    // No language model here: the built-in rules wrote the notes, and the card says so (not "AI-generated").
    await page.getByText("Summary written by the built-in rules (no language model)").waitFor();
    const deck = itemRow(page, /deck/i);
    await deck.waitFor();
    expect(await deck.innerText()).toContain("Sam Park");
    expect(await deck.innerText()).toContain("June 13, 2025");
    await page.getByRole("region", { name: "Transcript" }).getByText("Maria Lopez").first().waitFor();
  });

  it("shows the link to copy by hand when the browser refuses the clipboard", async () => {
    // No clipboard permission: like a server reached over plain http, where the API is absent.
    const ctx = await newSignedInContext(browser, t.url, client.cookie);
    try {
      const p = await ctx.newPage();
      await p.goto(`/meetings/${launchId}`);
      await p.getByRole("heading", { name: "Launch sync", level: 1 }).waitFor();
      await p.getByRole("button", { name: "Share", exact: true }).click();
      const toast = p.locator("[data-sonner-toast]", { hasText: "Failed to copy meeting link" });
      await toast.waitFor();
      expect(await toast.innerText()).toContain(`${t.url}/meetings/${launchId}`);
    } finally {
      await ctx.close();
    }
  });

  it("shows an owner's whole name on a phone when the row has room for it", async () => {
    const ctx = await signedInContext({ width: 390, height: 844 });
    try {
      const p = await ctx.newPage();
      await p.goto(`/meetings/${launchId}`);
      const owner = itemRow(p, /deck/i).getByTestId("action-item-owner");
      await owner.waitFor();
      expect(await owner.innerText()).toBe("Sam Park");
      // Not cut short with "…": the text fits the box it is drawn in.
      expect(await owner.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
    } finally {
      await ctx.close();
    }
  });

  it("adds an item, refusing an empty description", async () => {
    await page.getByRole("button", { name: "Add Item" }).click();
    const form = page.getByRole("form", { name: "New action item" });
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Task description is required").waitFor();
    const before = (await apiItems()).length;

    await form.getByLabel("Task Description").fill("Book flights for the offsite");
    await form.getByLabel("Assignee").fill("Maria Lopez");
    await form.getByLabel("Due Date").click();
    await page.locator('[role="grid"] button', { hasText: /^20$/ }).first().click();
    const now = new Date();
    const due = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-20`;
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Action item added").waitFor();
    await expect.poll(async () => (await apiItems()).length).toBe(before + 1);
    const added = (await apiItems()).find((i) => i.description === "Book flights for the offsite");
    expect(added).toMatchObject({ assignee: "Maria Lopez", dueDate: due, status: "pending" });
    await itemRow(page, "Book flights for the offsite").waitFor();
  });

  it("edits an item inline", async () => {
    const deck = itemRow(page, /deck/i);
    await deck.hover();
    await deck.getByRole("button", { name: /^Edit:/ }).click();
    const form = page.getByRole("form", { name: /Edit action item/ });
    await form.getByLabel("Assignee").fill("Samuel Park");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Action item updated").waitFor();
    await expect.poll(async () => (await apiItems()).find((i) => /deck/i.test(i.description))?.assignee).toBe("Samuel Park");
    expect(await itemRow(page, /deck/i).innerText()).toContain("Samuel Park");
  });

  it("completes and un-completes an item", async () => {
    const venue = () => itemRow(page, /venue/i);
    await venue().getByRole("checkbox").click();
    await page.getByRole("heading", { name: "Completed (1)" }).waitFor();
    await expect.poll(async () => (await apiItems()).find((i) => /venue/i.test(i.description))?.status).toBe("completed");
    await venue().getByRole("checkbox").click();
    await expect.poll(async () => (await apiItems()).find((i) => /venue/i.test(i.description))?.status).toBe("pending");
    await page.getByRole("heading", { name: /^Completed/ }).waitFor({ state: "detached" });
  });

  it("rolls a failed toggle back and says so", async () => {
    await page.route("**/api/action-items/*", (route) => (route.request().method() === "PATCH" ? route.abort() : route.continue()));
    const checkbox = itemRow(page, /deck/i).getByRole("checkbox");
    expect(await checkbox.getAttribute("aria-checked")).toBe("false");
    await checkbox.click();
    await page.getByText("Failed to update action item").waitFor();
    await expect.poll(() => itemRow(page, /deck/i).getByRole("checkbox").getAttribute("aria-checked")).toBe("false");
    await page.unroute("**/api/action-items/*");
    expect((await apiItems()).find((i) => /deck/i.test(i.description))?.status).toBe("pending");
  });

  it("deletes an item and brings it back with Undo in the toast", async () => {
    const before = (await apiItems()).map((i) => i.id);
    const row = itemRow(page, "Book flights for the offsite");
    await row.hover();
    await row.getByRole("button", { name: /^Delete:/ }).click();
    await row.waitFor({ state: "detached" });
    await expect.poll(async () => (await apiItems()).some((i) => i.description === "Book flights for the offsite")).toBe(false);
    const toast = page.locator("[data-sonner-toast]", { hasText: "Action item deleted" });
    await toast.getByRole("button", { name: "Undo" }).click();
    await page.getByText("Action item restored").waitFor();
    await itemRow(page, "Book flights for the offsite").waitFor();
    await expect.poll(async () => (await apiItems()).map((i) => i.id)).toEqual(before);
  });

  it("regenerates the summary only after confirmation, keeping a completed item and a deleted one as the user left them", async () => {
    // Complete the venue item and delete the deck item (both were extracted).
    await itemRow(page, /venue/i).getByRole("checkbox").click();
    await page.getByRole("heading", { name: "Completed (1)" }).waitFor();
    const deck = itemRow(page, /deck/i);
    await deck.hover();
    await deck.getByRole("button", { name: /^Delete:/ }).click();
    await deck.waitFor({ state: "detached" });
    await expect
      .poll(async () => {
        const items = await apiItems();
        return [items.find((i) => /venue/i.test(i.description))?.status, items.some((i) => /deck/i.test(i.description))];
      })
      .toEqual(["completed", false]);
    const processedBefore = (await client.get(`/api/meetings/${launchId}`)).json.processedAt;

    // Cancel first: nothing happens.
    await page.getByRole("button", { name: "Regenerate summary" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Regenerate the summary?" });
    await confirm.getByText(/added, edited, completed or deleted stay as you left them/).waitFor();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect((await client.get(`/api/meetings/${launchId}`)).json.processedAt).toBe(processedBefore);

    await page.getByRole("button", { name: "Regenerate summary" }).click();
    await confirm.getByRole("button", { name: "Regenerate" }).click();
    await confirm.waitFor({ state: "detached" });
    const after = await client.waitForMeeting(launchId, (m) => m.status === "completed" && m.processedAt !== processedBefore);
    const items = after.actionItems as { description: string; status: string }[];
    expect(items.filter((i) => /venue/i.test(i.description)).map((i) => i.status)).toEqual(["completed"]);
    expect(items.some((i) => /deck/i.test(i.description))).toBe(false);
    expect(items.some((i) => i.description === "Book flights for the offsite")).toBe(true);
    await page.getByRole("heading", { name: "Completed (1)" }).waitFor();
    await itemRow(page, /venue/i).waitFor();
    expect(await itemRow(page, /deck/i).count()).toBe(0);
  });

  it("exports the action items as CSV named after the meeting, like the other exports", async () => {
    await page.waitForLoadState("networkidle");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export to CSV" }).click()]);
    expect(download.suggestedFilename()).toBe("Launch sync - action items.csv");
    const bytes = await fs.readFile((await download.path())!);
    const expected = toActionItemsCsv(
      (await apiItems()).map((i) => ({
        task: i.description,
        assignee: i.assignee,
        dueDate: i.dueDate,
        completed: i.status === "completed",
      })),
    );
    expect(bytes.toString("utf8")).toBe(expected);
  });

  it("is accessible and looks right at desktop and phone widths", async () => {
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "meetings-meeting-1280");
    for (const dark of [false, true]) {
      const ctx = await signedInContext({ width: 390, height: 844, dark });
      const phone = await ctx.newPage();
      const suffix = dark ? "-dark" : "";
      await phone.goto("/dashboard");
      await expect.poll(() => listTitles(phone)).toEqual(["Budget review", "Launch sync"]);
      await screenshot(phone, `meetings-dashboard-390${suffix}`);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // On a phone the preview would sit below the whole list: a tap opens the meeting page instead.
      expect(await phone.getByRole("region", { name: "Meeting details" }).isVisible()).toBe(false);
      await phone
        .getByRole("list", { name: "Meeting list" })
        .getByRole("button", { name: /Launch sync/ })
        .click();
      await phone.waitForURL(new RegExp(`/meetings/${launchId}$`));
      await phone.getByRole("heading", { name: "Launch sync", level: 1 }).waitFor();
      await itemRow(phone, /venue/i).waitFor();
      await screenshot(phone, `meetings-meeting-390${suffix}`);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      if (dark) expect(await axeViolations(phone)).toEqual([]);
      await ctx.close();
    }
  });

  it("renames the meeting", async () => {
    await openPopup(page.getByRole("button", { name: "Meeting actions" }));
    await page.getByRole("menuitem", { name: "Edit Meeting" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Meeting" });
    await dialog.getByLabel("Title").fill("Launch sync (final)");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("heading", { name: "Launch sync (final)", level: 1 }).waitFor();
    expect((await client.get(`/api/meetings/${launchId}`)).json.title).toBe("Launch sync (final)");
  });

  it("exports the meeting as a PDF", async () => {
    await openPopup(page.getByRole("button", { name: "Meeting actions" }));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("menuitem", { name: "Export as PDF" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile((await download.path())!)));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Launch sync (final)");
    const items = text.slice(text.indexOf("Action Items"), text.lastIndexOf("Transcript"));
    expect(items).toMatch(/venue/i);
    expect(items).not.toMatch(/deck/i); // deleted, and regenerating did not bring it back
    expect(text).toContain("Book flights for the offsite");
    // Key points and decisions are headings, not bullets.
    expect(text).not.toMatch(/•\s*(Key points|Decisions)/);
  });

  it("deletes the meeting after confirmation", async () => {
    await openPopup(page.getByRole("button", { name: "Meeting actions" }));
    await page.getByRole("menuitem", { name: "Delete Meeting" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => listTitles(page)).toEqual(["Budget review"]);
    expect((await client.get(`/api/meetings/${launchId}`)).status).toBe(404);
    await page.goto(`/meetings/${launchId}`);
    await page.getByRole("heading", { name: "Meeting not found" }).waitFor();
    await page.getByText("The requested meeting could not be found.").waitFor();
  });
});

describe("demo", () => {
  it("shows a read-only demo meeting to visitors", async () => {
    const ctx = await newUserContext(browser, t.url);
    const visitor = await ctx.newPage();
    // The sample meeting is an object in the page: nothing about it is asked of the server.
    const asked: string[] = [];
    visitor.on("request", (r) => void (r.url().includes("/api/meetings/demo") && asked.push(r.url())));
    await visitor.goto("/demo");
    await visitor.getByRole("heading", { name: "Weekly Product Sync", level: 1 }).waitFor();
    await visitor.getByText("Demo meeting", { exact: true }).waitFor();
    await itemRow(visitor, /pricing page/i).waitFor();
    expect(await visitor.getByRole("button", { name: "Add Item" }).count()).toBe(0);
    expect(await visitor.getByRole("checkbox").first().isDisabled()).toBe(true);
    expect(await axeViolations(visitor)).toEqual([]);
    await screenshot(visitor, "meetings-demo-1280");
    expect(asked).toEqual([]);
    await ctx.close();
  });

  it("asks the server nothing about the sample meeting when signed in either", async () => {
    const asked: string[] = [];
    page.on("request", (r) => void (r.url().includes("/api/meetings/demo") && asked.push(r.url())));
    await page.goto("/demo");
    await itemRow(page, /pricing page/i).waitFor();
    await page.waitForLoadState("networkidle");
    expect(asked).toEqual([]);
  });
});
