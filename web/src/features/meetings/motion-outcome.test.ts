import { describe, expect, it } from "vitest";
import { motionOutcome } from "./motion-outcome";

describe("a decision's motion outcome", () => {
  it("reads a carried or failed motion and keeps its words", () => {
    expect(motionOutcome("Motion failed: Approve opening a branch in Riverside.")).toEqual({
      outcome: "failed",
      body: "Approve opening a branch in Riverside.",
    });
    expect(motionOutcome("Motion carried: The audit report is accepted.")).toEqual({
      outcome: "carried",
      body: "The audit report is accepted.",
    });
    expect(motionOutcome("motion defeated - No new hall.")?.outcome).toBe("failed");
    expect(motionOutcome("Motion passed: Budget approved.")?.outcome).toBe("carried");
  });

  it("leaves other decisions alone", () => {
    expect(motionOutcome("The annual meeting is May twenty-second.")).toBeNull();
    expect(motionOutcome("Motion carried:")).toBeNull();
    expect(motionOutcome("We discussed the motion failed last year.")).toBeNull();
  });
});
