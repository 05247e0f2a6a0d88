// Real llama.cpp inference on tiny random-weight models built here (test/tiny-gguf.ts) with
// Qwen3's architecture and the real chat templates of the two catalogue models: the same worker,
// chat wrapper, sampling, grammar, parsing and merging a real model goes through. Random weights
// write nonsense, so the tests check the path, the prompts and the shapes, not the words. What a
// random model cannot do on cue (an answer cut off for one chunk) runs on a scripted worker.
import { once } from "node:events";
import { mkdtemp, mkdir, rm, truncate, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Template } from "@huggingface/jinja";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Transcript } from "../../../../../contract/transcript";
import { sha256File } from "../../speech/models/manager";
import type { CatalogueModel } from "../../speech/models/catalogue";
import { QWEN3_HYBRID_TEMPLATE, QWEN3_INSTRUCT_2507_TEMPLATE } from "../../../../../test/qwen3-templates";
import { writeTinyQwen3Gguf } from "../../../../../test/tiny-gguf";
import { fromRoot } from "../../../paths";
import { workerScript } from "../../../workers/child-process";
import { NOTES_ON_THREAD_CHARS } from "../built-in-notes";
import { sourceOf } from "../summarizer";
import { lineText } from "./chunking";
import { AppError, isRetryable } from "../../../core/errors";
import { LlmEngineError } from "./llama-client";
import { LocalLlmSummarizer, type LocalLlmOptions } from "./local-summarizer";
import { chunkSystemPrompt, chunkUserPrompt } from "./notes-schema";
import { QWEN3_NON_THINKING } from "./sampling";

const writeTinyModel = (file: string, options: { contextLength?: number; seed?: number } = {}) =>
  writeTinyQwen3Gguf(file, { chatTemplate: QWEN3_HYBRID_TEMPLATE, ...options });

let dir: string;
let modelPath: string;
let instructPath: string;
let options: LocalLlmOptions;

const lines: [string, string][] = [
  ["Ana Reyes", "Ben, can you send the budget to finance by Friday?"],
  ["Ben Stone", "Sure, I will send the budget to finance by Friday."],
  ["Ana Reyes", "We agreed to go with the smaller venue for the offsite."],
  ["Cara Diaz", "I will book the smaller venue next week and tell everyone."],
];
function meeting(repeats: number): Transcript {
  const utterances = Array.from({ length: repeats }, (_, r) =>
    lines.map(([speaker, text], i) => ({ speaker, text, start: (r * 4 + i) * 10, end: (r * 4 + i) * 10 + 8 })),
  ).flat();
  return { text: utterances.map((u) => u.text).join("\n"), utterances, language: "en" };
}
/** A catalogue of one language model, "tiny", a single GGUF file. */
function tinyCatalogue(url: string, sha256: string | null): CatalogueModel[] {
  return [
    {
      id: "tiny",
      name: "Tiny",
      purpose: "llm",
      languages: ["*"],
      sizeBytes: null,
      approxBytes: null,
      url,
      sha256: null,
      format: "file",
      fileName: "model.gguf",
      licence: "MIT",
      files: [{ path: "model.gguf", size: null, sha256 }],
    },
  ];
}
const summarizeOptions = { meetingDate: new Date("2025-04-08T12:00:00Z"), enhanced: true, title: "Budget sync" };

