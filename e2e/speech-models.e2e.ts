// Settings → Speech models in a real browser: the instance owner (the first account) sees
// what the default settings need and downloads it with progress, from a fake release server
// (MODELS_BASE_URL); a second user is told to ask the owner and gets no button.
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeModelReleases, type FakeModelReleases } from "../test/fake-model-releases";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

let t: AppProcess;
let releases: FakeModelReleases;
let browser: Browser;
let owner: TestClient;
let other: TestClient;

beforeAll(async () => {
  releases = await startFakeModelReleases({ chunkDelayMs: 300 });
  [t, browser] = await Promise.all([startAppProcess({ MODELS_BASE_URL: releases.url, MODELS_AUTO_DOWNLOAD: "false" }), launchBrowser()]);
  owner = new TestClient(t.url);
  other = new TestClient(t.url);
  await owner.signUp(uniqueEmail("owner"), "secret123", "Olivia Owner");
  await other.signUp(uniqueEmail("member"), "secret123", "Max Member");
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await releases?.close();
});

const card = (page: import("playwright-core").Page) => page.locator('[data-slot="card"]', { hasText: "Speech models" });

it("tells a user who does not own the server to ask the owner, with no download button", async () => {
  const ctx = await newSignedInContext(browser, t.url, other.cookie, { width: 390, height: 844 });
  const page = await ctx.newPage();
  await page.goto("/settings?tab=integrations");
  await card(page)
    .getByText(/speech models that are not installed/)
    .waitFor();
  await card(page).getByText("Ask the owner of this server to download them under Settings → Speech models.").waitFor();
  expect(await page.getByRole("button", { name: "Download speech models" }).count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "speech-models-member-390");
  await ctx.close();
});

it("lets the owner download the default speech models, showing progress until they are installed", async () => {
  const ctx = await newSignedInContext(browser, t.url, owner.cookie);
  const page = await ctx.newPage();
  await page.goto("/settings?tab=integrations");
  await card(page)
    .getByText(/needs? .*speech models? that (is|are) not installed/)
    .waitFor();
  expect(await card(page).innerText()).not.toMatch(/\/(tmp|home|work|var)\//); // no server paths
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Download speech models" }).click();
  await page.getByRole("progressbar", { name: "Download of the speech models" }).waitFor();
  await card(page)
    .getByText(/^Downloading: .* of about /)
    .first()
    .waitFor();
  await screenshot(page, "speech-models-downloading-1280");
  await card(page).getByText("The speech models the default settings need are installed.").waitFor({ timeout: 60_000 });
  expect([...releases.requested].sort()).toEqual([...releases.assets].sort());
  const models = (await owner.get("/api/models")).json;
  expect(models.defaults).toMatchObject({ missing: [], downloading: false, error: null });
  await screenshot(page, "speech-models-installed-1280");
  await ctx.close();
});
