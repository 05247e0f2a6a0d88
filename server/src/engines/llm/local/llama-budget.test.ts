// The language-model worker's memory budget (LOCAL_LLM_MEMORY_MB): a model file plus context
// that cannot fit fails before the worker starts, with the numbers.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../../../core/errors";
import { LlamaWorker, declaredLlmMemory } from "./llama-client";

const file = path.join(import.meta.dirname, "..", "..", "speech", "local", "fixtures", "synthetic-speech.wav");

describe("local language model memory budget", () => {
  it("refuses to load what cannot fit, naming the file, the context and the budget", async () => {
    const need = declaredLlmMemory(0, 8192);
    expect(need.totalMb).toBeGreaterThan(1000);
    const worker = new LlamaWorker(undefined, "/nonexistent-worker.mjs"); // never started
    const err = await worker
      .load({ modelPath: file, contextSize: 8192, threads: 1, gpu: false, memoryBudgetBytes: 1000 * 1024 * 1024 })
      .catch((e: unknown) => e);
    worker.close();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("TOO_COMPLEX");
    expect((err as AppError).message).toMatch(/needs about \d+ MB \(model file 1 MB, context of 8192 tokens 1229 MB, worker 300 MB\)/);
    expect((err as AppError).message).toContain("budget is 1000 MB (LOCAL_LLM_MEMORY_MB)");
  });

  it("a smaller context fits the same budget", () => {
    expect(declaredLlmMemory(0, 2048).totalMb).toBeLessThan(1000);
  });
});