/** The chat template rendered as transformers renders it (Jinja), for the prompt of meeting(1). */
function renderTemplate(template: string, extra: Record<string, unknown>): string {
  const participants = [...new Set(lines.map(([speaker]) => speaker))].map((label) => ({ label, name: null }));
  const user = chunkUserPrompt({
    ...summarizeOptions,
    part: 1,
    parts: 1,
    participants,
    language: "English",
    transcript: lines.map(([speaker, text]) => `${speaker}: ${text}`).join("\n"),
  });
  const messages = [
    { role: "system", content: chunkSystemPrompt("English") },
    { role: "user", content: user },
  ];
  return new Template(template).render({ messages, add_generation_prompt: true, ...extra });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "minutes-llm-"));
  modelPath = path.join(dir, "tiny.gguf");
  await writeTinyModel(modelPath, { contextLength: 16384 });
  instructPath = path.join(dir, "tiny-instruct-2507.gguf");
  await writeTinyQwen3Gguf(instructPath, { chatTemplate: QWEN3_INSTRUCT_2507_TEMPLATE, contextLength: 16384 });
  // One thread: the tiny model's work per token is so small that thread hand-offs dominate.
  options = { modelsDir: path.join(dir, "models"), model: modelPath, threads: 1, contextSize: 8192, gpu: false, autoDownload: false };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("LocalLlmSummarizer with a tiny real model", () => {
  it("writes notes through grammar-constrained generation in the worker", async () => {
    const s = new LocalLlmSummarizer(options);
    const details: string[] = [];
    const r = await s.summarize(meeting(1), { ...summarizeOptions, onProgress: (_f, d) => details.push(d) });
    expect(r.note).toBeNull();
    expect(r.engine).toBe("local");
    expect(r.model).toBe("tiny.gguf");
    expect(r.notes.overview.trim().length + r.notes.keyPoints.length).toBeGreaterThan(0);
    expect(Array.isArray(r.notes.decisions) && Array.isArray(r.actionItems)).toBe(true);
    expect(details[0]).toBe("Loading the language model");
    expect(details).toContain("Writing notes");
    expect(s.lastStats).toMatchObject({ chunks: 1, contextSize: 8192 });
    expect(s.lastStats!.outputTokens).toBeGreaterThan(0);
    expect(s.lastStats!.peakRssBytes).toBeGreaterThan(0);
  });

  it("renders the hybrid Qwen3 prompt as its template does with enable_thinking=false, and samples as configured", async () => {
    const s = new LocalLlmSummarizer({ ...options, echoContext: true });
    const r = await s.summarize(meeting(1), summarizeOptions);
    expect(r.engine).toBe("local");
    const st = s.lastStats!;
    expect(st.chatWrapper).toEqual({ name: "Qwen", thoughts: "discourage" });
    // What llama.cpp evaluated: the template's own rendering (thinking switched off) and then the answer.
    const expected = renderTemplate(QWEN3_HYBRID_TEMPLATE, { enable_thinking: false });
    expect(expected.endsWith("<|im_start|>assistant\n<think>\n\n</think>\n\n")).toBe(true);
    const context = st.contexts![0]!;
    expect(context.startsWith(expected)).toBe(true);
    expect(context.slice(expected.length).trimStart().startsWith("{")).toBe(true);
    // Never greedy by default: Qwen's non-thinking settings reached llama.cpp's sampler.
    expect(st.sampling).toEqual(QWEN3_NON_THINKING);
    expect(st.sampling.temperature).toBeGreaterThan(0);
    expect(st.sampler).toEqual({
      temperature: 0.7,
      topK: 20,
      topP: 0.8,
      minP: 0,
      seed: 1001,
      repeatPenalty: 1,
      presencePenalty: 1,
      frequencyPenalty: 0,
      penaltyLastTokens: 64,
      grammar: true,
    });
  });

  it("gives Qwen3-4B-Instruct-2507's template no think block, and passes configured sampling to llama.cpp", async () => {
    const sampling = { temperature: 0.3, topK: 5, topP: 0.9, minP: 0.05, presencePenalty: 1.5 };
    const s = new LocalLlmSummarizer({ ...options, model: instructPath, sampling, echoContext: true });
    const r = await s.summarize(meeting(1), summarizeOptions);
    expect(r.engine).toBe("local");
    const st = s.lastStats!;
    expect(st.chatWrapper).toEqual({ name: "Qwen", thoughts: "auto" });
    const expected = renderTemplate(QWEN3_INSTRUCT_2507_TEMPLATE, {});
    expect(expected.endsWith("<|im_start|>assistant\n")).toBe(true);
    const context = st.contexts![0]!;
    expect(context.startsWith(expected)).toBe(true);
    expect(context).not.toContain("<think>");
    expect(st.sampler).toMatchObject({ temperature: 0.3, topK: 5, topP: 0.9, presencePenalty: 1.5, grammar: true });
    expect(st.sampler!.minP).toBeCloseTo(0.05);
  });

  it("splits a long meeting into overlapping chunks, reports 'chunk k of n' and merges", async () => {
    const s = new LocalLlmSummarizer({ ...options, contextSize: 3072, maxOutputTokens: 600 });
    const details: string[] = [];
    const r = await s.summarize(meeting(12), { ...summarizeOptions, onProgress: (_f, d) => details.push(d) });
    expect(r.note).toBeNull();
    expect(r.engine).toBe("local");
    const n = s.lastStats!.chunks;
    expect(n).toBeGreaterThan(1);
    expect(details).toContain(`Writing notes: chunk 1 of ${n}`);
    expect(details).toContain(`Writing notes: chunk ${n} of ${n}`);
    expect(details).toContain("Merging the notes");
  });

  it("fails with a clear message on a truncated model file, and on a file that is not a model", async () => {
    const truncated = path.join(dir, "truncated.gguf");
    await writeTinyModel(truncated);
    await truncate(truncated, 4000);
    const err = await new LocalLlmSummarizer({ ...options, model: truncated }).summarize(meeting(1), summarizeOptions).catch((e) => e);
    expect(err).toBeInstanceOf(LlmEngineError);
    expect(err.code).toBe("CORRUPT");
    expect(err.message).toMatch(
      /^The local language model truncated\.gguf could not be loaded: .+\. The notes were not written\. Check that LOCAL_LLM_MODEL points at a complete GGUF file\.$/,
    );

    const notGguf = path.join(dir, "notes.gguf");
    await writeFile(notGguf, "these are not model weights ".repeat(100));
    const err2 = await new LocalLlmSummarizer({ ...options, model: notGguf }).summarize(meeting(1), summarizeOptions).catch((e) => e);
    expect(err2).toBeInstanceOf(LlmEngineError);
    expect(err2.code).toBe("CORRUPT");
    expect(err2.message).toMatch(/notes\.gguf could not be loaded/);
  });

  it("refuses a catalogue model whose file no longer matches its checksum, before loading it", async () => {
    const sha = await sha256File(modelPath);
    const catalogue = tinyCatalogue("http://127.0.0.1:9/tiny.gguf", sha);
    await mkdir(path.join(options.modelsDir, "tiny"), { recursive: true });
    await writeTinyModel(path.join(options.modelsDir, "tiny", "model.gguf"), { seed: 7 });
    const err = await new LocalLlmSummarizer({ ...options, model: "tiny", catalogue })
      .summarize(meeting(1), summarizeOptions)
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmEngineError);
    expect(err.message).toMatch(
      /^The local language model Tiny \(tiny\) is damaged: model\.gguf has sha256 \w+, expected \w+\. It was not loaded.*The owner of this server can reinstall it \(Settings → Models says how\)/,
    );
  });

  it("falls back to the built-in notes and says so when no model is installed", async () => {
    const r = await new LocalLlmSummarizer({ ...options, model: "auto" }).summarize(meeting(1), summarizeOptions);
    expect(r.engine).toBe("built-in");
    expect(r.note).toMatch(
      /No local language model is installed, so the built-in notes are shown\. The owner of this server can install one under Settings → Models/,
    );
    expect(r.actionItems.length).toBeGreaterThan(0);
  });

  it("says the download failed, not that it is running, when the model cannot be downloaded (offline)", async () => {
    // A port that was free a moment ago: the connection is refused at once, as on a machine without a network.
    const server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    const catalogue = tinyCatalogue(`http://127.0.0.1:${port}/tiny.gguf`, null);
    const modelsDir = path.join(dir, "offline-models");
    const r = await new LocalLlmSummarizer({ ...options, modelsDir, model: "tiny", catalogue, autoDownload: true }).summarize(
      meeting(1),
      summarizeOptions,
    );
    expect(r.engine).toBe("built-in");
    expect(r.note).toBe(
      "The local language model Tiny is not installed, and downloading it failed (this server could not reach the download site), so the built-in notes are shown. " +
        "The owner of this server can install it under Settings → Models, which also says how to copy it in by hand, then use 'Regenerate summary'.",
    );
  });
});

