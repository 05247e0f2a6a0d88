import { describe, expect, it } from "vitest";
import trained from "./weights/decisions.json";
import {
  decisionProbability,
  type DecisionModel,
  hasWordWeights,
  isCandidate,
  nameWords,
  normalisedTokens,
  sentenceFeatures,
  vectorTokens,
} from "./decision-model";
import { DECISION_MODEL } from "./decision-model-weights";
import { decisionProbabilities, findDecisionPoints, findDecisions, ruleDecisionCandidates } from "./decisions";
import type { Sentence } from "./key-points";

/** Turns as sentences (each turn's sentences split on . ? !), as meetingSentences gives them. */
function meeting(turns: [string, string][]): { sentences: Sentence[]; speakers: string[] } {
  const sentences: Sentence[] = [];
  turns.forEach(([speaker, text], turn) => {
    for (const t of text.match(/[^.?!]+[.?!]?/g) ?? [])
      sentences.push({ text: t.trim(), speaker, order: sentences.length, turn, inRecap: false });
  });
  return { sentences, speakers: [...new Set(turns.map(([s]) => s))] };
}

/** A hand-set model: only the words given count, so each test says which sentence it rates high. */
const handSet = (weights: Record<string, number>, over: Partial<DecisionModel> = {}): DecisionModel => ({
  combination: "union+veto",
  threshold: 0.5,
  veto: 0.3,
  perThousandWords: 2,
  minWords: 0,
  maxWords: 0,
  maxShortTurns: 1,
  weights: { bias: -4, ...weights },
  ...over,
});

describe("decision classifier: features", () => {
  it("replaces numbers, dates and names with placeholders before n-grams", () => {
    const names = nameWords(["Katherine Ng (PM)", "Bob"]);
    expect(normalisedTokens("Katherine, twenty-five seats from March 3rd, and Kestrel stays.", names)).toEqual([
      "<name>",
      "<n>",
      "seats",
      "from",
      "<d>",
      "<n>",
      "and",
      "<name>",
      "stays",
    ]);
    // "May" the month is a date; "may" the verb is not.
    expect(normalisedTokens("We may ship in May.", names)).toEqual(["we", "may", "ship", "in", "<d>"]);
  });

  it("gives each word its share for the per-word weights folded from word vectors (decision 055)", () => {
    const names = nameWords(["Dana Ruiz"]);
    expect(vectorTokens("We can't move the launch, Dana said on 3 May.", names)).toEqual([
      "we",
      "ca",
      "n't",
      "move",
      "the",
      "launch",
      "said",
      "on",
    ]);
    const { sentences, speakers } = meeting([
      ["Dana Ruiz", "The launch moves to the launch window."],
      ["Ben", "Hm, the weather is nice today."],
    ]);
    const none = { kinds: new Map(), listed: new Set<number>() };
    // Only for a model with per-word weights: the committed one has none, and its features stay as they were.
    expect(Object.keys(sentenceFeatures(sentences, speakers, none).get(0)!).some((k) => k.startsWith("v:"))).toBe(false);
    const f = sentenceFeatures(sentences, speakers, none, true);
    expect(f.get(0)).toMatchObject({ "v:launch": 2 / 7, "v:moves": 1 / 7, "v:window": 1 / 7, "v:the": 2 / 7 });
    // A word no n-gram of the training carried still counts through its weight: the mean over the sentence's words.
    const weights = { bias: -1, "v:launch": 3.5 };
    expect(decisionProbability(weights, f.get(0)!)).toBeCloseTo(1 / (1 + Math.exp(-(-1 + 1))), 9);
    expect(decisionProbability(weights, f.get(1)!)).toBeCloseTo(1 / (1 + Math.exp(1)), 9);
    expect(hasWordWeights(weights)).toBe(true);
    expect(hasWordWeights({ bias: -1, "u:launch": 1 })).toBe(false);
  });

  it("rates statements only, with the neighbouring turns' first words and the rules' view", () => {
    const { sentences, speakers } = meeting([
      ["Ana", "Should we renew Kestrel?"],
      ["Ana", "I propose we renew Kestrel for two years."],
      ["Ben", "Agreed, two years."],
    ]);
    expect(sentences.filter(isCandidate).map((s) => s.text)).toEqual(["I propose we renew Kestrel for two years.", "Agreed, two years."]);
    const cands = ruleDecisionCandidates(sentences, speakers);
    const f = sentenceFeatures(sentences, speakers, { kinds: new Map([[1, new Set(["agreed"])]]), listed: new Set([1]) }).get(1)!;
    expect(cands.map((c) => c.kind)).toContain("agreed");
    expect(f).toMatchObject({ "b:^ i": 1, "u:propose": 1, "b:for <n>": 1, "n:agreed": 1, "r:agreed": 1, "r:listed": 1 });
    expect(Object.keys(f).some((k) => k.includes("kestrel"))).toBe(false);
  });
});

