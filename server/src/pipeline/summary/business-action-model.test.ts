// The short-meeting scorer's pieces (decision 044): its wider candidates, its tokens and its selection. Sentences
// written for these tests.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import {
  businessCandidates,
  businessScore,
  scorerTokens,
  selectBusiness,
  vectorScore,
  vectorTokens,
  vectorWords,
  wideCandidates,
  type BusinessCandidate,
  type BusinessVectors,
} from "./business-action-model";
import { makeContext } from "./owners";

const DAY = new Date("2025-03-12T12:00:00Z"); // a Wednesday
let clock = 0;
const say = (speaker: string, text: string): Utterance => ({ speaker, start: clock++, end: clock, text });
const wide = (...turns: Utterance[]) => wideCandidates(turns, DAY, makeContext(turns)).map((c) => [c.item.task, c.item.assignee, c.kind]);

describe("wider candidates", () => {
  it("a first person's present tense, a thing put to a named person, a person's part in a recap", () => {
    const turns = [
      say("Halina Nowak", "I send the names to the trainer tomorrow."),
      say("Dana Whitfield", "Okay."),
      say("Nkechi Obi", "Flaky tests, Dana."),
      say("Nkechi Obi", "So Rafael has the pricing page by Friday."),
      say("Rafael Souza", "Yep."),
    ];
    const found = wide(...turns);
    expect(found).toContainEqual(["Send the names to the trainer", "Halina Nowak", "wide:first:bare"]);
    expect(found).toContainEqual(["Flaky tests", "Dana Whitfield", "wide:named:thing"]);
    expect(
      found.some(([task, owner, kind]) => kind === "wide:third" && owner === "Rafael Souza" && /pricing page/.test(String(task))),
    ).toBe(true);
  });

  it("no candidate from past work, a hypothetical, a wish for some day, a joke or a quoted promise", () => {
    const found = wide(
      say("Halina Nowak", "I already sent the names to the trainer yesterday."),
      say("Dana Whitfield", "If I had a free week I would rewrite the billing code."),
      say("Nkechi Obi", "We should someday rewrite the billing code."),
      say("Rafael Souza", "Ha, I'll bring everyone a cake."),
      say("Halina Nowak", 'She said "I will send the contract".'),
    );
    expect(found).toEqual([]);
  });
});

describe("scorer tokens", () => {
  it("names, numbers, days and months are placeholders; the rest lowercased", () => {
    expect(scorerTokens("So Priya sends the 3 quotes to Acme by Friday, March twentieth.")).toEqual([
      "so",
      "<name>",
      "sends",
      "the",
      "<num>",
      "quotes",
      "to",
      "<name>",
      "by",
      "<day>",
      "<month>",
      "<num>",
    ]);
  });
});

describe("selection", () => {
  const turns = [
    say("Lena Fischer", "I'll send the onboarding deck to the new hires by Friday."),
    say("Omar Haddad", "Sure. I send the vendor list tomorrow."),
    say("Lena Fischer", "And I'll book the training room."),
    say("Omar Haddad", "Great."),
  ];
  const ctx = makeContext(turns);
  const selected = [
    { task: "Send the onboarding deck to the new hires", assignee: "Lena Fischer", dueDate: "2025-03-14", sourceStart: turns[0]!.start },
  ];
  const cands = businessCandidates(turns, DAY, ctx, selected, selected, []);
  const weights = (extra: Record<string, number>) => ({ bias: 0, ...extra });

  it("the engine's item and the wider ones are candidates, each work once", () => {
    expect(cands.map((c) => [c.source, c.item.task])).toEqual([
      ["rule", "Send the onboarding deck to the new hires"],
      ["wide", "Send the vendor list"],
      ["wide", "Book the training room"],
    ]);
  });

  it("rated high: kept; between the thresholds: a possible item; low: dropped", () => {
    const byTask = (task: string) => cands.find((c) => c.item.task === task) as BusinessCandidate;
    // Give each candidate its own score through a feature only it has (its first word of the sentence).
    const w = weights({ "src:rule": 3, "w:sure": 0, "w2:send_the": 0 });
    const vendor = byTask("Send the vendor list");
    const room = byTask("Book the training room");
    vendor.features["test:vendor"] = 1;
    room.features["test:room"] = 1;
    const out = selectBusiness(cands, {
      ruleThreshold: 0.5,
      clauseThreshold: 0.5,
      wideThreshold: 0.7,
      possibleMin: 0.3,
      weights: { ...w, "test:vendor": 2, "test:room": -0.2, "src:wide": 0 },
    });
    // The rule's item (score 0.95) and the vendor list (0.88) are kept; the room (0.45) is possible.
    expect(out.items.map((i) => i.task)).toEqual(["Send the onboarding deck to the new hires", "Send the vendor list"]);
    expect(out.possible.map((i) => [i.task, i.suggested])).toEqual([["Book the training room", true]]);
    const low = selectBusiness(cands, {
      ruleThreshold: 0.99,
      clauseThreshold: 0.5,
      wideThreshold: 0.7,
      possibleMin: 0.5,
      weights: { ...w, "test:vendor": 2, "test:room": -0.2, "src:wide": 0 },
    });
    // Vetoed below its threshold (0.95 < 0.99) the rule's item becomes possible; the room (0.45) is dropped.
    expect(low.items.map((i) => i.task)).toEqual(["Send the vendor list"]);
    expect(low.possible.map((i) => i.task)).toEqual(["Send the onboarding deck to the new hires"]);
  });
});

