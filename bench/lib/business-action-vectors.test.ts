// The word-vector fit folds into per-word tables that give the engine the same score as the vectors themselves
// (decision 056). Tiny vectors and candidates made up for the test; the GloVe package is not loaded.
import { describe, expect, it } from "vitest";
import { businessScore, type BusinessCandidate } from "../../server/src/pipeline/summary/business-action-model";
import type { BusinessPrepared } from "./business-action-training";
import { fitVec, foldVectors, scoreVec, type VecSettings } from "./business-action-vectors";
import { DIMENSIONS, type WordVectors } from "./word-vectors";

const WORDS = ["send", "deck", "list", "lunch", "joke", "sure", "no", "maybe"];
const data = new Float32Array(WORDS.length * DIMENSIONS);
// Deterministic, distinct vectors: "task" words lean one way, the rest another.
WORDS.forEach((w, i) => {
  for (let d = 0; d < DIMENSIONS; d++) data[i * DIMENSIONS + d] = Math.sin((i + 1) * (d + 1)) + (i < 3 ? 0.3 : -0.3);
});
const wv: WordVectors = { words: WORDS, index: new Map(WORDS.map((w, i) => [w, i])), data };

const cand = (task: string[], reply: string[], extra: Record<string, number> = {}): BusinessCandidate => ({
  item: { task: task.join(" "), assignee: null, dueDate: null, sourceStart: 0 },
  turn: 0,
  source: "wide",
  features: { bias: 1, ...extra },
  words: { sent: task, task, reply, prev: [] },
});
const cands = [
  cand(["send", "deck"], ["sure"]),
  cand(["send", "list"], ["sure"]),
  cand(["lunch", "joke"], ["no"]),
  cand(["joke"], ["maybe"]),
  cand(["send", "the", "list"], []),
  cand(["lunch"], ["no", "joke"]),
];
const labels = [1, 1, 0, 0, 1, 0];
const prepared = [{ cands, labels }] as unknown as BusinessPrepared[];

describe("word-vector fit", () => {
  const settings: VecSettings = { l2: 0.01, l2v: 0.01, groups: ["task", "reply"], lexical: false, minMeetings: 1 };
  const fit = fitVec(prepared, settings, wv);

  it("learns the task words' direction", () => {
    const yes = scoreVec(fit, cand(["send", "deck"], ["sure"]), wv);
    const no = scoreVec(fit, cand(["lunch", "joke"], ["no"]), wv);
    expect(yes).toBeGreaterThan(0.5);
    expect(no).toBeLessThan(0.5);
  });

  it("folded into per-word tables, the engine's score is the vectors' score", () => {
    const vectors = foldVectors(fit, 10, wv);
    expect(vectors.words.split(" ")).toEqual([...WORDS].sort());
    for (const c of [...cands, cand(["deck"], ["maybe", "unknown"]), cand([], [])]) {
      expect(businessScore(c, fit.sparse, vectors)).toBeCloseTo(scoreVec(fit, c, wv), 8);
    }
  });

  it("is deterministic", () => {
    expect(fitVec(prepared, settings, wv).sparse).toEqual(fit.sparse);
  });
});
