// Spoken text as written sentences: fillers, stutters, cut-off words, false starts and run-on turns.
import { describe, expect, it } from "vitest";
import { cleanSentences, cleanSpeech, splitRunOn } from "./clean";

describe("cleaning speech", () => {
  it("drops fillers but keeps 'like' and 'I mean' where they are words", () => {
    expect(cleanSpeech("Um so we uh need a, you know, cheaper case, um.")).toBe("so we need a cheaper case.");
    // A filler set off by commas takes its commas, but an answer word keeps its own.
    expect(cleanSpeech("We could, um, try the rubber one.")).toBe("We could try the rubber one.");
    expect(cleanSpeech("Yes, I mean, it works.")).toBe("Yes, it works.");
    expect(cleanSpeech("I think I like it. I mean, the rubber one.")).toBe("I think I like it. the rubber one.");
    expect(cleanSpeech("Mm-hmm. Uh-huh. Hmm, the battery.")).toBe("the battery.");
  });

  it("keeps 'you know', 'I mean' and 'you see' where they are the verb of the sentence", () => {
    expect(cleanSpeech("Do you know the answer?")).toBe("Do you know the answer?");
    expect(cleanSpeech("What I mean is the budget.")).toBe("What I mean is the budget.");
    expect(cleanSpeech("Can you send out a schedule once you know it?")).toBe("Can you send out a schedule once you know it?");
    expect(cleanSpeech("If you see a bug, file it.")).toBe("If you see a bug, file it.");
    // Still fillers where they only fill.
    expect(cleanSpeech("So you know we should go, and I mean it works.")).toBe("So we should go, and it works.");
  });

  it("says a repeated word or phrase once", () => {
    expect(cleanSpeech("our our project and the the the remote")).toBe("our project and the remote");
    expect(cleanSpeech("how much how much money we had")).toBe("how much money we had");
    expect(cleanSpeech("I'm I'm not sure")).toBe("I'm not sure");
  });

  it("drops words broken off and restarted", () => {
    expect(cleanSpeech("th the company website")).toBe("the company website");
    expect(cleanSpeech("it's a compu- computer thing")).toBe("it's a computer thing");
    expect(cleanSpeech("we had to s just keep it")).toBe("we had to just keep it");
    expect(cleanSpeech("ask the User Interf Interface Designer")).toBe("ask the User Interface Designer");
    expect(cleanSpeech("the specifi uh specific instructions")).toBe("the specific instructions");
    // A word before its plural stays.
    expect(cleanSpeech("the cost costs more")).toBe("the cost costs more");
  });

  it("never takes the end of a contraction for a broken-off word", () => {
    expect(cleanSpeech("I don't think so")).toBe("I don't think so");
    expect(cleanSpeech("there's some doubt, doesn't that matter")).toBe("there's some doubt, doesn't that matter");
    expect(cleanSpeech("we can’t take it")).toBe("we can’t take it");
  });

  it("keeps the restart of a false start, not the abandoned clause", () => {
    expect(cleanSpeech("we should we could try the rubber case")).toBe("we could try the rubber case");
    expect(cleanSpeech("I was I'm going to check")).toBe("I was I'm going to check");
    expect(cleanSpeech("the company's decided that teletext is outdated")).toBe("the company's decided that teletext is outdated");
  });

  it("keeps the second of two determiners in a row, the phrase begun again", () => {
    expect(cleanSpeech("we will do the your sales plan with a the remote")).toBe("we will do your sales plan with the remote");
    expect(cleanSpeech("I think that the remote is an a priori choice, give her the report")).toBe(
      "I think that the remote is an a priori choice, give her the report",
    );
    expect(cleanSpeech("work on a another acoustic event")).toBe("work on another acoustic event");
  });

  it("keeps the second of a preposition said twice with a determiner between, the phrase begun again", () => {
    expect(cleanSpeech("we'll work on a on two prototypes, to the to the end")).toBe("we'll work on two prototypes, to the end");
    // A second preposition after a noun is no restart.
    expect(cleanSpeech("work on a plan on Monday")).toBe("work on a plan on Monday");
  });

  it("splits a run-on turn at discourse markers into sentences of readable length", () => {
    const turn =
      "we looked at the battery options and the kinetic one is nice but it costs more than the standard batteries so we should probably go with the standard ones and then the case could be rubber because kids drop them all the time anyway";
    const parts = splitRunOn(turn);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(p.split(/\s+/).length).toBeLessThanOrEqual(35);
    expect(parts.join(" ")).toBe(turn);
  });

  it("gives tidy sentences: capitalised, full stop, no lead-in", () => {
    expect(cleanSentences("Okay, so um the the remote should be yellow. Uh yeah and it needs a logo")).toEqual([
      "The remote should be yellow.",
      "It needs a logo.",
    ]);
  });

  it("ends no sentence at a title's point, and leaves out a committee's form of address", () => {
    expect(
      cleanSentences(
        "Mr. Chair, Revera is a Crown corporation. Again, Mr. Chair, Dr. Tam gave the advice. Mr.Chair, we act for the hon. member.",
      ),
    ).toEqual(["Revera is a Crown corporation.", "Again, Dr. Tam gave the advice.", "We act for the hon. member."]);
  });
});
