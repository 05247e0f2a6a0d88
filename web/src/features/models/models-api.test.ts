import { describe, expect, it } from "vitest";
import { missingModelsMessage } from "../../../../server/src/engines/speech/models/missing-models";
import { askOwnerText, isMissingModelsError, modelSize } from "./models-api";

describe("models in the web app", () => {
  it("recognises the engine's missing-models message, which points at Settings → Models without server commands", () => {
    const one = missingModelsMessage([{ name: "Moonshine tiny", sizeBytes: null, approxBytes: 118e6 }]);
    const two = missingModelsMessage([
      { name: "A", sizeBytes: 1e6, approxBytes: null },
      { name: "B", sizeBytes: null, approxBytes: 2e6 },
    ]);
    for (const msg of [one, two]) {
      expect(isMissingModelsError(msg)).toBe(true);
      expect(msg).toContain("Settings → Models");
      expect(msg).not.toMatch(/npm run|Speech models/);
    }
    expect(isMissingModelsError("The recording could not be decoded.")).toBe(false);
    expect(isMissingModelsError(null)).toBe(false);
  });

  it("tells others whom to ask, and shows every size it knows", () => {
    expect(askOwnerText("Olivia Owner (olivia@example.com)")).toBe(
      "Ask Olivia Owner (olivia@example.com), who runs this server, to download them under Settings → Models.",
    );
    expect(askOwnerText(null)).toMatch(/^Ask the person who runs this server/);
    expect(modelSize({ sizeBytes: 1_107_409_472, approxBytes: null })).toBe("1.03 GB");
    expect(modelSize({ sizeBytes: null, approxBytes: 40_257_283 })).toBe("about 38.4 MB");
    expect(modelSize({ sizeBytes: null, approxBytes: null })).toBeNull();
  });
});