describe("decision classifier: combined with the rules", () => {
  const closing = meeting([
    ["Mara", "We have about ten minutes, so let's keep it tight."],
    ["Mara", "Let's go with the blue banner."],
    ["Tom", "Sounds good."],
    ["Jo", "Sure."],
    ["Mara", "Okay, last thing. The podcast is dropped and the money goes to retargeting. Thanks all."],
  ]);

  it("union: a sentence it rates high is listed although no rule fired on it; one it rates low is not", () => {
    const rulesOnly = findDecisions(closing.sentences, closing.speakers, 8, null);
    expect(rulesOnly).toEqual(["We go with the blue banner. (Mara)"]);
    const out = findDecisions(closing.sentences, closing.speakers, 8, handSet({ "u:retargeting": 8, "u:banner": 6 }));
    expect(out).toEqual(["We go with the blue banner. (Mara)", "The podcast is dropped and the money goes to retargeting. (Mara)"]);
    // Nothing rated high enough: nothing added, and housekeeping never is.
    expect(findDecisions(closing.sentences, closing.speakers, 8, handSet({ "u:banner": 6 }))).toEqual(rulesOnly);
  });

  it("veto: a rule's decision it rates low is dropped, a vote never", () => {
    const { sentences, speakers } = meeting([
      ["Chair", "I move that we approve the new bylaws."],
      ["Lee", "Second."],
      ["Chair", "All in favour? Two. Opposed? Three. The motion fails."],
      ["Lee", "Let's go with the blue banner."],
      ["Sam", "Sounds good."],
      ["Ann", "Agreed."],
    ]);
    const rules = findDecisionPoints(sentences, speakers, 8, null).map((d) => d.text);
    expect(rules).toEqual(["Motion failed: Approve the new bylaws.", "We go with the blue banner."]);
    const vetoed = findDecisionPoints(sentences, speakers, 8, handSet({}, { combination: "veto" })).map((d) => d.text);
    expect(vetoed).toEqual(["Motion failed: Approve the new bylaws."]);
  });

  it("at most perThousandWords of its sentences (at least one), the surest first, one per matter", () => {
    const { sentences, speakers } = meeting([
      ["Ana", "The launch moves to April second."],
      ["Ana", "The launch moves to April second, so marketing waits."],
      ["Ben", "The pricing page goes live with the annual plan only."],
    ]);
    const model = handSet({ "u:launch": 6, "u:pricing": 5 }, { perThousandWords: 1 });
    // About 25 words: room for one; the launch, rated higher, comes first; its restatement is the same matter.
    expect(findDecisions(sentences, speakers, 8, model)).toEqual(["The launch moves to April second. (Ana)"]);
    const p = decisionProbabilities(sentences, speakers, ruleDecisionCandidates(sentences, speakers), model.weights);
    expect(p.get(0)).toBeGreaterThan(p.get(2)!);
  });

  it("a meeting shorter than minWords, longer than maxWords, or mostly one- and two-word turns, gets the rules alone", () => {
    const rules = findDecisions(closing.sentences, closing.speakers, 8, null);
    const model = (over: Partial<DecisionModel>) => handSet({ "u:retargeting": 8 }, over);
    expect(findDecisions(closing.sentences, closing.speakers, 8, model({ maxWords: 30 }))).toEqual(rules);
    expect(findDecisions(closing.sentences, closing.speakers, 8, model({ minWords: 60 }))).toEqual(rules);
    // Two of its five turns ("Sounds good.", "Sure.") are one or two words.
    expect(findDecisions(closing.sentences, closing.speakers, 8, model({ maxShortTurns: 0.3 }))).toEqual(rules);
    expect(findDecisions(closing.sentences, closing.speakers, 8, model({ maxShortTurns: 0.4 }))).not.toEqual(rules);
  });
});

