// The local language model as a user sees it, with the app run as `npm start` runs it: a long
// transcript import shows "Writing notes: chunk k of n" live on the meeting page, then the
// notes the model wrote and "Summary: local/<model>" at the bottom; Settings lists the
// language models with the command that installs them. The model is the tiny random-weight
// qwen3 GGUF the tests build (test/tiny-gguf.ts, Qwen3-1.7B's chat template), so the words are nonsense; the path is real.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, uniqueEmail } from "../test/app";
import { startAppProcess, type AppProcess } from "../test/app-process";
import { QWEN3_HYBRID_TEMPLATE } from "../test/qwen3-templates";
import { writeTinyQwen3Gguf } from "../test/tiny-gguf";
import { axeViolations, launchBrowser, newSignedInContext, screenshot } from "./browser";

let t: AppProcess;
let client: TestClient;
let browser: Browser;
let dir: string;

function longMeeting(turns: number): string {
  const lines: [string, string][] = [
    ["Ana Reyes", "Ben, can you send the budget to finance by Friday? We need it before the board meeting."],
    ["Ben Stone", "Sure, I will send the budget to finance by Friday and copy you on the email."],
    ["Ana Reyes", "Good. We agreed to go with the smaller venue for the offsite, it is cheaper and closer."],
    ["Cara Diaz", "I will book the smaller venue next week and tell everyone about the new dates."],
  ];
  const cues = Array.from({ length: turns }, (_, i) => {
    const [who, text] = lines[i % lines.length] ?? ["", ""];
    const ts = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
    return `${ts(i * 5)} --> ${ts(i * 5 + 4)}\n<v ${who}>${text}</v>`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "minutes-e2e-llm-"));
  const model = path.join(dir, "tiny.gguf");
  await writeTinyQwen3Gguf(model, { chatTemplate: QWEN3_HYBRID_TEMPLATE, contextLength: 16384 });
  // A small context makes the meeting several chunks, so the progress is there to see.
  t = await startAppProcess({ LOCAL_LLM_MODEL: model, LOCAL_LLM_THREADS: "1", LOCAL_LLM_CONTEXT: "4096" });
  client = new TestClient(t.url);
  await client.signUp(uniqueEmail("llm"), "secret123", "Ana Reyes");
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("local language model notes in the browser", () => {
  it("shows 'chunk k of n' while writing, then the notes and which model wrote them", async () => {
    const id = await client.importTranscript("offsite.vtt", longMeeting(160), "Offsite planning");
    const ctx = await newSignedInContext(browser, t.url, client.cookie, { width: 1280, height: 900 });
    const page = await ctx.newPage();
    await page.goto(`/meetings/${id}`);
    const status = page.getByRole("status").filter({ hasText: /Writing notes: chunk \d+ of \d+/ });
    await status.waitFor({ timeout: 60_000 });
    await screenshot(page, "local-notes-progress");
    await page.getByText("Summary: local/tiny.gguf").waitFor({ timeout: 120_000 });
    expect(await page.getByRole("heading", { name: "Summary" }).count()).toBe(1);
    expect(await page.getByText(/built-in notes are shown/).count()).toBe(0);
    await screenshot(page, "local-notes-done");
    expect(await axeViolations(page)).toEqual([]);

    await page.goto("/settings?tab=models");
    await page.getByText("Language models for the notes").waitFor();
    // Not installed (a stand-in model wrote the notes): its size, and its files under "Without internet access".
    expect(await page.getByText("Qwen3 1.7B (Q4_K_M) - notes on 2-4 CPU cores").count()).toBeGreaterThan(0);
    expect(await page.getByText("(qwen3-1.7b-q4_k_m)").count()).toBe(1);
    await screenshot(page, "settings-language-models");
    await ctx.close();
  });
});
