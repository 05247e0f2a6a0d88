import { describe, expect, it } from "vitest";
import { ensembleLogit, ensembleProbability, type TreeEnsemble } from "./boosted-trees-eval";

// A hand-written ensemble: one tree reads "future" then "assent" (an interaction a linear model cannot spell), one
// reads a numeric share.
const model: TreeEnsemble = {
  features: ["future", "assent", "share"],
  base: -1,
  trees: [
    [{ f: 0, t: 0.5, l: 1, r: 2 }, { v: -0.5 }, { f: 1, t: 0.5, l: 3, r: 4 }, { v: 0.25 }, { v: 2 }],
    [{ f: 2, t: 0.3, l: 1, r: 2 }, { v: 0 }, { v: 0.5 }],
  ],
};

describe("boosted tree ensemble", () => {
  it("follows each tree to a leaf and adds the leaves to the base", () => {
    expect(ensembleLogit(model, {})).toBe(-1.5);
    expect(ensembleLogit(model, { future: 1 })).toBe(-0.75);
    expect(ensembleLogit(model, { future: 1, assent: 1 })).toBe(1);
    expect(ensembleLogit(model, { assent: 1 })).toBe(-1.5);
  });

  it("goes left below the threshold and right at or above it; absent features are 0", () => {
    expect(ensembleLogit(model, { share: 0.29 })).toBe(-1.5);
    expect(ensembleLogit(model, { share: 0.3 })).toBe(-1);
    expect(ensembleLogit(model, { share: -2 })).toBe(-1.5);
  });

  it("ignores features it does not know", () => {
    expect(ensembleLogit(model, { future: 1, assent: 1, other: 5 })).toBe(1);
  });

  it("gives a probability", () => {
    expect(ensembleProbability(model, { future: 1, assent: 1 })).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(ensembleProbability({ features: [], base: 0, trees: [] }, { x: 1 })).toBe(0.5);
  });

  it("rejects a tree whose path ends without a leaf", () => {
    const broken: TreeEnsemble = { features: ["a"], base: 0, trees: [[{ f: 0, t: 0.5, l: 0, r: 0 }]] };
    expect(() => ensembleLogit(broken, {})).toThrow(/Malformed/);
  });
});
