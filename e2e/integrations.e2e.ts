// Integrations in a real browser against the app as `npm start` runs it: connect GitHub
// through the OAuth popup (a loopback fake GitHub auto-approves), pick the repository, send
// an action item from the meeting page, close the issue in the fake (a signed webhook), and
// see the item completed on the meeting page without a reload. Screenshots of the
// Integrations tab at desktop and phone width, light and dark.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeGithub, type FakeGithub } from "../test/fakes/github";
import { databaseText } from "../test/integrations-helpers";
import { axeViolations, launchBrowser, newSignedInContext, openPopup, screenshot } from "./browser";

let t: AppProcess;
let fake: FakeGithub;
let browser: Browser;
let client: TestClient;
let context: BrowserContext;
let page: Page;
let meetingId: string;

const card = (p: Page, provider: string) => p.locator(`[data-testid="integration-card"][data-provider="${provider}"]`);
const itemRow = (p: Page, text: RegExp) => p.locator('[data-testid="action-item"]', { hasText: text });

beforeAll(async () => {
  fake = await startFakeGithub();
  [t, browser] = await Promise.all([
    startAppProcess({
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GITHUB_OAUTH_URL: fake.url,
      GITHUB_API_URL: fake.url,
      // The fake reaches the app at its http address.
      INTEGRATIONS_WEBHOOKS: "on",
      // Request logs on, so the token check below reads real log lines.
      LOG_LEVEL: "info",
    }),
    launchBrowser(),
  ]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("integrations"), "secret123", "Ana Ruiz");
  const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ana>Let us plan the release.\n";
  meetingId = await client.importTranscript("plan.vtt", vtt, "Release planning");
  await client.waitCompleted(meetingId);
  const r = await client.post(`/api/meetings/${meetingId}/action-items`, {
    description: "Write the release notes",
    assignee: "octo-user",
    dueDate: "2026-12-01",
  });
  expect(r.status).toBe(201);
  context = await newSignedInContext(browser, t.url, client.cookie);
  page = await context.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await fake?.close();
});

describe("integrations", () => {
  it("shows seven cards; unconfigured providers say what the administrator must set", async () => {
    await page.goto("/settings?tab=integrations");
    await card(page, "github").getByRole("button", { name: "Connect GitHub" }).waitFor();
    expect(await page.locator('[data-testid="integration-card"]').count()).toBe(7);
    const slack = card(page, "slack");
    await slack.getByText("Not set up on this server").waitFor();
    expect(await slack.textContent()).toContain("SLACK_CLIENT_ID");
    expect(await slack.getByRole("button", { name: /connect/i }).count()).toBe(0);
    expect(await page.getByTestId("sync-mode").textContent()).toContain("Completion sync: webhooks");
  });

  it("connects GitHub through the popup and picks the repository", async () => {
    const popupOpened = context.waitForEvent("page");
    await card(page, "github").getByRole("button", { name: "Connect GitHub" }).click();
    const popup = await popupOpened;
    // The popup reports to this tab and closes itself.
    await popup.waitForEvent("close", { timeout: 20_000 });
    await page.getByText("Successfully connected to GitHub").waitFor();
    const github = card(page, "github");
    await github.getByText("Connected as").waitFor();
    expect(await github.textContent()).toContain("octo-user");

    await github.getByRole("button", { name: "Choose destination for GitHub" }).click();
    const dialog = page.getByRole("dialog", { name: "Where GitHub items go" });
    await openPopup(dialog.getByRole("combobox", { name: "Repository" }));
    await page.getByRole("option", { name: "octo-user/planning" }).click();
    await screenshot(page, "integrations-destination-dialog");
    await dialog.getByRole("button", { name: "Save" }).click();
    await github.getByText("octo-user/planning").waitFor();
    await github.getByText("Completion: webhook").waitFor();
    expect(fake.hooks.size).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("screenshots of the Integrations tab: desktop and phone, light and dark", async () => {
    for (const [name, opts] of [
      ["integrations-desktop-light", { width: 1280, height: 900 }],
      ["integrations-desktop-dark", { width: 1280, height: 900, dark: true }],
      ["integrations-phone-light", { width: 390, height: 844 }],
      ["integrations-phone-dark", { width: 390, height: 844, dark: true }],
    ] as const) {
      const ctx = await newSignedInContext(browser, t.url, client.cookie, opts);
      const p = await ctx.newPage();
      await p.goto("/settings?tab=integrations");
      await card(p, "github").getByText("octo-user/planning").waitFor();
      await screenshot(p, name);
      await ctx.close();
    }
  });

  it("sends an item from the meeting page; closing the issue completes it here", async () => {
    await page.goto(`/meetings/${meetingId}`);
    const row = itemRow(page, /Write the release notes/);
    await row.waitFor();
    await row.hover();
    await openPopup(row.getByRole("button", { name: "Send to…: Write the release notes" }));
    await screenshot(page, "integrations-send-menu");
    await page.getByRole("menuitem", { name: "GitHub" }).click();
    const badge = row.getByRole("link", { name: "Open in GitHub" });
    await badge.waitFor({ timeout: 20_000 });
    expect(await badge.getAttribute("href")).toBe("https://github.example/octo-user/planning/issues/1");
    expect(fake.issues.get(1)?.title).toBe("Write the release notes");
    await screenshot(page, "integrations-meeting-sent");

    // Someone closes the issue on GitHub: the signed webhook completes the item here.
    const [delivery] = await fake.setIssueState(1, "closed");
    expect(delivery!.status).toBe(200);
    await page
      .locator('[data-testid="action-item"][data-status="completed"]', { hasText: "Write the release notes" })
      .waitFor({ timeout: 20_000 });
    await page.getByText("Completed (1)").waitFor();
    await screenshot(page, "integrations-meeting-completed");
    const phone = await newSignedInContext(browser, t.url, client.cookie, { width: 390, height: 844, dark: true });
    const p = await phone.newPage();
    await p.goto(`/meetings/${meetingId}`);
    await p.getByRole("link", { name: "Open in GitHub" }).waitFor();
    await screenshot(p, "integrations-meeting-phone-dark");
    await phone.close();
  });

  it("shows the delivery in the webhook log", async () => {
    await page.goto("/settings?tab=integrations");
    await card(page, "github").getByRole("button", { name: "GitHub webhook log" }).click();
    const dialog = page.getByRole("dialog", { name: "GitHub webhook log" });
    await dialog.getByText("issues.closed").waitFor();
    await dialog.getByText("accepted", { exact: true }).waitFor();
    await screenshot(page, "integrations-webhook-log");
  });

  it("no token in the app's log output or its database", async () => {
    const secrets = [...fake.oauth.allSecrets(), "gh-secret", ...[...fake.hooks.values()].map((h) => h.secret)];
    expect(secrets.length).toBeGreaterThan(2);
    const output = t.output();
    expect(output).toContain("/api/integrations"); // the request log is there to search
    const database = await databaseText(t.db);
    for (const s of secrets) {
      expect(output.includes(s), `${s} in the log`).toBe(false);
      expect(database.includes(s), `${s} in the database`).toBe(false);
    }
  });
});
