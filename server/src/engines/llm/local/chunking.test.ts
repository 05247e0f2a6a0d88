import { describe, expect, it } from "vitest";
import { lineText, planChunks, toLines } from "./chunking";

describe("planChunks", () => {
  it("keeps every chunk within the budget and repeats the last lines of the one before", () => {
    const tokens = Array.from({ length: 20 }, () => 10);
    const chunks = planChunks(tokens, 50, 20);
    for (const c of chunks) expect(tokens.slice(c.start, c.end).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
    expect(chunks[0]).toEqual({ start: 0, end: 5 });
    expect(chunks[1]?.start).toBe(3); // two lines (20 tokens) of overlap
    expect(chunks.at(-1)!.end).toBe(20);
    // Every line is in some chunk, in order.
    for (const [i, chunk] of chunks.entries()) if (i > 0) expect(chunk.end).toBeGreaterThan(chunks[i - 1]?.end ?? Infinity);
  });

  it("moves on even when one line is larger than the budget or the overlap", () => {
    expect(planChunks([5, 100, 5], 50, 40)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
    expect(planChunks([], 50, 10)).toEqual([]);
  });
});

describe("toLines", () => {
  it("splits a monologue into lines of the same speaker at sentence ends", () => {
    const text = Array.from({ length: 12 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const lines = toLines([{ speaker: "Ana", start: 3, end: 90, text }], [300], 100);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.every((l) => l.text.startsWith("Ana: ") && l.utterance.start === 3)).toBe(true);
    expect(lines.map((l) => l.utterance.text).join(" ")).toBe(text);
    expect(lines[0]?.utterance.text.endsWith(".")).toBe(true);
  });

  it("keeps short utterances as they are", () => {
    const u = { speaker: "", start: null, end: null, text: " Hello   there " };
    expect(toLines([u], [4], 100)).toEqual([{ utterance: u, text: "Unknown: Hello there", tokens: 4 }]);
    expect(lineText({ speaker: "Ben", start: 0, end: 1, text: "Hi" })).toBe("Ben: Hi");
  });
});
