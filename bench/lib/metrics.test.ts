import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { der, wer } from "./metrics";
import { parseRttm } from "../../server/src/engines/speech/rttm";

describe("wer", () => {
  it("counts substitutions, insertions and deletions over normalised words", () => {
    expect(wer("Ask not what your country can do", "ask not what your country can do.")).toBe(0);
    expect(wer("a b c d", "a x c")).toBe(0.5); // 1 substitution + 1 deletion
    expect(wer("a b", "a b c d")).toBe(1);
  });
});

describe("der", () => {
  it("is zero for a relabelled perfect hypothesis and counts miss, false alarm and confusion", () => {
    const ref = [
      { speaker: "x", start: 0, end: 4 },
      { speaker: "y", start: 4, end: 8 },
    ];
    expect(
      der(ref, [
        { speaker: "1", start: 0, end: 4 },
        { speaker: "2", start: 4, end: 8 },
      ]),
    ).toBe(0);
    // 2 s missed, 1 s false alarm, 2 s confused, over 8 s
    const hyp = [
      { speaker: "1", start: 0, end: 4 },
      { speaker: "1", start: 4, end: 6 },
      { speaker: "2", start: 8, end: 9 },
    ];
    expect(der(ref, hyp)).toBeCloseTo((2 + 1 + 2) / 8, 6);
  });

  // Cross-check against dscore's published result on its test pair, when the shared corpus is present.
  const refPath = "../shared/corpus/scoring/dscore-ref.rttm";
  it.skipIf(!existsSync(refPath))("matches dscore on its reference pair (26.39 %)", () => {
    const ref = parseRttm(readFileSync(refPath, "utf8"));
    const sys = parseRttm(readFileSync("../shared/corpus/scoring/dscore-sys.rttm", "utf8"));
    expect(der(ref, sys) * 100).toBeCloseTo(26.3931, 1);
  });
});