describe("word-vector groups (decision 056)", () => {
  it("words as GloVe spells them: lowercased, contractions in full, letters only", () => {
    expect(vectorTokens("I'll send Acme's 3 quotes — we can't wait, won't we?")).toEqual([
      "i",
      "will",
      "send",
      "acme",
      "quotes",
      "we",
      "can",
      "not",
      "wait",
      "will",
      "not",
      "we",
    ]);
  });

  it("each group reads its own words: the sentence, the task, the other speaker's reply and turn before", () => {
    const turns = [
      say("Omar Haddad", "Can somebody own the vendor list?"),
      say("Lena Fischer", "Lunch was good. I'll take the vendor list."),
      say("Lena Fischer", "Also the room."),
      say("Omar Haddad", "Perfect, thanks Lena."),
    ];
    expect(vectorWords(turns, 1, "Take the vendor list")).toEqual({
      sent: ["i", "will", "take", "the", "vendor", "list"],
      task: ["take", "the", "vendor", "list"],
      reply: ["perfect", "thanks", "lena"],
      prev: ["can", "somebody", "own", "the", "vendor", "list"],
    });
    // The first turn has no turn before it; the last no reply.
    expect(vectorWords(turns, 0, "Own the vendor list").prev).toEqual([]);
    expect(vectorWords(turns, 3, "Thanks").reply).toEqual([]);
  });

  const vectors: BusinessVectors = {
    words: "list send vendor",
    groups: { task: { offset: 0.5, empty: -0.25, table: [1, 2, 3] }, reply: { offset: -1, empty: 0, table: [4, 0, 0] } },
  };
  const words = (task: string[], reply: string[]) => ({ sent: ["list"], task, reply, prev: [] });

  it("a group adds the mean of its words' table entries less its offset; words outside the table are skipped", () => {
    // task: (2 + 3 + 1) / 3 − 0.5 = 1.5 ("the" is not in the table); reply: no word in the table, its `empty` (0).
    expect(vectorScore(words(["send", "the", "vendor", "list"], ["okay"]), vectors)).toBeCloseTo(1.5);
    // reply: 4 / 1 + 1 = 5, task empty −0.25; a group without a table (sent) adds nothing.
    expect(vectorScore(words([], ["list"]), vectors)).toBeCloseTo(4.75);
    expect(vectorScore(words([], []), vectors)).toBeCloseTo(-0.25);
    expect(vectorScore(words(["send"], []), undefined)).toBe(0);
  });

  it("the score adds the tables to the sparse weights", () => {
    const c: BusinessCandidate = {
      item: { task: "Send the vendor list", assignee: null, dueDate: null, sourceStart: 0 },
      turn: 0,
      source: "wide",
      features: { bias: 1 },
      words: words(["send"], []),
    };
    // z = bias −1 + (2 − 0.5) = 0.5.
    expect(businessScore(c, { bias: -1 }, vectors)).toBeCloseTo(1 / (1 + Math.exp(-0.5)));
    expect(businessScore(c, { bias: -1 })).toBeCloseTo(1 / (1 + Math.exp(1)));
  });
});
