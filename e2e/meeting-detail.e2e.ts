// A long meeting's page in a real browser (decision 040): the transcript renders its first
// turns and more as the reader scrolls to the end of it (or asks for more), a search result's
// turn far down opens rendered and highlighted, and an edit far down works; a public link's page
// shows the same list (decision 052). Screenshots at desktop and phone widths.
import fs from "node:fs/promises";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, newUserContext, screenshot, SHOTS_DIR } from "./browser";

const TURNS = 2_000;
const PAGE = 300; // TURNS_PER_PAGE in web/src/features/meetings/TranscriptTurns.tsx
const SPEAKERS = ["Maria Lopez", "Sam Park"];

function vtt(): string {
  const stamp = (s: number) =>
    `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
  const cues = Array.from(
    { length: TURNS },
    (_, i) => `${i + 1}\n${stamp(i * 3)} --> ${stamp(i * 3 + 2)}\n<v ${SPEAKERS[i % 2]}>Point number ${i} of the long review.</v>`,
  );
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let meetingId = "";

const turn = (p: Page, index: number) => p.locator(`[data-turn="${index}"]`);
const rendered = (p: Page) => p.locator("[data-turn]").count();

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("long"), "secret123", "Olivia Long");
  meetingId = await client.importTranscript("Long review.vtt", vtt(), "Long review");
  await client.waitCompleted(meetingId, 90_000);
  context = await newSignedInContext(browser, t.url, client.cookie, { width: 1280, height: 800 });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe("a long meeting's page", () => {
  it("renders the first turns, and more as the reader scrolls to the end of the transcript", async () => {
    await page.goto(`/meetings/${meetingId}`);
    const more = page.getByTestId("more-turns");
    await more.getByText(`Showing ${PAGE} of 2,000 turns.`).waitFor();
    expect(await rendered(page)).toBe(PAGE);
    await turn(page, 0).getByText("Point number 0 of the long review.").waitFor();
    await screenshot(page, "meeting-long-1280");

    // Scrolling the transcript's own area to its end renders the next turns.
    await page.getByRole("region", { name: "Transcript" }).evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await more.getByText(`Showing ${2 * PAGE} of 2,000 turns.`).waitFor();
    // …and so does the button, for keyboard users.
    await more.getByRole("button", { name: "Show more" }).click();
    await more.getByText(`Showing ${3 * PAGE} of 2,000 turns.`).waitFor();
    expect(await rendered(page)).toBe(3 * PAGE);
  });

  it("opens a search result's turn far down rendered and highlighted, and edits it", async () => {
    await page.goto(`/meetings/${meetingId}?turn=1500`);
    await turn(page, 1500).getByText("Point number 1500 of the long review.").waitFor();
    expect(await turn(page, 1500).getAttribute("aria-current")).toBe("true");
    expect(await rendered(page)).toBeLessThan(TURNS);

    await turn(page, 1500)
      .getByRole("button", { name: /Edit turn 1501/ })
      .click();
    const form = page.getByRole("form", { name: "Edit turn" });
    await form.getByLabel("Text").fill("Point number 1500, corrected.");
    await form.getByRole("button", { name: "Save" }).click();
    await turn(page, 1500).getByText("Point number 1500, corrected.").waitFor();
    const saved = await client.get(`/api/meetings/${meetingId}`);
    expect(saved.json.utterances[1500].text).toBe("Point number 1500, corrected.");
    expect(saved.json.utterances).toHaveLength(TURNS);
  });

  it("fits a phone", async () => {
    const phone = await (await newSignedInContext(browser, t.url, client.cookie, { width: 390, height: 844 })).newPage();
    await phone.goto(`/meetings/${meetingId}`);
    await phone.getByTestId("more-turns").getByText(`Showing ${PAGE} of 2,000 turns.`).waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(phone, "meeting-long-390");
    await phone.context().close();
  });

  it("shows a public link's visitor the same list: the first turns, more on request, on a phone too", async () => {
    const link = await client.post(`/api/meetings/${meetingId}/public-links`, { parts: ["summary", "transcript"] });
    expect(link.status, link.text).toBe(201);
    const visitor = await newUserContext(browser, t.url, { width: 1280, height: 800 });
    const vp = await visitor.newPage();
    await vp.goto(`/p/${link.json.token}`);
    await vp.getByRole("heading", { name: "Long review" }).waitFor();
    const more = vp.getByTestId("more-turns");
    await more.getByText(`Showing ${PAGE} of 2,000 turns.`).waitFor();
    expect(await rendered(vp)).toBe(PAGE);
    await turn(vp, 0).getByText("Point number 0 of the long review.").waitFor();
    // A visitor cannot edit: no edit buttons, and the times are plain text (no recording to seek).
    expect(await vp.locator("[data-edit-turn]").count()).toBe(0);
    expect(await axeViolations(vp)).toEqual([]);
    await more.getByRole("button", { name: "Show more" }).click();
    await more.getByText(`Showing ${2 * PAGE} of 2,000 turns.`).waitFor();
    await vp.setViewportSize({ width: 390, height: 844 });
    const overflow = await vp.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    // What the visitor sees (the window, not the page of 600 turns).
    await fs.mkdir(SHOTS_DIR, { recursive: true });
    await vp.evaluate(() => window.scrollTo(0, 0));
    await vp.screenshot({ path: path.join(SHOTS_DIR, "public-long-390.png") });
    await vp.setViewportSize({ width: 1280, height: 800 });
    await vp.screenshot({ path: path.join(SHOTS_DIR, "public-long-1280.png") });
    await visitor.close();
  });
});
