// Browser test of /upload: file drop zone (transcript, audio, wrong content, too large),
// the link form's validation and hints, accessibility, and screenshots of both tabs.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES } from "../contract/meetings";
import { makeSilence, makeWav } from "../server/src/media/test-fixtures";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

const FIXTURES = path.resolve("e2e/fixtures/upload");

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  [t, browser, tmp] = await Promise.all([startAppProcess(), launchBrowser(), fs.mkdtemp(path.join(os.tmpdir(), "upload-e2e-"))]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("uploader"));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** A browser context signed in as `client`'s user (its session cookie copied over). */
async function signedInPage(opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newSignedInContext(browser, t.url, client.cookie, opts);
  const page = await context.newPage();
  await page.goto("/upload");
  await page.getByRole("heading", { level: 1, name: "Upload Meeting Recording" }).waitFor();
  return { context, page };
}

const dropInput = (page: Page) => page.getByTestId("upload-dropzone").locator('input[type="file"]');
const meetingIdFromUrl = (url: string) => /\/meetings\/([^/?#]+)/.exec(url)?.[1] ?? "";

describe("upload page", () => {
  it("imports a .vtt transcript and lands on the meeting, which completes", async () => {
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(path.join(FIXTURES, "standup.vtt"));
      const title = page.getByLabel("Meeting Title");
      expect(await title.inputValue()).toBe("standup");
      // Transcripts run no speech model: the Nano switch is replaced by a note.
      expect(await page.getByText("Transcript files are imported as they are").isVisible()).toBe(true);
      expect(await page.getByRole("switch", { name: /Use Nano speech model/ }).count()).toBe(0);
      expect(await page.getByRole("switch", { name: "Use enhanced summary" }).getAttribute("aria-checked")).toBe("true");
      await title.fill("Launch standup");
      await page.getByRole("button", { name: "Upload and process" }).click();
      await page.waitForURL(/\/meetings\/[^/]+$/, { timeout: 20_000 });
      const id = meetingIdFromUrl(page.url());
      expect(id).not.toBe("");
      const m = await client.waitForMeeting(id, (x) => x.status === "completed" || x.status === "failed");
      expect(m.status).toBe("completed");
      expect(m.title).toBe("Launch standup");
      expect(m.sourceType).toBe("transcript_import");
      expect(m.speakers).toEqual(expect.arrayContaining(["Maria Lopez", "Sam Park"]));
    } finally {
      await context.close();
    }
  });

  it("uploads a .wav with the chosen options; with no speech model it fails cleanly", async () => {
    const wav = await makeWav(path.join(tmp, "Team sync.wav"), 2);
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(wav);
      expect(await page.getByLabel("Meeting Title").inputValue()).toBe("Team sync");
      const nano = page.getByRole("switch", { name: "Use Nano speech model (faster, more cost-effective)" });
      expect(await nano.getAttribute("aria-checked")).toBe("true");
      await nano.click(); // most accurate model
      expect(await nano.getAttribute("aria-checked")).toBe("false");
      await page.getByLabel("Number of speakers").click();
      await page.getByRole("option", { name: "2", exact: true }).click();
      await page.getByLabel("Spoken language").click();
      await page.getByRole("option", { name: "German", exact: true }).click();
      await page.getByLabel("Meeting date").fill("2025-06-11");
      await page.getByRole("button", { name: "Upload and process" }).click();
      await page.waitForURL(/\/meetings\/[^/]+$/, { timeout: 20_000 });
      const m = await client.waitForMeeting(meetingIdFromUrl(page.url()), (x) => x.status === "failed" || x.status === "completed");
      expect(m.status).toBe("failed");
      expect(m.error).toContain("Settings → Models");
      expect(m.error).toContain("Parakeet-TDT 0.6B v3"); // German → the European multilingual model
      // The page shows the models needed, their size, and no server path.
      const alert = page.getByRole("alert").filter({ hasText: "Processing failed" });
      await alert.getByText(/This recording needs \d speech models .* to download/).waitFor();
      expect(await alert.innerText()).not.toMatch(/\/(tmp|home|work|var)\//);
      expect(m.nano).toBe(false);
      expect(m.enhancedSummary).toBe(true);
      expect(m.sourceType).toBe("file_upload");
      expect(m.recordedAt.slice(0, 10)).toBe("2025-06-11");
    } finally {
      await context.close();
    }
  });

  it("shows the server's reason and the tips when the content is not what the name says", async () => {
    const fake = path.join(tmp, "notes.mp3");
    await fs.copyFile(path.join(FIXTURES, "not-audio.txt"), fake);
    const before = (await client.get("/api/meetings")).json.meetings.length;
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(fake);
      await page.getByRole("button", { name: "Upload and process" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Upload failed" });
      await alert.waitFor({ timeout: 15_000 });
      const text = await alert.innerText();
      // Tips for a file that is not playable media (compressing or splitting it would not help).
      expect(text).toMatch(/plays on your computer/);
      expect(text).toMatch(/'Meeting Link'/);
      expect(text).not.toMatch(/Compress the file|Split a long recording/);
      await page.evaluate(() => window.scrollTo(0, 0)); // keeps the fixed header on top in a full-page shot
      await screenshot(page, "upload-error-1280");
      // The alert carries the server's own message for this file.
      const res = await client.post(
        "/api/meetings",
        (() => {
          const fd = new FormData();
          fd.append("file", new Blob(["These are plain meeting notes"]), "notes.mp3");
          return fd;
        })(),
      );
      expect(res.status).toBe(422);
      expect(text).toContain(res.json.error.message);
      expect(page.url()).toMatch(/\/upload$/);
      // Nothing is left behind by the refused upload.
      expect((await client.get("/api/meetings")).json.meetings.length).toBe(before);
      // The tip's link switches to the link form.
      await alert.getByRole("button", { name: "'Meeting Link'" }).click();
      await page.getByLabel("Meeting Recording URL").waitFor();
    } finally {
      await context.close();
    }
  });

  it("gives an empty transcript file tips about the file, not about compressing, links or splitting", async () => {
    const empty = path.join(tmp, "empty.vtt");
    await fs.writeFile(empty, "WEBVTT\n\n");
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(empty);
      await page.getByRole("button", { name: "Upload and process" }).click();
      const alert = page.getByRole("alert").filter({ hasText: "Upload failed" });
      await alert.waitFor({ timeout: 15_000 });
      const text = await alert.innerText();
      expect(text).toContain("without any cues");
      expect(text).toMatch(/text editor/);
      expect(text).toMatch(/Download the transcript again from the meeting tool/);
      expect(text).not.toMatch(/Compress|Split|'Meeting Link'/);
    } finally {
      await context.close();
    }
  });

  it("refuses a file over 100 MB in the browser with the 'File too large' toast", async () => {
    const big = path.join(tmp, "huge.mp4");
    const handle = await fs.open(big, "w");
    await handle.close();
    await fs.truncate(big, MAX_UPLOAD_BYTES + 1); // sparse: costs no disk
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(big);
      const toast = page.locator("[data-sonner-toast]").filter({ hasText: "File too large" });
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.innerText()).toContain(FILE_TOO_LARGE_MESSAGE);
      expect(await page.getByText(`File is larger than ${MAX_UPLOAD_BYTES} bytes`).isVisible()).toBe(true); // the default MAX_UPLOAD_MB
      expect(await page.getByRole("button", { name: "Upload and process" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("says which files the drop zone takes", async () => {
    const odd = path.join(tmp, "slides.pdf");
    await fs.writeFile(odd, "%PDF-1.4");
    const { context, page } = await signedInPage();
    try {
      await dropInput(page).setInputFiles(odd);
      await page.getByText(/^File type must be one of \.mp3, \.wav, \.m4a, \.mp4, \.mov, \.avi, \.vtt, \.srt, \.txt/).waitFor();
      expect(await page.getByRole("button", { name: "Upload and process" }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("validates the link form and gives live hints", async () => {
    const { context, page } = await signedInPage();
    try {
      await page.getByRole("tab", { name: "Meeting Link" }).click();
      const urlInput = page.getByLabel("Meeting Recording URL");
      const button = page.getByRole("button", { name: "Process Link" });
      expect(
        await page
          .getByText("A direct link to a recording file, or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link")
          .isVisible(),
      ).toBe(true);
      expect(await button.isDisabled()).toBe(true);

      await urlInput.fill("   ");
      await button.click();
      await page.getByText("Please enter a meeting link").waitFor();
      expect(await page.getByText("Please enter a meeting title").isVisible()).toBe(true);

      await urlInput.fill("ftp://x");
      await page.getByLabel("Meeting Title").fill("Planning");
      await button.click();
      await page.getByText("Please enter a valid URL starting with http:// or https://").waitFor();

      // A Zoom page cannot be downloaded by a server: the note says how to bring the recording in.
      await urlInput.fill("https://us02web.zoom.us/rec/share/abc123");
      await page.getByTestId("link-advisory").filter({ hasText: "Download the recording from Zoom (Recordings → Download)" }).waitFor();
      expect(await page.getByText(/Recognized Zoom link/).count()).toBe(0);

      await urlInput.fill("https://drive.google.com/file/d/1AbCdEfGhIjK/view?usp=sharing");
      await page.getByTestId("link-advisory").filter({ hasText: "Recognized Google Drive share link." }).waitFor();

      await urlInput.fill("https://files.example.com/weekly.mp3");
      await page.getByTestId("link-advisory").filter({ hasText: "Direct media file link detected" }).waitFor();

      await urlInput.fill("https://example.com/page");
      await page
        .getByTestId("link-advisory")
        .filter({
          hasText:
            "Make sure this is a direct link to a recording file, or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link.",
        })
        .waitFor();

      await urlInput.fill("http://a.b"); // 10 characters: no hint yet
      expect(await page.getByTestId("link-advisory").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("offers 'Retry processing' only where a retry can help, and says why the transcript is missing", async () => {
    const upload = async (file: string) => {
      const fd = new FormData();
      fd.append("file", new Blob([await fs.readFile(file)], { type: "audio/wav" }), path.basename(file));
      const r = await client.post("/api/meetings", fd);
      expect(r.status).toBe(201);
      return client.waitForMeeting(r.json.id, (x) => x.status === "failed");
    };
    const silent = await upload(await makeSilence(path.join(tmp, "Silent.wav"), 2));
    const noModel = await upload(await makeWav(path.join(tmp, "Needs models.wav"), 2));
    expect([silent.canRetry, noModel.canRetry]).toEqual([false, true]);
    const { context, page } = await signedInPage();
    try {
      await page.goto(`/meetings/${silent.id}`);
      const alert = page.getByRole("alert").filter({ hasText: "Processing failed" });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(silent.error);
      expect(await page.getByRole("button", { name: "Retry processing" }).count()).toBe(0);
      // The spec's texts, and beneath them that processing failed.
      await page.getByText("No transcript available for this meeting.").waitFor();
      await page.getByText("No summary available for this meeting.").waitFor();
      await page.getByText("Processing failed before the transcript was written.").waitFor();
      await page.goto(`/meetings/${noModel.id}`);
      await page.getByRole("button", { name: "Retry processing" }).waitFor();
      // The dashboard's Transcript tab: the spec's text, with the failure's reason beneath.
      await page.goto("/dashboard");
      await page
        .getByRole("list", { name: "Meeting list" })
        .getByRole("button", { name: /Silent/ })
        .click();
      await page.getByRole("heading", { level: 2, name: "Silent" }).waitFor();
      await page.getByRole("tab", { name: "Transcript" }).click();
      await page
        .getByRole("tabpanel")
        .getByText("This meeting has not been processed yet. The transcript will appear here after processing is complete.")
        .waitFor();
      await page.getByRole("tabpanel").getByText(`Processing failed: ${silent.error}`).waitFor();
    } finally {
      await context.close();
    }
  });

  it("refuses a link to a private address at once, with the reason next to the field, and creates no meeting", async () => {
    const before = (await client.get("/api/meetings")).json.meetings.length;
    const { context, page } = await signedInPage();
    try {
      await page.getByRole("tab", { name: "Meeting Link" }).click();
      await page.getByLabel("Meeting Recording URL").fill("http://127.0.0.1:9/recording.mp3");
      await page.getByLabel("Meeting Title").fill("Linked call");
      await page.getByRole("button", { name: "Process Link" }).click();
      await page.locator("[data-sonner-toast]").filter({ hasText: "Failed to process meeting link" }).waitFor();
      await page
        .getByRole("alert")
        .filter({ hasText: /private or internal network address/ })
        .waitFor();
      expect(await page.locator("[data-sonner-toast]").filter({ hasText: "Meeting link processed successfully" }).count()).toBe(0);
      expect(page.url()).toMatch(/\/upload$/);
      expect((await client.get("/api/meetings")).json.meetings.length).toBe(before);
    } finally {
      await context.close();
    }
  });

  it("has no serious accessibility problems and looks right at desktop and phone widths", async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await signedInPage({ width, height: width > 500 ? 900 : 844 });
      try {
        await dropInput(page).setInputFiles(path.join(FIXTURES, "standup.vtt"));
        await page.getByLabel("Meeting Title").waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `upload-file-${width}`);
        // The options for a recording (Nano switch, number of speakers), too.
        const wav = await makeWav(path.join(tmp, `Board review ${width}.wav`), 1);
        await dropInput(page).setInputFiles(wav);
        await page.getByRole("switch", { name: /Use Nano speech model/ }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `upload-file-audio-${width}`);

        await page.getByRole("tab", { name: "Meeting Link" }).click();
        await page.getByLabel("Meeting Recording URL").fill("https://zoom.us/rec/share/abc123");
        await page.getByTestId("link-advisory").waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `upload-link-${width}`);
        // No sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    }
  });
});
