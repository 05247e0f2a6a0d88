// Key points of the built-in summary, with meetings written for this file.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { asPoint, isKeyPointCandidate } from "./key-points";
import { buildSummary } from "./summary";

let clock = 0;
const say = (speaker: string, text: string): Utterance => ({ speaker, start: clock++, end: clock, text });

describe("key points", () => {
  it("leaves out greetings, thanks, small talk and running the meeting", () => {
    for (const s of [
      "Hi everyone, thanks for joining the quarterly roadmap review.",
      "Thanks so much for making the time this afternoon, I know it's busy.",
      "Can everyone hear me okay with this new headset on?",
      "Alright, let's get started with the first topic then.",
      "Give me a second, I'm sharing my screen with the slides now.",
      "How was the long weekend, did you get out of town?",
      "This is the monthly facilities planning meeting for the east wing.",
      "Agenda is parking, the roof repair and the holiday party.",
      "Sorry, I have to drop for another call in five minutes.",
    ])
      expect(isKeyPointCandidate(s), s).toBe(false);
    expect(isKeyPointCandidate("The roof repair quote came in at eighteen thousand, twice the budget.")).toBe(true);
    expect(isKeyPointCandidate("We went with the second vendor and the cheaper tiles —")).toBe(false);
  });

  it("on a short meeting, picks the findings rather than the opener", () => {
    const meeting = [
      say("Nadine Roy", "Hi everyone, thanks for joining the budget review. Can you all hear me?"),
      say("Colm Ward", "Yes, loud and clear. Let's get started."),
      say("Nadine Roy", "Travel spend is at 140 percent of the budget because of the Lisbon offsite."),
      say("Colm Ward", "Software licences are under budget by about nine thousand euros this quarter."),
      say("Nadine Roy", "If we had moved the offsite online we would have saved a lot, but that ship has sailed."),
      say("Colm Ward", "The audit from Brightline flagged two duplicate vendor payments in March."),
      say("Nadine Roy", "I'll share my screen and show you the vendor payments in question."),
      say("Colm Ward", "Okay, thanks, bye everyone."),
    ];
    const { keyPoints } = buildSummary(meeting, { maxPoints: 3 });
    expect(keyPoints).toEqual([
      "Travel spend is at 140 percent of the budget because of the Lisbon offsite.",
      "Software licences are under budget by about nine thousand euros this quarter.",
      "The audit from Brightline flagged two duplicate vendor payments in March.",
    ]);
  });

  it("skips a near-repeat of a point or a decision already listed", () => {
    const meeting = [
      say("Ada Fox", "The beta signup form is losing about thirty percent of people on the phone number field."),
      say("Ben Cole", "Right, the beta signup form loses thirty percent of people at the phone number field."),
      say("Ada Fox", "We agreed to make the phone number field optional for the beta signup."),
      say("Ben Cole", "Support tickets about the beta signup doubled since the Tuesday release."),
    ];
    const s = buildSummary(meeting, { maxPoints: 3 });
    expect(s.decisions).toEqual(["We agreed to make the phone number field optional for the beta signup. (Ada Fox)"]);
    expect(s.keyPoints).toEqual([
      "The beta signup form is losing about thirty percent of people on the phone number field.",
      "Support tickets about the beta signup doubled since the Tuesday release.",
    ]);
  });

  it("writes spoken sentences as points", () => {
    expect(asPoint("So, honestly, the vendor missed both deadlines.")).toBe("The vendor missed both deadlines.");
  });
});
