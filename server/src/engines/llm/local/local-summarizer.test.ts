// Real llama.cpp inference on a tiny random-weight model built here (test/tiny-gguf.ts): the
// same worker, grammar, parsing and merging a real model goes through. Random weights write
// nonsense, so the tests check the path and the shapes, not the words.
import { once } from "node:events";
import { mkdtemp, mkdir, rm, truncate, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transcript } from "../../../../../contract/transcript";
import { sha256File } from "../../speech/models/manager";
import type { CatalogueModel } from "../../speech/models/catalogue";
import { writeTinyLlamaGguf } from "../../../../../test/tiny-gguf";
import { LlmEngineError } from "./llama-client";
import { LocalLlmSummarizer, type LocalLlmOptions } from "./local-summarizer";

let dir: string;
let modelPath: string;
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

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "minutes-llm-"));
  modelPath = path.join(dir, "tiny.gguf");
  await writeTinyLlamaGguf(modelPath, { contextLength: 16384 });
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
    expect(r.summary.trim().length).toBeGreaterThan(0);
    expect(Array.isArray(r.decisions) && Array.isArray(r.actionItems)).toBe(true);
    expect(details[0]).toBe("Loading the language model");
    expect(details).toContain("Writing notes");
    expect(s.lastStats).toMatchObject({ chunks: 1, contextSize: 8192 });
    expect(s.lastStats!.outputTokens).toBeGreaterThan(0);
    expect(s.lastStats!.peakRssBytes).toBeGreaterThan(0);
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
    await writeTinyLlamaGguf(truncated);
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
    await writeTinyLlamaGguf(path.join(options.modelsDir, "tiny", "model.gguf"), { seed: 7 });
    const err = await new LocalLlmSummarizer({ ...options, model: "tiny", catalogue })
      .summarize(meeting(1), summarizeOptions)
      .catch((e) => e);
    expect(err).toBeInstanceOf(LlmEngineError);
    expect(err.message).toMatch(
      /^The local language model Tiny \(tiny\) is damaged: model\.gguf has sha256 \w+, expected \w+\. It was not loaded.*npm run models -- remove tiny/,
    );
  });

  it("falls back to the built-in notes and says so when no model is installed", async () => {
    const r = await new LocalLlmSummarizer({ ...options, model: "auto" }).summarize(meeting(1), summarizeOptions);
    expect(r.engine).toBe("built-in");
    expect(r.note).toMatch(
      /No local language model is installed, so the built-in notes are shown\. Install one with "npm run models -- pull qwen3-1\.7b-q4_k_m"/,
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
        "Install it with \"npm run models -- pull tiny\" (or copy the model into the models folder), then use 'Regenerate summary'.",
    );
  });
});