describe("LocalLlmSummarizer when an answer is cut off mid-JSON (scripted worker)", () => {
  const fake = workerScript(pathToFileURL(fromRoot("test/fakes/fake-llama-worker.ts")));
  const FRUIT = ["none", "apples", "bananas", "cherries", "dates", "elderberries", "figs", "grapes", "kiwis", "lemons", "mangoes"];
  const fakeOptions = (): LocalLlmOptions => ({
    ...options,
    contextSize: 1024,
    maxOutputTokens: 300,
    workerScript: fake,
    echoContext: true,
  });
  const participants = [
    { label: "Ana Reyes", name: null },
    { label: "Speaker B", name: "Benjamin Stone" },
    { label: "Cara Diaz", name: null },
  ];
  const renamed = (repeats: number): Transcript => {
    const t = meeting(repeats);
    const utterances = t.utterances.map((u) => (u.speaker === "Ben Stone" ? { ...u, speaker: "Speaker B" } : u));
    return { ...t, utterances };
  };
  afterEach(() => {
    delete process.env.FAKE_LLAMA_CUT_PART;
    delete process.env.FAKE_LLAMA_CUT_TRIES;
  });

  it("asks again with another seed and keeps every chunk's notes", async () => {
    process.env.FAKE_LLAMA_CUT_PART = "2";
    const s = new LocalLlmSummarizer(fakeOptions());
    const r = await s.summarize(renamed(12), { ...summarizeOptions, participants });
    const st = s.lastStats!;
    expect(st.chunks).toBeGreaterThanOrEqual(3);
    expect(st.retries).toBe(1);
    expect(st.builtInParts).toEqual([]);
    expect(r.note).toBeNull();
    expect(r.engine).toBe("local");
    // Part 2 was asked twice, with two seeds.
    const seeds = st.contexts!.filter((c) => c.includes("Part 2 of")).map((c) => /^seed=(\d+)/.exec(c)?.[1]);
    expect(seeds).toHaveLength(2);
    expect(new Set(seeds).size).toBe(2);
    const decided = r.notes.decisions.map((d) => d.text);
    for (let k = 1; k <= st.chunks; k++) expect(decided).toContain(`Decision about ${FRUIT[k]}`);
    // "Ben" is Benjamin Stone, who speaks as "Speaker B".
    expect(r.actionItems.find((a) => a.task === "Write the bananas report")?.assignee).toBe("Speaker B");
  });

  it("gives only the chunk that fails twice the built-in notes, and keeps the others' notes", async () => {
    process.env.FAKE_LLAMA_CUT_PART = "2";
    process.env.FAKE_LLAMA_CUT_TRIES = "2";
    const s = new LocalLlmSummarizer(fakeOptions());
    const r = await s.summarize(renamed(12), { ...summarizeOptions, participants });
    const st = s.lastStats!;
    const n = st.chunks;
    expect(st.builtInParts).toEqual([2]);
    expect(r.engine).toBe("local");
    expect(r.note).toBe(
      `The language model's answer for part 2 of ${n} could not be used (the language model's answer was cut off or was not valid JSON, twice), so the built-in notes are shown for that part.`,
    );
    const decided = r.notes.decisions.map((d) => d.text);
    for (let k = 1; k <= n; k++) {
      if (k === 2) expect(decided).not.toContain("Decision about bananas");
      else expect(decided).toContain(`Decision about ${FRUIT[k]}`);
    }
    expect(r.actionItems.map((a) => a.task)).not.toContain("Write the bananas report");
    expect(r.actionItems.map((a) => a.task)).toContain("Write the apples report");
    expect(r.notes.keyPoints.map((p) => p.text)).not.toContain("Key point about bananas");
    // Part 2's own items come from the built-in rules, over that part's lines only.
    expect(r.actionItems.some((a) => /budget|venue/i.test(a.task))).toBe(true);
  });

  it("never parses a large meeting's turns on the job's thread: the worker plans, the CPU task places the notes (decision 052)", async () => {
    const big = renamed(600); // 2,400 turns, about 230,000 characters of turns' JSON
    const source = sourceOf(big);
    expect(source.utterancesJson.length).toBeGreaterThan(10 * NOTES_ON_THREAD_CHARS);
    // JSON.parse on this thread (the job's; in the default mode the web process's) of a text the size of a
    // meeting's turns: the old engine parsed them all here before planning.
    const parse = JSON.parse.bind(JSON);
    let bigParses = 0;
    const spy = vi.spyOn(JSON, "parse").mockImplementation(((text: string, ...rest: never[]) => {
      if (typeof text === "string" && text.length >= NOTES_ON_THREAD_CHARS) bigParses++;
      return parse(text, ...rest);
    }) as typeof JSON.parse);
    const s = new LocalLlmSummarizer({ ...fakeOptions(), contextSize: 8192, maxOutputTokens: 600, echoContext: false });
    const details: string[] = [];
    let r;
    try {
      r = await s.summarize(source, { ...summarizeOptions, participants, onProgress: (_f, d) => details.push(d) });
    } finally {
      spy.mockRestore();
    }
    expect(bigParses).toBe(0);
    // The same plan and notes as before: every line counted (the fake counts a token per 4 characters), every
    // chunk's notes kept, owners mapped to the people who spoke, items placed on the turns they were said in.
    const st = s.lastStats!;
    expect(st.transcriptTokens).toBe(big.utterances.reduce((n, u) => n + Math.ceil(lineText(u).length / 4), 0));
    expect(st.chunks).toBeGreaterThan(3);
    expect(details).toContain(`Writing notes: chunk ${st.chunks} of ${st.chunks}`);
    expect(r.engine).toBe("local");
    expect(r.note).toBeNull();
    const decided = r.notes.decisions.map((d) => d.text);
    for (let k = 1; k <= Math.min(st.chunks, 10); k++) expect(decided).toContain(`Decision about ${FRUIT[k]}`);
    const apples = r.actionItems.find((a) => a.task === "Write the apples report");
    expect(apples?.assignee).toBe("Speaker B");
    expect(r.notes.overview).toBe("Overview of the whole meeting");
  });

  it("ends with TOO_COMPLEX, not retryable, when a meeting is too large for the CPU task budget: the queue does not try it again", async () => {
    const s = new LocalLlmSummarizer({
      ...fakeOptions(),
      contextSize: 8192,
      maxOutputTokens: 600,
      cpuBudget: { timeoutSeconds: 0.001, memoryMb: 256 },
    });
    const err = await s.summarize(sourceOf(renamed(600)), { ...summarizeOptions, participants }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect(isRetryable(err)).toBe(false);
    expect((err as AppError).message).toMatch(/too large or too repetitive to summarise within the server's limit/);
  });
});
