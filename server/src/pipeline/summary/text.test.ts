import { describe, expect, it } from "vitest";
import {
  contentWords,
  dice,
  escapeRegExp,
  ROLE_SUFFIX,
  ROLE_SUFFIX_CASED,
  sharesWord,
  splitSentences,
  stem,
  withoutContractions,
  wordOverlap,
  words,
} from "./text";
import { TASK_STOP_WORDS, TOPIC_STOP_WORDS } from "./words";

describe("text: sentences", () => {
  it("raw turns: a sentence starts with a capital or digit, and a dash before a capital ends one", () => {
    expect(splitSentences("I'll send it. Dana, can you check? ok then — Sam takes the rest")).toEqual([
      "I'll send it.",
      "Dana, can you check? ok then —",
      "Sam takes the rest",
    ]);
    expect(splitSentences("Dr. Tam agreed. 3 items left.")).toEqual(["Dr. Tam agreed.", "3 items left."]);
  });

  it("cleaned text ('any'): a lower-case word after a stop starts a sentence too; a dash does not end one", () => {
    expect(splitSentences("we agreed. so we ship — Sam takes the rest", "any")).toEqual(["we agreed.", "so we ship — Sam takes the rest"]);
    expect(splitSentences("Ask Mr. smith first, e.g. tomorrow.", "any")).toEqual(["Ask Mr. smith first, e.g. tomorrow."]);
  });

  it("gives no empty sentence", () => {
    expect(splitSentences("")).toEqual([]);
    expect(splitSentences("   ", "any")).toEqual([]);
  });
});

describe("text: words", () => {
  it("tokenises to lower-case runs of letters and digits", () => {
    expect(words("Pin the pool-size to 20, OK?")).toEqual(["pin", "the", "pool", "size", "to", "20", "ok"]);
    expect(withoutContractions("We'll see what it's worth")).toBe("we see what it worth");
  });

  it("stems so that 'pinning' meets 'pin' and 'writes' meets 'write'", () => {
    expect(stem("pinning")).toBe("pin");
    expect(stem("writes")).toBe(stem("write"));
  });

  it("content words drop a task's stop words by default, a topic's when asked", () => {
    expect([...contentWords("Send the deck to them by Friday")]).toEqual(["send", "deck", "friday"]);
    expect([...contentWords("I think we need the budget", TOPIC_STOP_WORDS)]).toEqual(["budget"]);
    expect(TASK_STOP_WORDS.has("think")).toBe(false);
    expect(sharesWord("Pin the pool size", "pinning it")).toBe(true);
    expect(sharesWord("Pin the pool size", "send the deck")).toBe(false);
  });

  it("measures overlap as Dice over content words", () => {
    expect(dice(new Set(["a", "b"]), new Set(["b", "c"]))).toBe(0.5);
    expect(dice(new Set(), new Set())).toBe(0);
    expect(wordOverlap("Send the pricing deck", "send deck")).toBeCloseTo(0.8);
  });

  it("builds patterns from literal names and role labels", () => {
    expect(new RegExp(`^${escapeRegExp("A.J. (Ops)")}$`).test("A.J. (Ops)")).toBe(true);
    expect(new RegExp(`^marketing${ROLE_SUFFIX}$`, "i").test("Marketing people")).toBe(true);
    expect(new RegExp(`^Marketing${ROLE_SUFFIX_CASED}$`).test("Marketing Expert")).toBe(true);
    expect(new RegExp(`^Marketing${ROLE_SUFFIX_CASED}$`).test("Marketing people")).toBe(false);
  });
});
