// The local speech engine end to end in the browser, as users run the app (npm start's
// production server, MODELS_DIR pointing at the models test/speech-models builds): a real
// two-speaker recording uploaded through the upload page is transcribed by sherpa-onnx in
// its worker, and the meeting page shows the transcript with speaker labels and times.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { CORPUS_REAL, corpusAvailable } from "../test/speech-models/audio";
import { installSpeechFixtures } from "../test/speech-models/install";
import { transcriptProblems } from "../test/speech-models/invariants";
import { launchBrowser, newSignedInContext, screenshot } from "./browser";

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "local-speech-e2e-"));
  const modelsDir = path.join(tmp, "models");
  await installSpeechFixtures(modelsDir);
  [t, browser] = await Promise.all([
    startAppProcess({ SPEECH_ENGINE: "local", MODELS_DIR: modelsDir, MODELS_AUTO_DOWNLOAD: "false", SPEECH_THREADS: "2" }),
    launchBrowser(),
  ]);
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("listener"));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe.skipIf(!corpusAvailable())("local speech engine in the browser", () => {
  it("uploads a real two-speaker recording; the meeting page shows its transcript with speakers and times", async () => {
    const context = await newSignedInContext(browser, t.url, client.cookie);
    const page = await context.newPage();
    try {
      await page.goto("/upload");
      const clip = path.join(tmp, "Design review.wav");
      await fs.copyFile(path.join(CORPUS_REAL, "pyannote-sample/sample.wav"), clip);
      await page.getByTestId("upload-dropzone").locator('input[type="file"]').setInputFiles(clip);
      await page.getByRole("switch", { name: /Use Nano speech model/ }).click(); // Parakeet: word times
      await page.getByLabel("Number of speakers").click();
      await page.getByRole("option", { name: "2", exact: true }).click();
      await page.getByRole("button", { name: "Upload and process" }).click();
      await page.waitForURL(/\/meetings\/[^/]+$/, { timeout: 20_000 });
      const id = /\/meetings\/([^/?#]+)/.exec(page.url())![1]!;

      const m = await client.waitCompleted(id, 120_000);
      expect(m.transcriptEngine).toBe("local");
      expect(transcriptProblems(m.utterances, 30, 2)).toEqual([]);

      // The page follows the meeting's events to the finished transcript.
      const transcript = page.getByRole("region", { name: "Transcript" }).or(page.getByLabel("Transcript"));
      await page.getByText(m.utterances[0].speaker, { exact: true }).first().waitFor({ timeout: 30_000 });
      const shown = await transcript.first().innerText();
      for (const u of m.utterances.slice(0, 3)) {
        expect(shown).toContain(u.speaker);
        const s = Math.floor(u.start);
        expect(shown).toContain(`[${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}]`);
        expect(shown).toContain(u.text.slice(0, 40));
      }
      await screenshot(page, "local-speech-meeting-1280");
    } finally {
      await context.close();
    }
  });
});
