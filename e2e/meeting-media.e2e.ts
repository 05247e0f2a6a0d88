// A recording's life on the meeting page in a real browser: a .wav uploaded on /upload is
// transcribed by the OpenAI-compatible speech engine, whose server is a test double at its
// HTTP boundary (POST /v1/audio/transcriptions, verbose_json) that holds its answer until
// the test lets it go. Meanwhile the page shows the live processing banner pushed by
// server-sent events; once released, it turns into the completed meeting by itself. Then:
// the recording is served with HTTP range requests and plays, and the times in the
// transcript and on action items seek the player. Accessibility and screenshots of both states.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeWav } from "../server/src/media/test-fixtures";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { startFakeStt, type FakeStt } from "../test/fake-stt";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

const WAV_SECONDS = 20;
const STT_KEY = "sk-test-fake-stt";

// What the transcription server answers: verbose_json with segments at known times. It
// labels speakers itself (as diarizing servers such as speaches or WhisperX do), so the
// engine keeps them and needs no local diarization models.
const TRANSCRIPTION = {
  task: "transcribe",
  language: "english",
  duration: WAV_SECONDS,
  text: "Hi everyone, thanks for joining the budget review. Alice, can you send the budget deck by Friday? Sure, I can do that. I will review the hiring plan by Monday. Great, we agreed to keep the travel budget flat this quarter.",
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

/** Resolves with `p`, or fails after `ms` saying what did not happen. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

let stt: FakeStt;
let t: AppProcess;
let client: TestClient;
let browser: Browser;
let tmp: string;
let wavPath: string;
let wavBytes: Buffer;
// The desktop page that uploads and then follows the meeting through all the tests.
let context: BrowserContext;
let page: Page;
let meetingId = "";
const mediaResponses: Response[] = [];

beforeAll(async () => {
  // Answers only when the test releases it, so the page can be seen while the job runs.
  stt = await startFakeStt({ holdUntilReleased: true, transcription: TRANSCRIPTION, apiKey: STT_KEY });
  [t, browser, tmp] = await Promise.all([
    // The engine talks to whatever base URL it is given (no address checks), so the loopback
    // double needs no exception from any security check.
    startAppProcess(stt.env),
    launchBrowser(),
    fs.mkdtemp(path.join(os.tmpdir(), "meeting-media-e2e-")),
  ]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("media"), "secret123", "Alice Media");
  wavPath = await makeWav(path.join(tmp, "Budget sync.wav"), WAV_SECONDS);
  wavBytes = await fs.readFile(wavPath);
}, 120_000);

afterAll(async () => {
  stt?.release(); // never leave the job hanging on a held answer
  await browser?.close();
  await t?.close();
  await stt?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
}, 60_000);

/** A browser context signed in as `client`'s user, with server-sent events recorded in the page. */
async function signedInContext(opts: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  const ctx = await newSignedInContext(browser, t.url, client.cookie, opts);
  // Wraps EventSource so the test can see which events the page received (and any error that
  // would send it to its polling fallback).
  await ctx.addInitScript(() => {
    const w = window as unknown as { __sse: { type: string; data?: unknown }[]; EventSource: typeof EventSource };
    w.__sse = [];
    const Original = w.EventSource;
    w.EventSource = class extends Original {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        w.__sse.push({ type: "connect", data: String(url) });
        this.addEventListener("status", (e) => w.__sse.push({ type: "status", data: JSON.parse((e as MessageEvent<string>).data) }));
        this.addEventListener("error", () => w.__sse.push({ type: "error" }));
      }
    };
  });
  return ctx;
}

type SseRecord = { type: string; data?: any };
const sseLog = (p: Page) => p.evaluate(() => (window as unknown as { __sse: SseRecord[] }).__sse);
const banner = (p: Page) => p.getByRole("status").filter({ hasText: /^Processing:/ });
const itemRow = (p: Page, text: RegExp | string) => p.locator('[data-testid="action-item"]', { hasText: text });
const player = (p: Page) => p.locator('audio[aria-label="Meeting recording"]');

async function apiMeeting() {
  const r = await client.get(`/api/meetings/${meetingId}`);
  expect(r.status).toBe(200);
  return r.json;
}