describe("decision classifier: the trained model", () => {
  // Written for this test (no development meeting's words): housekeeping, a hypothetical, a failed motion, and a
  // closing run-through whose decision no rule's phrasing takes.
  const budget = meeting([
    ["Priya Shah", "Thanks for joining. We have about ten minutes, so let's keep it tight."],
    ["Priya Shah", "First, the trade show budget. Last year we spent forty thousand on the booth."],
    [
      "Leo Park",
      "Right, and the booth brought in about sixty leads, of which maybe a dozen turned into real conversations with buyers. The partner team thinks the same money would go further with them.",
    ],
    [
      "Dana Ruiz",
      "I'm not sure about that. The partners were slow last quarter, and half of their referrals came in without any budget attached. The show at least puts us in front of the people who sign.",
    ],
    [
      "Priya Shah",
      "Both fair points. The finance team also wants the final number for next year by the end of the month, so whatever we choose today has to be written down properly.",
    ],
    ["Leo Park", "Hypothetically, if we lost the Acme account, we would cut the booth entirely."],
    ["Priya Shah", "Sure, but we haven't lost them. What about the webinar series?"],
    ["Leo Park", "The webinars did well, about three hundred sign-ups each."],
    [
      "Dana Ruiz",
      "And they cost almost nothing to run. The last one was mostly our own engineers talking through the new reporting screens, and people stayed for the questions at the end.",
    ],
    ["Dana Ruiz", "I move that we fund a fourth webinar from the events budget."],
    ["Leo Park", "Second."],
    ["Priya Shah", "All in favour? One. Opposed? Two. The motion fails."],
    ["Dana Ruiz", "Fine. Let's move on."],
    [
      "Leo Park",
      "One more thing on the partners, then. If the money goes to them, we should ask for a named contact at each of the three big resellers and a monthly report of what they pipe through, otherwise we are back to guessing where the leads came from.",
    ],
    [
      "Dana Ruiz",
      "That works for me, as long as the booth keeps its size. The organisers already told us the corner spot is ours again if we confirm before the spring.",
    ],
    [
      "Priya Shah",
      "Okay, wrapping up. The booth stays at forty thousand for next year, and the webinar money goes to the partner program instead. Leo, you send the revised budget by Friday. Thanks all.",
    ],
    ["Leo Park", "Will do."],
  ]);

  it("keeps a closing decision the rules miss, the failed motion as failed, and drops housekeeping, hypotheticals and tasks", () => {
    const closingDecision =
      "The booth stays at forty thousand for next year, and the webinar money goes to the partner program instead. (Priya Shah)";
    expect(findDecisions(budget.sentences, budget.speakers, 8, null)).toEqual([
      "Motion failed: Fund a fourth webinar from the events budget. (Dana Ruiz)",
    ]);
    expect(findDecisions(budget.sentences, budget.speakers, 8)).toEqual([
      "Motion failed: Fund a fourth webinar from the events budget. (Dana Ruiz)",
      closingDecision,
    ]);
    const p = decisionProbabilities(
      budget.sentences,
      budget.speakers,
      ruleDecisionCandidates(budget.sentences, budget.speakers),
      DECISION_MODEL.weights,
    );
    const rated = (text: string) => p.get(budget.sentences.findIndex((s) => s.text === text)) ?? 0;
    expect(
      rated("The booth stays at forty thousand for next year, and the webinar money goes to the partner program instead."),
    ).toBeGreaterThanOrEqual(DECISION_MODEL.threshold);
    for (const low of [
      "We have about ten minutes, so let's keep it tight.",
      "Let's move on.",
      "Hypothetically, if we lost the Acme account, we would cut the booth entirely.",
      "Leo, you send the revised budget by Friday.",
      "Last year we spent forty thousand on the booth.",
    ])
      expect(rated(low), low).toBeLessThan(DECISION_MODEL.threshold);
  });

  it("is read from weights/decisions.json", () => {
    expect(DECISION_MODEL).toEqual(trained.model);
    expect(["rules", "replace", "union", "veto", "union+veto"]).toContain(DECISION_MODEL.combination);
    expect(DECISION_MODEL.weights.bias).toBeLessThan(0);
    expect(Object.keys(DECISION_MODEL.weights).length).toBeGreaterThan(50);
    // No raw vector weight ever reaches the engine (decision 055 folds them into per-word weights, v:<word>).
    expect(Object.keys(DECISION_MODEL.weights).some((k) => k.startsWith("vd:"))).toBe(false);
  });
});
