import { describe, expect, it } from "vitest";
import { CHECK_SPLITS, roundOf } from "./decision-training";

// train:decisions reports each round of written meetings apart, and its gate reads the check meetings together
// (docs/decisions/062): the tuned round six (b129–b152) must not count among them.
describe("roundOf: the rounds of written meetings", () => {
  it("puts each meeting in its round", () => {
    expect(
      ["b01-x", "b38-x", "b39-x", "b45-x", "b61-x", "b84-x", "b85-x", "b108-x", "b129-x", "b152-x", "b153-x", "b176-x"].map(roundOf),
    ).toEqual([
      "b01–b38",
      "b01–b38",
      "b39–b45",
      "b39–b45",
      "b61–b84",
      "b61–b84",
      "b85–b108",
      "b85–b108",
      "b129–b152",
      "b129–b152",
      "b153 on",
      "b153 on",
    ]);
  });

  it("counts only the rounds nobody tuned on as check meetings", () => {
    const check = (id: string) => CHECK_SPLITS.includes(roundOf(id));
    expect(["b40-x", "b90-x", "b160-x"].every(check)).toBe(true);
    expect(["b10-x", "b70-x", "b140-x"].some(check)).toBe(false);
  });
});
