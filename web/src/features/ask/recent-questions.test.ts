import { describe, expect, it } from "vitest";
import { recentQuestions } from "./recent-questions";

const q = (question: string, meetingId: string | null) => ({ question, meetingId, askedAt: "2026-11-27T10:00:00.000Z" });

describe("recent questions an Ask box offers again", () => {
  const asked = [
    q("Who sends the order form?", "m1"),
    q("When is the mobile launch?", null),
    q("What did we decide about Stripe?", null),
    q("When is the mobile launch?", null),
    q("Who owns the rollback?", "m2"),
  ];

  it("offers on the dashboard only the questions asked of every meeting (clicking one asks every meeting)", () => {
    expect(recentQuestions(asked, undefined, undefined).map((x) => x.question)).toEqual([
      "When is the mobile launch?",
      "What did we decide about Stripe?",
    ]);
  });

  it("offers on a meeting page that meeting's questions, without the one just asked", () => {
    expect(recentQuestions(asked, "m1", undefined).map((x) => x.question)).toEqual(["Who sends the order form?"]);
    expect(recentQuestions(asked, "m1", "Who sends the order form?")).toEqual([]);
  });
});
