// speakerCalled's votes: "I'm Sam" (strong) and "Sam, …" just before someone else speaks.
import { describe, expect, it } from "vitest";
import { speakerCalled } from "./people-rules";

const turn = (speaker: string, text: string) => ({ speaker, text });

describe("speakerCalled", () => {
  it("votes for who introduces themself, and for the next speaker after their name is said", () => {
    expect(speakerCalled("Sam", [turn("Speaker A", "Hello, I'm Sam."), turn("Speaker B", "Hi.")])).toBe("Speaker A");
    expect(speakerCalled("Sam", [turn("Speaker A", "Sam, can you start?"), turn("Speaker B", "Sure.")])).toBe("Speaker B");
    // The same speaker again, or no turn after: no vote.
    expect(speakerCalled("Sam", [turn("Speaker A", "Sam, can you start?"), turn(" Speaker A ", "Anyone?")])).toBeNull();
    expect(speakerCalled("Sam", [turn("Speaker A", "Thanks, Sam.")])).toBeNull();
    // A tie is no answer.
    expect(
      speakerCalled("Sam", [turn("Speaker A", "Sam?"), turn("Speaker B", "Yes."), turn("Speaker A", "Sam?"), turn("Speaker C", "No.")]),
    ).toBeNull();
  });

  it("counts every mention in a long meeting", () => {
    const turns = Array.from({ length: 50_000 }, (_, i) => (i % 2 ? turn("Speaker B", "Yes.") : turn("Speaker A", "Sam, and then?")));
    turns.push(turn("Speaker A", "Sam, last one?"), turn("Speaker C", "Me."));
    expect(speakerCalled("Sam", turns)).toBe("Speaker B");
  });
});
