import { describe, expect, it } from "vitest";
import { LocalSpeechEngine } from "../local/local-engine";
import { DEFAULT_MODEL_IDS } from "./catalogue";
import { missingModelsMessage, totalSize } from "./missing-models";

describe("missing speech models", () => {
  it("names the models, their sizes and the total, and who can install them", () => {
    const msg = missingModelsMessage([
      { name: "Model A", sizeBytes: 100e6, approxBytes: null },
      { name: "Model B", sizeBytes: null, approxBytes: 20e6 },
    ]);
    expect(msg).toBe(
      "This recording needs 2 speech models that are not installed on this server: Model A (100 MB), Model B (20 MB); about 120 MB to download. " +
        `The owner of this server can download them under Settings → Models. Then use 'Retry processing'.`,
    );
    expect(
      totalSize([
        { sizeBytes: null, approxBytes: 5e6 },
        { sizeBytes: null, approxBytes: null },
      ]),
    ).toBe("at least 5 MB");
  });

  it("the default set is what the engine plans for the default upload settings", async () => {
    const engine = new LocalSpeechEngine({ modelsDir: "/nonexistent", numThreads: 1, autoDownload: true });
    const plan = await engine.plan({ nano: true, speakers: null, language: null });
    expect([plan.vad.id, plan.asr.id, plan.segmentation?.id, plan.embedding?.id]).toEqual([...DEFAULT_MODEL_IDS]);
  });
});
