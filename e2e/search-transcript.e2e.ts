// Search, follow-along and transcript editing in a real browser against the app as `npm start`
// runs it. A .wav is transcribed by the OpenAI-compatible engine whose server is a test double
// at its HTTP boundary. Then: '/' focuses the header search, a phrase finds its passage, the
// result opens the meeting playing from that moment with the turn highlighted; a corrected
// turn is found by its new word. Screenshots at desktop and phone widths.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWav } from "../server/src/media/test-fixtures";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeStt, type FakeStt } from "../test/fake-stt";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

const WAV_SECONDS = 20;
const TRANSCRIPTION = {
  task: "transcribe",
  language: "english",
  duration: WAV_SECONDS,
  text: "",
  segments: [
    { id: 0, seek: 0, start: 0.5, end: 1.8, text: " Hi everyone, thanks for joining the budget review.", speaker: "SPEAKER_01" },
    { id: 1, seek: 0, start: 2.0, end: 5.0, text: " Alice, can you send the budget deck by Friday?", speaker: "SPEAKER_00" },
    { id: 2, seek: 0, start: 5.5, end: 7.5, text: " Sure, I can do that.", speaker: "SPEAKER_01" },
    { id: 3, seek: 0, start: 9.0, end: 13.0, text: " I will review the hiring plan by Monday.", speaker: "SPEAKER_00" },
    {
      id: 4,
      seek: 0,
      start: 14.0,
      end: 18.0,
      text: " Great, we agreed to keep the travel budget flat this quarter.",
      speaker: "SPEAKER_01",
    },
  ],
};

let stt: FakeStt;
let t: AppProcess;
let client: TestClient;
let browser: Browser;
let tmp: string;
let context: BrowserContext;
let page: Page;
let meetingId = "";

const turn = (p: Page, index: number) => p.locator(`[data-turn="${index}"]`);
const audioState = (p: Page) => p.locator("audio").evaluate((a: HTMLAudioElement) => ({ time: a.currentTime, paused: a.paused }));

