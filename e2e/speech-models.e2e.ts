// Settings → Models in a real browser: the server's owner (the first account) sees the models,
// downloads what the default settings need with progress from a fake release server
// (MODELS_BASE_URL) and reads what to do without internet access. A second user has no
// Models tab; their failed audio meeting says what it needs and whom to ask, with no server
// commands, paths or the owner's download errors.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeModelReleases, type FakeModelReleases } from "../test/fake-model-releases";
import { makeWav } from "../server/src/media/test-fixtures";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

let t: AppProcess;
let releases: FakeModelReleases;
let browser: Browser;
let owner: TestClient;
let other: TestClient;
let ownerEmail: string;
let work: string;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "models-e2e-"));
  releases = await startFakeModelReleases({ chunkDelayMs: 300 });
  [t, browser] = await Promise.all([startAppProcess({ MODELS_BASE_URL: releases.url, MODELS_AUTO_DOWNLOAD: "false" }), launchBrowser()]);
  owner = new TestClient(t.url);
  other = new TestClient(t.url);
  ownerEmail = uniqueEmail("owner");
  await owner.signUp(ownerEmail, "secret123", "Olivia Owner");
  await other.signUp(uniqueEmail("member"), "secret123", "Max Member");
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await releases?.close();
  await fs.rm(work, { recursive: true, force: true });
});

it("shows a user who does not own the server no Models tab, and on a failed audio meeting whom to ask", async () => {
  const wav = await makeWav(path.join(work, "standup.wav"), 2);
  const fd = new FormData();
  fd.append("file", new Blob([await fs.readFile(wav)], { type: "audio/wav" }), "standup.wav");
  const created = await other.post("/api/meetings", fd);
  await other.waitForMeeting(created.json.id, (m) => m.status === "failed");

  const ctx = await newSignedInContext(browser, t.url, other.cookie, { width: 390, height: 844 });
  const page = await ctx.newPage();
  await page.goto("/settings?tab=models");
  await page.getByRole("tab", { name: "Integrations" }).waitFor();
  await page.getByRole("tab", { name: "Profile", selected: true }).waitFor(); // once the server said who owns it
  expect(await page.getByRole("tab", { name: "Models" }).count()).toBe(0);

  await page.goto(`/meetings/${created.json.id}`);
  const alert = page.getByRole("alert").filter({ hasText: "Processing failed" });
  await alert
    .getByText(/This recording needs 3 speech models .* The owner of this server can download them under Settings → Models\./)
    .waitFor();
  await alert
    .getByText(`Ask Olivia Owner (${ownerEmail.toLowerCase()}), who runs this server, to download them under Settings → Models.`)
    .waitFor();
  // Nothing false about a meeting that was never processed.
  const info = page.getByRole("list", { name: "Meeting information" });
  await info.getByText("Not processed").waitFor();
  await info.getByText("Audio recording").waitFor();
  expect(await info.getByText("No Action Items").count()).toBe(0);
  expect(await page.getByText("AI-generated summary of the meeting").count()).toBe(0);
  const text = await page.locator("main").innerText();
  expect(text).not.toContain("npm run models");
  expect(text).not.toMatch(/\/(tmp|home|work|var)\//);
  expect(await page.getByRole("button", { name: "Download speech models" }).count()).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "speech-models-member-meeting-390");
  await ctx.close();
});

it("lets the owner download the default speech models under Settings → Models, with progress, and says what to do offline", async () => {
  const ctx = await newSignedInContext(browser, t.url, owner.cookie);
  const page = await ctx.newPage();
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Models" }).click();
  await page.waitForURL(/tab=models/);
  await page.getByText(/needs? .*speech models? that (is|are) not installed/).waitFor();
  // Every model shows its size (TitaNet-small's included) and the offline ways.
  await page.getByText("NVIDIA NeMo TitaNet-small speaker embedding (English)").first().waitFor();
  expect(await page.getByText(/Not installed · about 38\.4 MB/).count()).toBeGreaterThan(0);
  await page.getByRole("heading", { name: "Without internet access" }).waitFor();
  await page.getByText("MODELS_BASE_URL", { exact: true }).first().waitFor();
  expect(await axeViolations(page)).toEqual([]);
  await screenshot(page, "speech-models-owner-1280");

  await page.getByRole("button", { name: "Download speech models" }).click();
  await page.getByRole("progressbar", { name: "Download of the speech models" }).waitFor();
  await page
    .getByText(/^Downloading: .* of about /)
    .first()
    .waitFor();
  await screenshot(page, "speech-models-downloading-1280");
  await page.getByText("The speech models the default settings need are installed.").waitFor({ timeout: 60_000 });
  expect([...releases.requested].sort()).toEqual([...releases.assets].sort());
  const models = (await owner.get("/api/models")).json;
  expect(models.defaults).toMatchObject({ missing: [], downloading: false, error: null });
  await screenshot(page, "speech-models-installed-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("heading", { name: "Without internet access" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, "speech-models-owner-390");
  await ctx.close();
});
