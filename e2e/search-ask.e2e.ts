// "Ask your meetings" in a real browser against the app as `npm start` runs it, with no
// language model (the built-in answer): a question typed in the dashboard's Ask box gets an
// answer with citations; a citation opens the meeting at that moment with its turn
// highlighted; a stranger's meeting on the same topic never appears in the answer or its
// citations; the recent question is offered again. Screenshots at 1280x800 and 390x844.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

const cue = (from: string, to: string, speaker: string, text: string) => `${from} --> ${to}\n<v ${speaker}>${text}</v>\n`;
const vtt = (...cues: string[]) => `WEBVTT\n\n${cues.join("\n")}`;

const DESIGN = vtt(
  cue("00:00:01.000", "00:00:06.000", "Project Manager", "Good morning, today we look at the materials and the case."),
  cue("00:00:20.000", "00:00:30.000", "Marketing", "Our survey says people lose their remote under the sofa all the time."),
  cue("00:00:40.000", "00:00:55.000", "User Interface", "Um, I would keep the the buttons few and large."),
  cue(
    "00:01:05.000",
    "00:01:20.000",
    "Industrial Designer",
    "We decided the battery goes under a flip top cover, so people can change it without a screwdriver.",
  ),
  cue("00:01:30.000", "00:01:40.000", "Project Manager", "Good, then the flip top cover is settled. Next meeting on Friday."),
);
const STRANGER = vtt(cue("00:00:02.000", "00:00:10.000", "Stan", "Our flip top battery cover decision is secret: no screwdriver either."));

let t: AppProcess;
let owner: TestClient;
let stranger: TestClient;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let designId = "";

beforeAll(async () => {
  [t, browser] = await Promise.all([startAppProcess(), launchBrowser()]);
  owner = new TestClient(t.url);
  stranger = new TestClient(t.url);
  await owner.signUp(uniqueEmail("asker"), "secret123", "Olga Owner");
  await stranger.signUp(uniqueEmail("stranger"), "secret123", "Stan Stranger");
  designId = await owner.importTranscript("design.vtt", DESIGN, "Remote design review");
  const otherId = await owner.importTranscript(
    "hiring.vtt",
    vtt(cue("00:00:01.000", "00:00:05.000", "Olga", "We hire a designer.")),
    "Hiring",
  );
  const strangerId = await stranger.importTranscript("secret.vtt", STRANGER, "Stranger battery secrets");
  await Promise.all([owner.waitCompleted(designId), owner.waitCompleted(otherId), stranger.waitCompleted(strangerId)]);
  context = await newSignedInContext(browser, t.url, owner.cookie, { width: 1280, height: 800 });
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const askBox = (p: Page) => p.getByTestId("ask-box").first();

describe("ask your meetings", () => {
  it("answers a typed question with citations; a citation opens the meeting at that moment, its turn highlighted", async () => {
    await page.goto("/dashboard");
    const box = askBox(page);
    await box.getByRole("heading", { name: "Ask your meetings" }).waitFor();
    await box.getByLabel("Your question").fill("What did we decide about the flip top battery cover?");
    await box.getByRole("button", { name: "Ask", exact: true }).click();
    const answer = box.getByTestId("ask-answer");
    await answer.waitFor();
    const text = await answer.innerText();
    // Who said it and when, without the hesitations; never the stranger's meeting.
    expect(text).toMatch(/Industrial Designer \(1:05\): We decided the battery goes under a flip top cover/);
    expect(text).not.toMatch(/Stranger|secret|Stan/);
    // Only sentences that say something the question asks about ("we" alone does not).
    expect(text).not.toMatch(/Good morning|sofa/);
    const citations = box.getByTestId("ask-citation");
    expect(await citations.count()).toBeGreaterThan(0);
    for (const c of await citations.allInnerTexts()) expect(c).toMatch(/Remote design review/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "ask-answer-1280");

    const first = citations.first();
    expect(await first.innerText()).toMatch(/Industrial Designer[\s\S]*01:05/);
    await first.click();
    await page.waitForURL(new RegExp(`/meetings/${designId}\\?t=65&turn=3$`));
    await expect.poll(() => page.locator('[data-turn="3"]').getAttribute("aria-current")).toBe("true");
    expect(await page.locator('[data-turn][aria-current="true"]').count()).toBe(1);
    await screenshot(page, "ask-opened-meeting-1280");
  });

  it("asks one meeting from its page, and offers the recent question again", async () => {
    await page.goto(`/meetings/${designId}`);
    const box = askBox(page);
    await box.getByRole("heading", { name: "Ask this meeting" }).waitFor();
    await box.getByLabel("Your question").fill("Where do the buttons go?");
    await box.getByRole("button", { name: "Ask", exact: true }).click();
    await box.getByTestId("ask-answer").waitFor();
    expect(await box.getByTestId("ask-answer").innerText()).toMatch(/User Interface \(0:40\): I would keep the buttons few and large\./);

    await page.goto("/dashboard");
    const recent = askBox(page).getByRole("button", { name: "What did we decide about the flip top battery cover?" });
    await recent.click();
    await askBox(page).getByTestId("ask-citation").first().waitFor();
    // A question asked of one meeting is offered on that meeting's page, not on the dashboard
    // (there a click would have asked every meeting).
    expect(await askBox(page).getByRole("button", { name: "Where do the buttons go?" }).count()).toBe(0);
    await page.goto(`/meetings/${designId}`);
    await askBox(page).getByRole("button", { name: "Where do the buttons go?" }).waitFor();
  });

  it("never shows a stranger anything of the owner's meetings", async () => {
    const r = await stranger.post("/api/ask", { question: "What did we decide about the flip top battery cover?" });
    expect(r.status, r.text).toBe(200);
    expect(new Set(r.json.citations.map((c: { meetingTitle: string }) => c.meetingTitle))).toEqual(new Set(["Stranger battery secrets"]));
    expect(r.json.answer).not.toMatch(/Industrial Designer|Remote design review/);
    expect((await stranger.post("/api/ask", { question: "flip top battery", meetingId: designId })).status).toBe(404);
  });

  it("looks right on a phone", async () => {
    const phone = await newSignedInContext(browser, t.url, owner.cookie, { width: 390, height: 844 });
    const p = await phone.newPage();
    await p.goto("/dashboard");
    const box = askBox(p);
    await box.getByLabel("Your question").fill("What did we decide about the flip top battery cover?");
    await box.getByRole("button", { name: "Ask", exact: true }).click();
    await box.getByTestId("ask-citation").first().waitFor();
    // Nothing wider than the screen.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(p)).toEqual([]);
    await box.screenshot({ path: "screenshots/ask-answer-390.png" });
    await screenshot(p, "ask-dashboard-390");
    await phone.close();
  });
});
