// Key points of the built-in summary, with meetings written for this file.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import {
  asPoint,
  couldNameAThing,
  isBroken,
  isKeyPointCandidate,
  pickKeyPoints,
  repeatsAWord,
  selfNaming,
  type Sentence,
} from "./key-points";
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
    // As a cleaned sentence reaches it: tidySentence has ended the broken-off sentence with a period.
    expect(isKeyPointCandidate("Portland Daily, Brew Journal, and the Seattle one —.")).toBe(false);
    expect(isKeyPointCandidate("We went with the second vendor and the cheaper tiles….")).toBe(false);
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
      "Travel spend is at 140 percent of the budget because of the Lisbon offsite. (Nadine Roy)",
      "Software licences are under budget by about nine thousand euros this quarter. (Colm Ward)",
      "The audit from Brightline flagged two duplicate vendor payments in March. (Colm Ward)",
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
      "The beta signup form is losing about thirty percent of people on the phone number field. (Ada Fox)",
      "Support tickets about the beta signup doubled since the Tuesday release. (Ben Cole)",
    ]);
  });

  it("leaves motions, votes and proposals to the decisions, and never restates a decision", () => {
    const meeting = [
      say("Ruth Ames", "The warehouse lease in Leeds runs out in March and the landlord wants eighteen percent more rent."),
      say("Tom Hale", "I move that the board accept the landlord's offer on the Leeds warehouse lease for three years."),
      say("Ina Park", "Seconded."),
      say("Ruth Ames", "All in favour? The motion fails, one in favour, four against."),
      say("Tom Hale", "Freight costs from the Leeds warehouse rose by a fifth since the fuel surcharge came in."),
      say("Ina Park", "I propose we drop the weekend shift at the Leeds warehouse from April."),
      say("Tom Hale", "Agreed, drop the weekend shift."),
      say("Ruth Ames", "Customer returns through the Leeds warehouse doubled after the courier change in January."),
      say("Ina Park", "The proposal is we hire two temporary packers for the Leeds peak season."),
    ];
    const s = buildSummary(meeting, { maxPoints: 8, wordBudget: 150 });
    expect(s.decisions.join(" ")).toContain("Motion failed: ");
    expect(s.keyPoints.join(" ")).not.toMatch(/motion|in favour|I move|I propose|proposal|weekend shift|landlord's offer/i);
    expect(s.keyPoints).toContain("Customer returns through the Leeds warehouse doubled after the courier change in January. (Ruth Ames)");
  });

  it("skips a point whose words are mostly in a listed decision or action item, for the next one", () => {
    const all: Sentence[] = [
      "The new pricing page goes live on the first of June for every region.",
      "Churn among annual customers fell to four percent after the loyalty discount.",
      "Support wait times doubled in May because two agents left the team.",
    ].map((text, order) => ({ text, speaker: "A", order, turn: order, inRecap: false }));
    const options = { maxPoints: 3, wordBudget: 100, exclude: [], speakers: ["A"] };
    expect(pickKeyPoints(all, options)).toHaveLength(3);
    const points = pickKeyPoints(all, { ...options, restates: ["Pricing page live June first in every region"] });
    expect(points.join(" ")).not.toContain("pricing page");
    expect(points).toHaveLength(2);
  });

  it("writes spoken sentences as points", () => {
    expect(asPoint("So, honestly, the vendor missed both deadlines.")).toBe("The vendor missed both deadlines.");
  });

  it("writes clean sentences from disfluent speech, never cut with an ellipsis, and stays under 200 words", () => {
    const turns: Utterance[] = [];
    const lines = [
      "Um so so the the remote control uh needs a a rubber case because um kids drop the remote control all the time.",
      "Yeah, I mean, the rubber case for the remote control would cost about two euros more per unit, uh, which is fine for the budget.",
      "The battery for the remote control, um, should be a standard one so people can replace the battery at home without tools.",
      "We we should we could put the volume buttons at the top of the remote control where the thumb rests naturally on the case.",
      "The survey said that older users find the remote control buttons too small and want bigger buttons with clear labels on the case.",
    ];
    for (let i = 0; i < 60; i++) turns.push(say(i % 2 ? "Marketing" : "Industrial Designer", lines[i % lines.length] ?? ""));
    const s = buildSummary(turns);
    const words = s.text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;
    expect(words).toBeLessThanOrEqual(200);
    expect(s.text).not.toContain("…");
    expect(s.overview).toMatch(/^The meeting was mainly about the /);
    for (const p of s.keyPoints) {
      expect(p).not.toMatch(/\b(?:um|uh)\b|\b(\w+) \1\b/i);
      expect(p).toMatch(/^\p{Lu}.*[.!] \((?:Marketing|Industrial Designer)\)$/u);
    }
  });

  it("takes no broken sentence as a key point or decision", () => {
    for (const t of [
      "Voice recognition softwares are still quite.",
      "This I con I consider an acoustic event in the signal.",
      "Again, Jerry is Jerry's open So we have the whole thing.",
      "The new casing should be made out of.",
      "I There is a study on the differences between the two languages.",
      "Channel B, one two three four five.",
    ])
      expect(isBroken(t), t).toBe(true);
    expect(repeatsAWord("Let's keep it option keep an option.")).toBe(true);
    expect(repeatsAWord("We will build the prototype step by step over the summer.")).toBe(false);
    expect(isKeyPointCandidate("Suzy, very briefly, one question on the budget, please.")).toBe(false);
    for (const t of [
      "We will build the prototype step by step over the summer.",
      "I hope I can finish the battery tests by Friday.",
      "Voice recognition software is still quite expensive for a remote.",
      "Let's keep it as an option for the next version.",
      "In twelve minutes I found one thousand acoustic events.",
    ])
      expect(isBroken(t), t).toBe(false);
  });

  it("takes no clause without its main clause, no open quotation mark and no lost word between prepositions", () => {
    for (const t of [
      "Because the other company sells more products than remote controls.",
      "Cuz we've already have forms filled out with the numbers on them.",
      "Means buttons are in the shape of fruits.",
      "Gonna come to a decision on the functions of the remote control.",
      "Able to take advantage of the program to gain important work skills.",
      "Stay Learning' policy statement, advice is available to parents.",
      "For thirty dollars an hour for of their work.",
    ])
      expect(isBroken(t), t).toBe(true);
    for (const t of [
      "Because of the cost, we dropped the screen from the design.",
      "The students' marks were published a week late.",
      "We don't think the supplier can deliver before March.",
    ])
      expect(isBroken(t), t).toBe(false);
  });

  it("opens the overview with what the meeting called itself, and only a name", () => {
    const at = (...texts: string[]): Sentence[] => texts.map((text, order) => ({ text, speaker: "A", order, turn: order, inRecap: false }));
    expect(selfNaming(at("Okay.", "So this is our functional design meeting, and we have three presentations."))).toBe(
      "This was the functional design meeting.",
    );
    expect(selfNaming(at("Welcome to the fifth meeting of the Special Committee on Rural Transport."))).toBe(
      "This was the fifth meeting of the Special Committee on Rural Transport.",
    );
    expect(
      selfNaming(
        at(
          "Welcome to the first virtual meeting.",
          "Item 2, then, this afternoon is an evidence session with the Minister on the impact of the floods on schools.",
        ),
      ),
    ).toBe("This was an evidence session with the Minister on the impact of the floods on schools.");
    expect(
      selfNaming(
        at("We'll move on, then, to our evidence session for our inquiry into school transport, and I'm pleased to welcome the panel."),
      ),
    ).toBe("This was the evidence session for the inquiry into school transport.");
    // A name cut off at a comma keeps the kind of meeting only.
    expect(selfNaming(at("Welcome to the first virtual meeting of the Children, Young People and Education Committee."))).toBe(
      "This was the first virtual meeting.",
    );
    for (const t of [
      "This is the beginning of the third meeting.",
      "This will be the agenda for the meeting.",
      "This is the project is called Meeting Recorder.",
      "This is the meeting.",
    ])
      expect(selfNaming(at(t)), t).toBe("");
  });

  it("names only noun phrases as overview topics: no numbers, adverbs, past forms or verbs", () => {
    for (const w of ["fifteen", "fifteenth", "fraudulently", "fully", "worked", "interested", "between", "again"])
      expect(couldNameAThing(w), w).toBe(false);
    for (const w of ["battery", "family", "supply", "speed", "buttons", "assembly"]) expect(couldNameAThing(w), w).toBe(true);
    const lines = [
      "The battery vibrates when the case is open.",
      "I worked on the battery and the case is fine.",
      "We have to consider acoustic feedback, and the battery vibrates.",
      "The case should be open so the battery is easy to change.",
      "We fully fund the case, they worked hard and the battery vibrates a lot.",
      "I was interested in the battery, the case and fifteen other things.",
    ];
    const turns: Utterance[] = [];
    for (let i = 0; i < 24; i++) turns.push(say(i % 2 ? "Ana" : "Ben", lines[i % lines.length] ?? ""));
    const o = buildSummary(turns).overview;
    expect(o).toMatch(/the battery/);
    expect(o).not.toMatch(/the (?:vibrates|worked|open|interested|fifteen|fully|consider|fund)\b/);
  });

  it("names no adjective before another word as a topic, nor a set phrase ('the close talking mike', 'on the other hand')", () => {
    const lines = [
      "The close talking mike picks up the echo in the room.",
      "On the other hand, the echo is worse with the close talking mike.",
      "We measured the echo and the initial stuff looks bad.",
      "The echo was lower on the close talking mike, on the other hand.",
      "The initial results on the echo are in the report.",
    ];
    const turns: Utterance[] = [];
    for (let i = 0; i < 20; i++) turns.push(say(i % 2 ? "Ana" : "Ben", lines[i % lines.length] ?? ""));
    const o = buildSummary(turns).overview;
    expect(o).toMatch(/the echo/);
    expect(o).not.toMatch(/the (?:close|initial|hand)(?:[.,]| and)/);
    expect(isBroken("The whether the product demonstrates technical innovation.")).toBe(true);
    expect(isBroken("We want to create a to design a new remote control.")).toBe(true);
    expect(isBroken("We keep a to-do list for the design.")).toBe(false);
  });

  it("takes no question said without its mark and no sentence trailing off on a filler; drops a tag", () => {
    for (const t of [
      "What are your experiences with the old supplier this year.",
      "Do we only have to do phase one of the functional design.",
      "Shall we make a basic version with just the power button.",
    ])
      expect(isKeyPointCandidate(t), t).toBe(false);
    expect(isKeyPointCandidate("What we decided on was the joystick and two function buttons.")).toBe(true);
    expect(isBroken("You press the menu button for the advanced option and then yeah.")).toBe(true);
    expect(asPoint("We should target a selling price of twenty-five Euro for the product, okay.")).toBe(
      "We should target a selling price of twenty-five Euro for the product.",
    );
  });

  it("leaves out what a third party said or decided, and keeps only the group's own decisions", () => {
    const meeting = [
      say("Rhian Evans", "The minister said that the funding for school buses would be cut by ten percent next year."),
      say("Owen Price", "The school bus funding covers about four thousand pupils in rural areas across the region."),
      say("Rhian Evans", "The government has decided to review the school bus contracts in the spring."),
      say("Owen Price", "Maybe we could write to the council about the rural school bus routes."),
      say("Rhian Evans", "We agreed to write to the council about the rural school bus routes before the next session."),
    ];
    const s = buildSummary(meeting);
    expect(s.keyPoints.some((p) => /minister said|government has decided/i.test(p))).toBe(false);
    expect(s.decisions).toEqual([
      "We agreed to write to the council about the rural school bus routes before the next session. (Rhian Evans)",
    ]);
  });

  it("takes a decision only where the agreement opens its clause, whole and about the work", () => {
    const meeting = [
      say("Marketing", "This is just a presentation on the trends that we're gonna use to make the product stand out."),
      say("Industrial Designer", "That's, with the components we will use, we will have different messages and sequences."),
      say("Project Manager", "Let's not forget the dual microphones everyone gets to wear."),
      say("Member", "Revera is a Crown corporation owned by the government, so let's not hear excuses."),
      say("User Interface", "Okay, let's not go for the."),
      say("Project Manager", "So we'll go with the rubber case and the yellow colour."),
      say("Minister", "Of course, there is more to do, and we will keep working hard for those business owners."),
      say("Minister", "Consequently, we will keep up our approach to the economy."),
      say("Minister", "We are going to keep."),
    ];
    expect(buildSummary(meeting).decisions).toEqual(["We'll go with the rubber case and the yellow colour. (Project Manager)"]);
  });
});