/** Clicks a "Play from" button and waits until the player reports a seek; returns where it landed. */
async function seekWith(p: Page, button: ReturnType<Page["locator"]>): Promise<number> {
  const before = await p.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks.length);
  await button.click();
  await expect
    .poll(() => p.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks.length), { timeout: 15_000 })
    .toBeGreaterThan(before);
  return p.evaluate(() => (window as unknown as { __seeks: number[] }).__seeks.at(-1)!);
}

describe("a recording on the meeting page", () => {
  it("is uploaded on /upload and shows live processing while the speech server holds its answer", async () => {
    context = await signedInContext();
    page = await context.newPage();
    page.on("response", (r) => {
      if (r.url().endsWith("/media")) mediaResponses.push(r);
    });
    await page.goto("/upload");
    await page.getByRole("heading", { level: 1, name: "Upload Meeting Recording" }).waitFor();
    await page.getByTestId("upload-dropzone").locator('input[type="file"]').setInputFiles(wavPath);
    await expect.poll(() => page.getByLabel("Meeting Title").inputValue()).toBe("Budget sync");
    await page.getByLabel("Meeting date").fill("2025-06-11"); // a Wednesday: "by Friday" is June 13
    await page.getByRole("button", { name: "Upload and process" }).click();
    await page.waitForURL(/\/meetings\/[^/]+$/, { timeout: 30_000 });
    meetingId = /\/meetings\/([^/?#]+)/.exec(page.url())![1]!;
    // Marks this document: if the page reloads to show the result, the mark is gone.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    // The speech server got the converted recording, as the OpenAI API expects it.
    const call = await within(stt.arrived, 60_000, "the transcription request");
    expect(call.auth).toBe(`Bearer ${STT_KEY}`);
    expect(call.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const body = call.body.toString("latin1");
    expect(body).toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
    expect(body).toMatch(/name="response_format"\r\n\r\nverbose_json\r\n/);
    expect(body).toMatch(/name="file"; filename="audio\.wav"/);
    expect(body).toMatch(/RIFF[\s\S]{4}WAVE/);

    // The page shows the transcribe step while the answer is held, with the stored progress.
    const m = await apiMeeting();
    expect(m).toMatchObject({ status: "processing", step: "transcribe", sourceType: "file_upload", hasMedia: true });
    await page.getByRole("heading", { level: 1, name: "Budget sync" }).waitFor();
    await banner(page).filter({ hasText: "Processing: Transcribing…" }).waitFor({ timeout: 30_000 });
    expect(await banner(page).innerText()).toContain(`${m.progress}%`);
    expect(await page.getByRole("progressbar", { name: "Processing progress" }).getAttribute("aria-valuenow")).toBe(String(m.progress));
    expect(m.progress).toBeGreaterThanOrEqual(10);
    expect(m.progress).toBeLessThan(90);
    // While it runs, the cards say what is coming, not that there is nothing.
    await page.getByText("The summary will appear here when processing finishes.").waitFor();
    await page.getByText("The transcript will appear here when processing finishes.").waitFor();
    await page.getByRole("list", { name: "Meeting information" }).getByText(`${WAV_SECONDS} seconds`).waitFor();
    // The state came over the event stream, not by polling.
    // (The page's first GET can see the transcribe step before the stream's event for it lands.)
    await expect
      .poll(async () =>
        (await sseLog(page)).some((e) => e.type === "status" && e.data.step === "transcribe" && e.data.status === "processing"),
      )
      .toBe(true);
    const events = await sseLog(page);
    expect(events.filter((e) => e.type === "connect").map((e) => e.data)).toContain(`/api/meetings/${meetingId}/events`);
    expect(events.filter((e) => e.type === "error")).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "meeting-media-processing-1280");

    const phoneContext = await signedInContext({ width: 390, height: 844 });
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(`/meetings/${meetingId}`);
      await banner(phone).filter({ hasText: "Processing: Transcribing…" }).waitFor({ timeout: 30_000 });
      expect(await axeViolations(phone)).toEqual([]);
      await screenshot(phone, "meeting-media-processing-390");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phoneContext.close();
    }
    // Still held: nothing has moved on.
    expect((await apiMeeting()).status).toBe("processing");
    expect(stt.received).toHaveLength(1);
  }, 180_000);

  it("turns into the completed meeting by itself once the transcript arrives", async () => {
    stt.release();
    await banner(page).waitFor({ state: "detached", timeout: 60_000 });
    const transcript = page.getByRole("region", { name: "Transcript" });
    await transcript.getByText("Alice, can you send the budget deck by Friday?").waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    const events = await sseLog(page);
    console.log("SSE", JSON.stringify(events));
    expect(events.some((e) => e.type === "status" && e.data.status === "completed")).toBe(true);
    expect(events.filter((e) => e.type === "error")).toEqual([]);

    // Speakers, texts and times of every turn.
    await page.getByText("2 speakers: Speaker A, Speaker B").waitFor();
    const turns = await transcript.locator("li").allInnerTexts();
    expect(turns.map((s) => s.replace(/\s+/g, " ").trim())).toEqual([
      "Speaker A [00:00] Hi everyone, thanks for joining the budget review.",
      "Speaker B [00:02] Alice, can you send the budget deck by Friday?",
      "Speaker A [00:05] Sure, I can do that.",
      "Speaker B [00:09] I will review the hiring plan by Monday.",
      "Speaker A [00:14] Great, we agreed to keep the travel budget flat this quarter.",
    ]);
    // The built-in summary and action items, owners and due dates.
    await page.getByText("thanks for joining the budget review").first().waitFor();
    const deck = itemRow(page, "Send the budget deck");
    await deck.waitFor();
    expect(await deck.innerText()).toContain("Alice");
    expect(await deck.innerText()).toContain("June 13, 2025");
    expect(await itemRow(page, "Review the hiring plan").innerText()).toContain("June 16, 2025");
    await page.getByRole("list", { name: "Meeting information" }).getByText("2 Action Items").waitFor();
    await page.getByText(/Transcript: openai\/whisper-1 · Summary: built-in\/rules-v\d+/).waitFor();

    const m = await apiMeeting();
    expect(m).toMatchObject({
      status: "completed",
      transcriptEngine: "openai",
      transcriptModel: "whisper-1",
      durationSeconds: WAV_SECONDS,
    });
    const accepted = m.actionItems.filter((a: { suggested: boolean }) => !a.suggested);
    expect(accepted.map((a: { description: string; sourceStart: number | null }) => [a.description, a.sourceStart])).toEqual([
      ["Send the budget deck", 5.5],
      ["Review the hiring plan", 9],
    ]);
    expect(stt.received).toHaveLength(1);
  }, 120_000);

  it("serves the recording with range requests and plays it", async () => {
    const audio = player(page);
    await audio.waitFor({ state: "attached" });
    expect(await audio.getAttribute("src")).toBe(`/api/meetings/${meetingId}/media`);
    // The browser loaded its metadata: it knows the length of the recording.
    await expect.poll(() => audio.evaluate((a: HTMLMediaElement) => a.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const duration = await audio.evaluate((a: HTMLMediaElement) => a.duration);
    expect(Math.abs(duration - WAV_SECONDS)).toBeLessThanOrEqual(0.5);

    // The browser's own requests for the recording were answered with byte ranges.
    const size = wavBytes.length;
    expect(mediaResponses.length).toBeGreaterThan(0);
    const ranged = mediaResponses.filter((r) => r.status() === 206);
    expect(ranged.length).toBeGreaterThan(0);
    for (const r of ranged) expect(r.headers()["content-range"]).toMatch(new RegExp(`^bytes \\d+-\\d+/${size}$`));

    // Ranges asked for from the page with its session: exact bytes of the upload.
    const ask = (range?: string) =>
      page.evaluate(
        async ({ url, range }) => {
          const res = await fetch(url, { cache: "no-store", headers: range ? { range } : {} });
          const bytes = new Uint8Array(await res.arrayBuffer());
          return {
            status: res.status,
            contentRange: res.headers.get("content-range"),
            contentType: res.headers.get("content-type"),
            acceptRanges: res.headers.get("accept-ranges"),
            bytes: Array.from(bytes.length > 4096 ? bytes.subarray(0, 16) : bytes),
            length: bytes.length,
          };
        },
        { url: `/api/meetings/${meetingId}/media`, range },
      );
    const first = await ask("bytes=0-99");
    expect(first).toMatchObject({
      status: 206,
      contentRange: `bytes 0-99/${size}`,
      contentType: "audio/wav",
      acceptRanges: "bytes",
      length: 100,
    });
    expect(Buffer.from(first.bytes)).toEqual(wavBytes.subarray(0, 100));
    expect(Buffer.from(first.bytes.slice(0, 4)).toString("latin1")).toBe("RIFF");
    const middle = await ask("bytes=1000-1999");
    expect(middle).toMatchObject({ status: 206, contentRange: `bytes 1000-1999/${size}`, length: 1000 });
    expect(Buffer.from(middle.bytes)).toEqual(wavBytes.subarray(1000, 2000));
    const tail = await ask("bytes=-500");
    expect(tail).toMatchObject({ status: 206, contentRange: `bytes ${size - 500}-${size - 1}/${size}`, length: 500 });
    expect(Buffer.from(tail.bytes)).toEqual(wavBytes.subarray(size - 500));
    expect(await ask(`bytes=${size}-`)).toMatchObject({ status: 416, contentRange: `bytes */${size}` });
    expect(await ask()).toMatchObject({ status: 200, contentRange: null, acceptRanges: "bytes", length: size });
    // Not for anyone else.
    const other = await fetch(`${t.url}/api/meetings/${meetingId}/media`, { headers: { range: "bytes=0-99" } });
    expect(other.status).toBe(401);
  });

  it("seeks the player from the times in the transcript and on action items", async () => {
    const audio = player(page);
    await audio.evaluate((a: HTMLMediaElement) => {
      const w = window as unknown as { __seeks: number[] };
      w.__seeks = [];
      a.addEventListener("seeked", () => w.__seeks.push(a.currentTime));
    });
    const transcript = page.getByRole("region", { name: "Transcript" });

    const budgetAt = await seekWith(page, transcript.getByRole("button", { name: "Play from 00:02" }));
    expect(Math.abs(budgetAt - 2)).toBeLessThanOrEqual(0.5);
    // It plays from there (the click is the user gesture that allows it).
    await expect.poll(() => audio.evaluate((a: HTMLMediaElement) => !a.paused && a.currentTime > 2), { timeout: 15_000 }).toBe(true);

    const deckAt = await seekWith(page, itemRow(page, "Send the budget deck").getByRole("button", { name: "Play from 00:05" }));
    expect(Math.abs(deckAt - 5.5)).toBeLessThanOrEqual(0.5);
    const planAt = await seekWith(page, itemRow(page, "Review the hiring plan").getByRole("button", { name: "Play from 00:09" }));
    expect(Math.abs(planAt - 9)).toBeLessThanOrEqual(0.5);
    // Backwards works too.
    const backAt = await seekWith(page, transcript.getByRole("button", { name: "Play from 00:00" }));
    expect(Math.abs(backAt - 0.5)).toBeLessThanOrEqual(0.5);
    const lastAt = await seekWith(page, transcript.getByRole("button", { name: "Play from 00:14" }));
    expect(Math.abs(lastAt - 14)).toBeLessThanOrEqual(0.5);
    await audio.evaluate((a: HTMLMediaElement) => a.pause());
  });

  it("is accessible and looks right at desktop and phone widths when completed", async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "meeting-media-completed-1280");
    const phoneContext = await signedInContext({ width: 390, height: 844 });
    try {
      const phone = await phoneContext.newPage();
      await phone.goto(`/meetings/${meetingId}`);
      await itemRow(phone, "Send the budget deck").waitFor();
      await expect.poll(() => player(phone).evaluate((a: HTMLMediaElement) => a.readyState), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
      expect(await banner(phone).count()).toBe(0);
      expect(await axeViolations(phone)).toEqual([]);
      await screenshot(phone, "meeting-media-completed-390");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await phoneContext.close();
    }
    await context.close();
  });
});
