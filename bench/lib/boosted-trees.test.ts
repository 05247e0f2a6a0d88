import { describe, expect, it } from "vitest";
import { ensembleLogit, ensembleProbability } from "./boosted-trees-eval";
import { type BoostSettings, fitEnsemble, seededRandom } from "./boosted-trees";

const settings: BoostSettings = { trees: 60, depth: 2, learningRate: 0.3, minLeaf: 1, lambda: 1, rowSample: 1, featureSample: 1, seed: 1 };

/**
 * XOR of two indicator features (plus an unrelated one), the corners repeated. The (1, 1) corner is rarer: with
 * all four equally common no single split has any gain, and a greedy tree (any, not only this one) never starts.
 */
function xor(times: number) {
  const rows: Record<string, number>[] = [];
  const labels: number[] = [];
  for (let k = 0; k < times; k++)
    for (const [a, b] of [[0, 0], [0, 1], [1, 0], ...(k % 3 ? [] : ([[1, 1]] as const))] as const) {
      rows.push({ ...(a ? { a: 1 } : {}), ...(b ? { b: 1 } : {}), ...(k % 2 ? { noise: 1 } : {}) });
      labels.push(a ^ b);
    }
  return { rows, labels };
}

describe("boosted trees fit", () => {
  it("fits XOR, which no linear model over the two features can", () => {
    const { rows, labels } = xor(10);
    const model = fitEnsemble(rows, labels, settings);
    expect(ensembleProbability(model, {})).toBeLessThan(0.1);
    expect(ensembleProbability(model, { a: 1, b: 1 })).toBeLessThan(0.1);
    expect(ensembleProbability(model, { a: 1 })).toBeGreaterThan(0.9);
    expect(ensembleProbability(model, { b: 1 })).toBeGreaterThan(0.9);
  });

  it("fits a numeric threshold between the values seen", () => {
    const rows = [0.1, 0.2, 0.3, 0.6, 0.7, 0.8].flatMap((x) => [{ x }, { x }]);
    const labels = rows.map((r) => +(r.x > 0.5));
    const model = fitEnsemble(rows, labels, { ...settings, depth: 1 });
    expect(model.trees[0]?.[0]).toMatchObject({ f: 0 });
    expect((model.trees[0]?.[0] as { t: number }).t).toBeCloseTo(0.45, 12);
    expect(ensembleProbability(model, { x: 0.4 })).toBeLessThan(0.2);
    expect(ensembleProbability(model, { x: 0.5 })).toBeGreaterThan(0.8);
  });

  it("gives the same ensemble for the same input and seed, with row and feature subsampling", () => {
    const { rows, labels } = xor(25);
    const sub = { ...settings, rowSample: 0.7, featureSample: 0.7, seed: 7 };
    const one = fitEnsemble(rows, labels, sub);
    expect(fitEnsemble(rows, labels, sub)).toEqual(one);
    expect(fitEnsemble(rows, labels, { ...sub, seed: 8 })).not.toEqual(one);
  });

  it("keeps at least minLeaf rows in each leaf: too few rows make no split", () => {
    const { rows, labels } = xor(2);
    const model = fitEnsemble(rows, labels, { ...settings, trees: 3, minLeaf: 5 });
    expect(model.trees.every((t) => t.length === 1)).toBe(true);
    expect(model.features).toEqual([]);
  });

  it("weights a row's gradient: positives counted twice lift the base rate", () => {
    const rows = [{}, {}, {}, {}];
    const labels = [1, 0, 0, 0];
    const plain = fitEnsemble(rows, labels, { ...settings, trees: 0 });
    const weighted = fitEnsemble(rows, labels, { ...settings, trees: 0 }, [3, 1, 1, 1]);
    expect(ensembleProbability(plain, {})).toBeCloseTo(0.25, 5);
    expect(ensembleProbability(weighted, {})).toBeCloseTo(0.5, 5);
  });

  it("fits what a starting model leaves: the trees add only the part it misses", () => {
    // The start already reads feature a; the label also needs b.
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...(i % 2 ? { a: 1 } : {}), ...(i % 4 < 2 ? { b: 1 } : {}) }));
    const labels = rows.map((r) => +(r.a === 1 && r.b === 1));
    const init = rows.map((r) => (r.a ? 0 : -4));
    const model = fitEnsemble(rows, labels, settings, undefined, init);
    expect(model.base).toBe(0);
    expect(model.features).toContain("b");
    const withStart = (x: Record<string, number>) => 1 / (1 + Math.exp(-((x.a ? 0 : -4) + ensembleLogit(model, x))));
    expect(withStart({ a: 1, b: 1 })).toBeGreaterThan(0.9);
    expect(withStart({ a: 1 })).toBeLessThan(0.1);
    expect(withStart({ b: 1 })).toBeLessThan(0.1);
  });

  it("rejects rows and labels of different lengths", () => {
    expect(() => fitEnsemble([{}], [], settings)).toThrow(/length/);
  });

  it("draws the same numbers from the same seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });
});
