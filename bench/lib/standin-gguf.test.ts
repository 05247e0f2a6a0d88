// The stand-in must be a model llama.cpp loads and runs (a small shape here, through the engine's worker), and
// the real shape must come out the size of the published file, or its speed and memory say nothing.
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LlamaWorker } from "../../server/src/engines/llm/local/llama-client";
import { QWEN3_NON_THINKING } from "../../server/src/engines/llm/local/sampling";
import { type ModelShape, QWEN3_1_7B, QWEN3_4B, tensorBytes, writeStandInGguf } from "./standin-gguf";

const SMALL: ModelShape = {
  ...QWEN3_1_7B,
  name: "small stand-in",
  layers: 2,
  embedding: 256,
  feedForward: 512,
  heads: 2,
  headsKv: 1,
  vocabulary: 2048,
};

describe("stand-in GGUF", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "minutes-standin-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("has the published Q4_K_M files' sizes, within 1%", () => {
    expect(Math.abs(tensorBytes(QWEN3_1_7B) / 1_107_409_472 - 1)).toBeLessThan(0.01);
    expect(Math.abs(tensorBytes(QWEN3_4B) / 2_497_280_736 - 1)).toBeLessThan(0.01);
  });

  it("loads in llama.cpp as a qwen3 model and generates under the JSON grammar", async () => {
    const file = path.join(dir, "small.gguf");
    const bytes = await writeStandInGguf(file, SMALL);
    expect((await stat(file)).size).toBe(bytes);
    const worker = new LlamaWorker();
    try {
      const loaded = await worker.load({ modelPath: file, contextSize: 1024, threads: 1, gpu: false });
      expect(loaded.name).toBe("small stand-in");
      const [count] = await worker.countTokens(["hello"]);
      expect(count).toBeGreaterThan(0);
      const out = await worker.generate({
        system: "Notes.",
        user: "Alice: I will send the report.",
        schema: { type: "object", properties: { overview: { type: "string" } }, required: ["overview"] },
        maxTokens: 8,
        sampling: { ...QWEN3_NON_THINKING, seed: 1 },
      });
      expect(out.tokens).toBeGreaterThan(0);
      expect(out.text.startsWith("{")).toBe(true);
    } finally {
      worker.close();
    }
  });
});
