// Token timestamps → words, as the speech worker turns a recogniser's result into word times.
import { describe, expect, it } from "vitest";
import { wordsFrom } from "./sherpa-pipeline";

type Word = { text: string; start: number; end: number };
const texts = (w: Word[] | undefined) => (w ?? []).map((x) => x.text);

describe("wordsFrom", () => {
  it("starts a new word after a lone '▁' token (SentencePiece splits digits off it)", () => {
    // Parakeet: "by 5 pm" → "▁by", "▁", "5", "▁pm"
    const r = { tokens: ["▁send", "▁it", "▁by", "▁", "5", "▁pm"], timestamps: [0, 0.4, 0.6, 0.9, 0.96, 1.2] };
    const words = wordsFrom(r, 10, 12);
    expect(texts(words)).toEqual(["send", "it", "by", "5", "pm"]);
    // The number's word begins at its marker and keeps its own time, not the previous word's.
    expect(words![3]).toEqual({ text: "5", start: 10.9, end: 11.04 });
    expect(words?.[2]?.start).toBe(10.6);
  });

  it("joins pieces of one word and handles several lone markers in a row", () => {
    const r = { tokens: ["▁Pri", "ya", "▁", "▁", "2", "0", "2", "6", "▁ok"], timestamps: [0, 0.1, 0.3, 0.32, 0.34, 0.4, 0.46, 0.5, 0.8] };
    expect(texts(wordsFrom(r, 0, 2))).toEqual(["Priya", "2026", "ok"]);
  });

  it("treats a leading space (Whisper/Moonshine style tokens) like '▁'", () => {
    const r = { tokens: [" at", " ", "3", ":", "30"], timestamps: [0, 0.2, 0.25, 0.3, 0.35] };
    expect(texts(wordsFrom(r, 0, 1))).toEqual(["at", "3:30"]);
  });

  it("uses TDT durations for word ends, clamped to the segment", () => {
    const r = { tokens: ["▁hi", "▁", "9"], timestamps: [0, 0.5, 0.6], durations: [0.3, 0, 0.8] };
    expect(wordsFrom(r, 5, 6)).toEqual([
      { text: "hi", start: 5, end: 5.3 },
      { text: "9", start: 5.5, end: 6 },
    ]);
  });

  it("gives nothing when timestamps do not match the tokens or only markers came back", () => {
    expect(wordsFrom({ tokens: ["▁a", "b"], timestamps: [0] }, 0, 1)).toBeUndefined();
    expect(wordsFrom({ tokens: ["▁", " "], timestamps: [0, 0.1] }, 0, 1)).toBeUndefined();
  });
});