describe("work that stays linear in the meeting's length", () => {
  // The attack that held the server for minutes: 4,000 turns of 200 words from a 25-word vocabulary
  // (4.3 MB as WebVTT). Every sentence near-repeats every other, which made the greedy pick rescan
  // the whole pool after each skip (quadratic); now a lazy heap (each candidate at most once per pick).
  it("summarises a 4.3 MB transcript of near-repeats", () => {
    const vocabulary =
      "the team will ship battery design review budget next week plan item we should agree decide market research product launch customer sales call data".split(
        " ",
      );
    let seed = 1;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const utterances = Array.from({ length: 4000 }, (_, i) => ({
      speaker: `Speaker ${i % 3}`,
      start: i * 5,
      end: i * 5 + 4,
      text: `${Array.from({ length: 200 }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(" ")}.`,
    }));
    const summary = buildSummary(utterances);
    expect(summary.text.split(/\s+/).length).toBeLessThanOrEqual(200);
  });

  it("takes more sentences than a call takes arguments (no spread of every candidate)", () => {
    // 150,000 short sentences, each a key-point candidate.
    const all: Sentence[] = Array.from({ length: 150_000 }, (_, i) => ({
      text: `The budget item ${i} covers servers and support.`,
      speaker: "A",
      order: i,
      turn: i,
      inRecap: false,
    }));
    expect(() => pickKeyPoints(all, { maxPoints: 3, wordBudget: 40, exclude: [], speakers: ["A"] })).not.toThrow();
  });
});