beforeAll(async () => {
  stt = await startFakeStt({ transcription: TRANSCRIPTION });
  [t, browser, tmp] = await Promise.all([startAppProcess(stt.env), launchBrowser(), fs.mkdtemp(path.join(os.tmpdir(), "search-e2e-"))]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("search"), "secret123", "Alice Search");
  const wav = await makeWav(path.join(tmp, "Budget review.wav"), WAV_SECONDS);
  const fd = new FormData();
  fd.append("title", "Budget review");
  fd.append("file", new Blob([await fs.readFile(wav)], { type: "audio/wav" }), "Budget review.wav");
  const r = await client.request("POST", "/api/meetings", fd);
  expect(r.status, r.text).toBe(201);
  meetingId = r.json.id;
  await client.waitCompleted(meetingId, 90_000);
  context = await newSignedInContext(browser, t.url, client.cookie);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await stt?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("search", () => {
  it("finds a phrase from the header ('/'), opens the meeting playing from the passage with the turn highlighted", async () => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "Your Meetings", exact: true }).waitFor();
    await page.keyboard.press("/");
    const box = page.getByRole("searchbox", { name: "Search everything" });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await box.fill('"hiring plan"');
    await box.press("Enter");
    await page.waitForURL(/\/search\?q=/);
    // A result is the meeting with its best moments; the first moment opens it there.
    const result = page.getByRole("listitem").filter({ hasText: "Budget review" }).getByTestId("search-moment").first();
    await result.waitFor();
    // The best passage is where it was said: the turn, or the action item taken from it (same time).
    expect(await result.innerText()).toMatch(/\[00:09\]/);
    expect((await result.locator("mark").allInnerTexts()).map((m) => m.toLowerCase())).toEqual(["hiring", "plan"]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "search-results-1280");

    await result.click();
    await page.waitForURL(new RegExp(`/meetings/${meetingId}\\?t=9`));
    // Playback starts at the passage…
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
    expect((await audioState(page)).paused).toBe(false);
    // …and its turn is the highlighted one.
    await expect.poll(() => turn(page, 3).getAttribute("aria-current")).toBe("true");
    expect(await page.locator('[data-turn][aria-current="true"]').count()).toBe(1);
    await screenshot(page, "search-opened-meeting-1280");
  });

  it("follows along, seeks on click and obeys space and the arrow keys", async () => {
    const audio = page.locator("audio");
    await audio.evaluate((a: HTMLAudioElement) => a.pause());
    await turn(page, 4).getByText("travel budget").click();
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(14);
    await expect.poll(() => turn(page, 4).getAttribute("aria-current")).toBe("true");
    await page.locator("h1").click(); // focus on the page, not a control
    await page.keyboard.press("Space");
    await expect.poll(async () => (await audioState(page)).paused).toBe(true);
    const before = (await audioState(page)).time;
    await page.keyboard.press("ArrowLeft");
    await expect.poll(async () => (await audioState(page)).time).toBeLessThan(before - 4);
    await expect.poll(() => turn(page, 3).getAttribute("aria-current")).toBe("true");
    await page.keyboard.press("ArrowRight");
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThan(before - 1);
    // Follow along can be switched off.
    const follow = page.getByRole("switch", { name: "Follow along" });
    expect(await follow.getAttribute("aria-checked")).toBe("true");
    await follow.click();
    expect(await follow.getAttribute("aria-checked")).toBe("false");
    await follow.click();
  });

  it("corrects a turn and finds the new word by search; undo brings the old one back", async () => {
    await page.goto(`/meetings/${meetingId}`);
    await turn(page, 1).hover();
    await page.getByRole("button", { name: /Edit turn 2/ }).click();
    const form = page.getByRole("form", { name: "Edit turn" });
    await form.getByLabel("Text").fill("Alice, can you send the zeppelin deck by Friday?");
    await form.getByLabel("Speaker").fill("Bob Builder");
    await form.getByRole("button", { name: "Save" }).click();
    await page.getByText("Transcript updated").waitFor();
    await turn(page, 1).getByText("zeppelin deck").waitFor();
    expect(await turn(page, 1).innerText()).toMatch(/Bob Builder[\s\S]*edited by Alice Search/);
    await screenshot(page, "transcript-edited-1280");

    await page.keyboard.press("/");
    const box = page.getByRole("searchbox", { name: "Search everything" });
    await box.fill("zeppelin");
    await box.press("Enter");
    // A result is the meeting with its best moments; the first moment opens it there.
    const result = page.getByRole("listitem").filter({ hasText: "Budget review" }).getByTestId("search-moment").first();
    await result.waitFor();
    expect(await result.locator("mark").allInnerTexts()).toEqual(["zeppelin"]);
    expect(await result.innerText()).toMatch(/Bob Builder/);

    await result.click();
    await page.getByRole("button", { name: /Undo last transcript edit/ }).click();
    await page.getByText("Edit undone").waitFor();
    await turn(page, 1).getByText("budget deck").waitFor();
  });

  it("looks right on a phone", async () => {
    const phone = await newSignedInContext(browser, t.url, client.cookie, { width: 390, height: 844 });
    const p = await phone.newPage();
    await p.goto("/dashboard");
    await p.getByRole("link", { name: "Search", exact: true }).click();
    await p.getByRole("searchbox", { name: "Search all meetings" }).fill("deck");
    await p.getByRole("button", { name: "Search", exact: true }).click();
    await p.getByRole("link", { name: /Budget review/ }).waitFor();
    expect(await axeViolations(p)).toEqual([]);
    await screenshot(p, "search-results-390");
    await p.getByRole("link", { name: /Budget review/ }).click();
    await p.locator('[data-turn][aria-current="true"]').waitFor();
    await screenshot(p, "search-opened-meeting-390");
    await phone.close();
  });
});
