import { describe, expect, it } from "vitest";
import { findDecisionPoints, findDecisions } from "./decisions";
import type { Sentence } from "./key-points";

/** Turns as sentences (each turn's sentences split on . ? !), as meetingSentences gives them. */
function meeting(turns: [string, string][], recapTurns: number[] = []): { sentences: Sentence[]; speakers: string[] } {
  const sentences: Sentence[] = [];
  turns.forEach(([speaker, text], turn) => {
    for (const t of text.match(/[^.?!]+[.?!]?/g) ?? [])
      sentences.push({ text: t.trim(), speaker, order: sentences.length, turn, inRecap: recapTurns.includes(turn) });
  });
  return { sentences, speakers: [...new Set(turns.map(([s]) => s))] };
}

describe("findDecisions", () => {
  it("finds a proposal the group agrees to, an explicit decision, and a proposal with 'Agreed' — not housekeeping", () => {
    const { sentences, speakers } = meeting([
      ["Kasia", "We have about ten minutes, so let's keep it tight."],
      ["Kasia", "My proposal: we go with Stripe now and revisit Adyen later. Objections?"],
      ["Rach", "None from me."],
      ["Diego", "No."],
      ["Kasia", "Okay. Let's move on. We're decided: the mobile launch moves to April second."],
      ["Rach", "I propose we drop the legacy reporting module."],
      ["Omar", "Agreed."],
    ]);
    const out = findDecisions(sentences, speakers);
    expect(out).toEqual([
      "My proposal: we go with Stripe now and revisit Adyen later. (Kasia)",
      "We're decided: the mobile launch moves to April second. (Kasia)",
      "I propose we drop the legacy reporting module. (Rach)",
    ]);
  });

  it("does not take a proposal someone pushes back on", () => {
    const { sentences, speakers } = meeting([
      ["Maggie", "Then let's cut the trade show entirely."],
      ["Paddy", "Hmm. Can I push back? Sales gets a third of their pipeline there."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([]);
  });

  it("keeps only the final state of a reversed decision", () => {
    const { sentences, speakers } = meeting([
      ["Maggie", "Then let's cut the trade show this year."],
      ["Fatima", "Agreed."],
      ["Andre", "What if we kept it smaller?"],
      ["Maggie", "So let me revise. We don't cut the trade show, we keep it with the small booth."],
      ["Paddy", "I can live with that."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual(["We don't cut the trade show, we keep it with the small booth. (Maggie)"]);
  });

  it("records motions that carry and motions that fail, with the mover and the outcome", () => {
    const { sentences, speakers } = meeting([
      ["Jen", "I move that we extend the pool season to September twenty-first."],
      ["Tom", "I'll second that."],
      ["Chair", "All in favour? That's four. The motion carries."],
      ["Jen", "I move that we ban short-term rentals under thirty days."],
      ["Chair", "Is there a second?"],
      ["Howard", "I'll second for discussion."],
      ["Chair", "All in favour? One. Opposed? Three. The motion fails."],
      ["Chair", "Is there a motion to adjourn?"],
      ["Tom", "So moved."],
      ["Howard", "Second."],
      ["Chair", "Carried. Adjourned."],
    ]);
    const points = findDecisionPoints(sentences, speakers);
    expect(points.map((p) => [p.text, p.outcome, p.speaker, p.kind])).toEqual([
      ["Motion carried: Extend the pool season to September twenty-first.", "made", "Jen", "motion"],
      ["Motion failed: Ban short-term rentals under thirty days.", "failed", "Jen", "motion"],
    ]);
    expect(points[0]!.turn).toBe(0);
  });

  it("a vote the chair announces in words carries; a later recap's 'failed' is not this motion's outcome", () => {
    const { sentences, speakers } = meeting([
      ["Rob", "I move that we postpone the tour decision to the January meeting."],
      ["Maria", "Second."],
      ["Dot", "All in favour? Four. The tour is postponed to January."],
      [
        "Dot",
        "Let's vote on the motion to raise tuition. All in favour? Bob. Opposed? Trish, Maria, and I'll vote no as well. The motion fails.",
      ],
    ]);
    expect(findDecisionPoints(sentences, speakers).map((d) => [d.text, d.outcome])).toEqual([
      ["Motion carried: Postpone the tour decision to the January meeting.", "made"],
    ]);
  });

  it("a 'Decisions:' list gives each of its parts", () => {
    const { sentences, speakers } = meeting([
      ["Isabelle", "Okay, let me wrap. Decisions: three screens instead of five; primary buttons use the dark green."],
    ]);
    expect(findDecisions(sentences, speakers)).toEqual([
      "Three screens instead of five. (Isabelle)",
      "Primary buttons use the dark green. (Isabelle)",
    ]);
  });

  it("a short confirmation settles the sentence before it", () => {
    const { sentences, speakers } = meeting([["Chris", "Okay. So we're making an offer to Amara. Decision made."]]);
    expect(findDecisions(sentences, speakers)).toEqual(["So we're making an offer to Amara. (Chris)"]);
  });

  it("a proposal nobody answered counts when the recap repeats it", () => {
    const { sentences, speakers } = meeting(
      [
        ["Maggie", "So we keep the website redesign in the budget for now."],
        ["Andre", "The forecast took me a week by hand last time."],
        ["Maggie", "Recap. The website redesign stays in the budget; Andre sends the forecast."],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual(["So we keep the website redesign in the budget for now. (Maggie)"]);
  });

  it("a recap's statements are decisions, its tasks are not", () => {
    const { sentences, speakers } = meeting(
      [
        ["Megan O'Brien", "Okay, the flaky tests."],
        ["Liz Turner", "They fail every other night."],
        [
          "Megan O'Brien",
          "Let me recap. Liz quarantines the three flaky tests today. Standup stays at nine fifteen. I tell marketing today.",
        ],
      ],
      [2],
    );
    expect(findDecisions(sentences, speakers)).toEqual(["Standup stays at nine fifteen. (Megan O'Brien)"]);
  });

  it("lists at most `max`, the surest first, in meeting order", () => {
    const turns: [string, string][] = [];
    const items = "roof paving lighting fencing signage benches planters gates parking mailboxes playground drainage".split(" ");
    for (const item of items)
      turns.push(["A", `I move that we approve the ${item} contract for spring.`], ["B", "Second."], ["C", "Carried."]);
    turns.push(["A", "I propose we paint the clubhouse door blue."], ["B", "Sounds good."]);
    const { sentences, speakers } = meeting(turns);
    const out = findDecisionPoints(sentences, speakers, 8);
    expect(out).toHaveLength(8);
    expect(out.every((d) => d.kind === "motion")).toBe(true);
    expect(out.map((d) => d.order)).toEqual([...out.map((d) => d.order)].sort((a, b) => a - b));
  });

  it("stays linear: a meeting of 20,000 turns with proposals everywhere is read once", () => {
    const turns: [string, string][] = [];
    const word = (i: number) => `w${i.toString(36).replace(/\d/g, (d) => "abcdefghij"[+d]!)}`;
    for (let i = 0; i < 20_000; i++)
      turns.push([i % 2 ? "A" : "B", i % 3 ? "Agreed." : `Let's go with ${word(i)} ${word(i + 7)} ${word(i + 13)}.`]);
    const { sentences, speakers } = meeting(turns);
    // Counted work, not time: the same-matter check looks back at most a fixed number of kept candidates.
    expect(findDecisionPoints(sentences, speakers, 8)).toHaveLength(8);
  });
});
