import { describe, expect, it } from "vitest";
import type { Sentence } from "../../server/src/pipeline/summary/key-points";
import { type DenseSample, denseScore, denseSize, fitDense, parseGroups, vectorRows, vectorWords, vocabularyOf } from "./decision-vectors";
import { DIMENSIONS, type WordVectors } from "./word-vectors";

// A made-up vocabulary of three words: one axis each (no GloVe load in a unit test).
function tinyVectors(entries: Record<string, number>): WordVectors {
  const words = Object.keys(entries);
  const data = new Float32Array(words.length * DIMENSIONS);
  words.forEach((w, i) => (data[i * DIMENSIONS + entries[w]!] = 1));
  return { words, index: new Map(words.map((w, i) => [w, i])), data };
}

const sentence = (text: string, speaker: string, turn: number, order: number): Sentence => ({ text, speaker, turn, order, inRecap: false });

describe("word-vector rows for the decision classifier", () => {
  const v = tinyVectors({ pricing: 0, approved: 1, weather: 2, agreed: 3 });
  const sentences = [
    sentence("The weather was awful on Tuesday.", "Ana Ruiz", 0, 0),
    sentence("Pricing is approved for Ana.", "Ben Okafor", 1, 1),
    sentence("The pricing stays.", "Ben Okafor", 1, 2),
    sentence("Agreed.", "Ana Ruiz", 2, 3),
  ];

  it("keeps content words only: no stop words, names, numbers or dates", () => {
    expect(vectorWords("We approved the pricing for Ana on Tuesday, 3 seats.", new Set(["ana"]))).toEqual(["approved", "pricing", "seats"]);
  });

  it("averages the vectors of the sentence, the rest of its turn, the turn before and the turns after", () => {
    const [row] = vectorRows(sentences, ["Ana Ruiz", "Ben Okafor"], [1], ["s", "turn", "prev", "next"], v);
    expect(row!.length).toBe(denseSize(["s", "turn", "prev", "next"]));
    const part = (g: number) => Array.from(row!.slice(g * DIMENSIONS, g * DIMENSIONS + 4));
    expect(part(0)).toEqual([0.5, 0.5, 0, 0]); // pricing, approved
    expect(part(1)).toEqual([1, 0, 0, 0]); // the rest of the turn: pricing
    expect(part(2)).toEqual([0, 0, 1, 0]); // weather
    expect(part(3)).toEqual([0, 0, 0, 1]); // agreed
  });

  it("gives zeros where no word has a vector, and cosines within [-1, 1]", () => {
    const rows = vectorRows(
      [sentence("Um so yeah, we will.", "Ana Ruiz", 0, 0), ...sentences.slice(1)],
      ["Ana Ruiz"],
      [0, 1],
      ["s", "cos"],
      v,
    );
    expect(Array.from(rows[0]!.slice(0, DIMENSIONS)).every((x) => x === 0)).toBe(true);
    const cos = Array.from(rows[1]!.slice(DIMENSIONS));
    expect(cos.length).toBe(3);
    for (const c of cos) expect(Math.abs(c)).toBeLessThanOrEqual(1 + 1e-6);
  });

  it("reads stop words too in the all group, and divides the words group by every word (one number per word folds it)", () => {
    const tv = tinyVectors({ we: 0, approved: 1, pricing: 2, stays: 3 });
    const s = [sentence("We approved the pricing.", "Ana Ruiz", 0, 0)];
    const [all] = vectorRows(s, ["Ana Ruiz"], [0], ["all"], tv);
    // "the" has no vector here
    Array.from(all!.slice(0, 4)).forEach((x, d) => expect(x).toBeCloseTo([1 / 3, 1 / 3, 1 / 3, 0][d]!, 6));
    const [words] = vectorRows(s, ["Ana Ruiz"], [0], ["words"], tv, "content", new Set(["we", "approved"]));
    expect(Array.from(words!.slice(0, 4))).toEqual([0.25, 0.25, 0, 0]); // pricing is outside the vocabulary: a zero
  });

  it("builds the words group's vocabulary from the most frequent words and the meetings' own", () => {
    const tv = tinyVectors({ we: 0, approved: 1, pricing: 2, stays: 3 });
    expect([...vocabularyOf(tv, 1, [{ text: "Pricing stays, Ana.", speakers: ["Ana Ruiz"] }])].sort()).toEqual(["pricing", "stays", "we"]);
  });

  it("refuses an unknown group", () => {
    expect(() => parseGroups("s,nope")).toThrow(/nope/);
    expect(parseGroups("s,next")).toEqual(["s", "next"]);
  });
});

describe("the dense fit", () => {
  // Label 1 exactly where the first column is high: the fit must rank by it, whatever the column's scale and offset.
  const samples: DenseSample[] = Array.from({ length: 60 }, (_, i) => {
    const high = i % 3 === 0;
    return { sparse: ["bias"], dense: Float32Array.of(5 + (high ? 0.02 : -0.01) + (i % 5) * 0.001, (i % 7) * 0.01), label: high ? 1 : 0 };
  });
  const w = fitDense(samples, 0.001, 0.001);
  const z = (s: DenseSample) => (w["bias"] ?? 0) + denseScore(w, s.dense!);

  it("learns the column that separates the labels, on its raw scale", () => {
    const pos = samples.filter((s) => s.label === 1).map(z);
    const neg = samples.filter((s) => s.label === 0).map(z);
    expect(Math.min(...pos)).toBeGreaterThan(Math.max(...neg));
    expect(w["vd:0"]).toBeGreaterThan(0);
  });

  it("is deterministic", () => {
    expect(fitDense(samples, 0.001, 0.001)).toEqual(w);
  });
});
