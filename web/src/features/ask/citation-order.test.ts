import { describe, expect, it } from "vitest";
import type { AskCitation, AskResponse } from "../../../../contract/ask";
import { inReadingOrder } from "./citation-order";

const cite = (text: string): AskCitation => ({
  meetingId: "m1",
  meetingTitle: "Product sync",
  turnIndex: 0,
  speaker: "Kasia",
  start: 0,
  text,
});
const response = (answer: string, citations: AskCitation[]): AskResponse => ({ answer, engine: "built-in", model: null, citations });

describe("an answer's citations in reading order", () => {
  it("numbers the citations as the answer first cites them and renumbers its markers", () => {
    const r = inReadingOrder(
      response("Kasia (0:03): three things. [3]\nKasia (4:12): April second. [1] [3]\nDiego: the plan. [2]", [
        cite("a"),
        cite("b"),
        cite("c"),
      ]),
    );
    expect(r.answer).toBe("Kasia (0:03): three things. [1]\nKasia (4:12): April second. [2] [1]\nDiego: the plan. [3]");
    expect(r.citations.map((c) => c.text)).toEqual(["c", "a", "b"]);
  });

  it("keeps citations the answer never marks after the others, and markers without a citation as they are", () => {
    const r = inReadingOrder(response("Only this [2], and a stray [9].", [cite("a"), cite("b"), cite("c")]));
    expect(r.answer).toBe("Only this [1], and a stray [9].");
    expect(r.citations.map((c) => c.text)).toEqual(["b", "a", "c"]);
  });

  it("leaves an answer already in order unchanged", () => {
    const original = response("First [1]. Second [2].", [cite("a"), cite("b")]);
    expect(inReadingOrder(original)).toEqual(original);
  });
});
