// How a question becomes a query and which ranked passages the built-in answer cites (decision
// 039): frame words, speakers named by role, short turns cited with their exchange, long
// sentences cut so that each leading moment is cited. Pure functions, no database.
import { describe, expect, it } from "vitest";
import type { PassageText } from "../search/search.repo";
import { builtInAnswer, exchangeKey, exchangeTurns, needsExchange, questionWords, speakerWordsOf } from "./ask.service";

const turn = (position: number, start: number, speaker: string, body: string, score = 0, meeting_id = "m"): PassageText => ({
  meeting_id,
  title: "Remote design",
  kind: "turn",
  position,
  speaker,
  start_seconds: start,
  body,
  score,
  meeting_score: 5,
});

describe("the question as a query", () => {
  it("drops the words that frame a question and keeps its topic", () => {
    expect(questionWords("Summarize the discussion about the battery cover")).toBe("the about the battery cover");
    expect(questionWords("What did Maria think of the flip top?")).toBe("Maria of the flip top?");
    // A question of frame words only keeps them: there is nothing else to look for.
    expect(questionWords("What was said?")).toBe("What was said?");
  });

  it("reads a role in any case as the speaker whose label holds it, and a role with a letter as that one label", () => {
    expect(speakerWordsOf("What did the professor think about the budget?")).toEqual(["professor", "Professor"]);
    expect(speakerWordsOf("What did the Professor think about the budget?")).toEqual(["Professor"]);
    expect(speakerWordsOf("Why did the project manager disagree?")).toEqual(["manager", "Manager"]);
    // "PhD C" is one label (search matches it whole): its words alone would weigh every PhD and every C.
    expect(speakerWordsOf("What did PhD C think about the LCD?")).toEqual(["LCD"]);
    expect(speakerWordsOf("What did grad G and Grad D discuss?")).toEqual([]);
    // A letter alone names the speaker whose label ends with it.
    expect(speakerWordsOf("What did F think about the XML format?")).toEqual(["F", "XML"]);
    expect(speakerWordsOf("What did Marketing think of the flip top?")).toEqual(["Marketing"]);
  });

  it("names no speaker for a question's own capitalised words, the group or 'I'", () => {
    expect(speakerWordsOf("Summarize the discussion about the battery")).toEqual([]);
    expect(speakerWordsOf("What did the team think about the remote?")).toEqual([]);
    expect(speakerWordsOf("Why did they decide? What was it I missed?")).toEqual([]);
    expect(speakerWordsOf("According to the group, how was the budget split?")).toEqual([]);
  });
});

describe("a short turn is cited with its exchange", () => {
  const short = turn(10, 100, "Ben", "The locator?", 6);
  const near = [
    turn(8, 60, "Cleo", "We talked about the budget before the break, nothing about finding it."),
    turn(9, 95, "Ana", "Do we still want it, given the cost of the chip?"),
    turn(11, 103, "Ana", "Yes, a beeper that finds the remote when it is lost under the sofa."),
    turn(12, 180, "Dan", "The locator chip costs two euros, too much for the whole budget."),
    turn(13, 110, "Eve", "A beeper that finds the locator in another meeting.", 0, "other"),
  ];
  const ranked = [short, turn(30, 600, "Dan", "I think the locator can wait until the next product.", 3)];

  it("picks the short turns of what was ranked, and their exchange: the turns of the same half minute, in order", () => {
    expect(needsExchange([...ranked, { ...short, kind: "summary", start_seconds: null }])).toEqual([short]);
    // Cleo (40 s before), Dan (80 s after) and another meeting's turn are not the exchange.
    expect(exchangeTurns(short, near).map((t) => t.position)).toEqual([9, 11]);
    // Where no turn is that close (a committee's long turns), the turns just before and after stand for it.
    expect(exchangeTurns(short, [near[0]!, near[3]!]).map((t) => t.position)).toEqual([8, 12]);
  });

  it("cites the short turn as the moment found, with its exchange's words, each line with who said it and when", () => {
    const exchanges = new Map([[exchangeKey(short), exchangeTurns(short, near)]]);
    const a = builtInAnswer("What about the locator?", ranked, 3, 30, exchanges);
    expect(a.citations[0]).toMatchObject({ turnIndex: 10, start: 100, speaker: "Ben", text: "The locator?" });
    expect(a.answer).toContain("Ana (1:43): Yes, a beeper that finds the remote when it is lost under the sofa. [1]");
    expect(a.answer).not.toContain("two euros");
    expect(a.answer).not.toContain("another meeting");
    // In the order said: the exchange at 1:35–1:43 before the turn at 10:00.
    expect(a.answer.indexOf("(1:43)")).toBeLessThan(a.answer.indexOf("(10:00)"));
    expect(a.citations.map((c) => c.turnIndex)).toEqual([10, 30]);
  });

  it("without its exchange, a turn with no sentence to answer with is not cited (as before)", () => {
    const a = builtInAnswer("What about the locator?", ranked, 3, 30);
    expect(a.citations.map((c) => c.turnIndex)).toEqual([30]);
    // An exchange for a passage that is not ranked brings nothing.
    const stray = new Map([[exchangeKey(turn(50, 900, "Ben", "Hm?")), exchangeTurns(short, near)]]);
    expect(builtInAnswer("What about the locator?", ranked, 3, 30, stray).citations.map((c) => c.turnIndex)).toEqual([30]);
  });
});

describe("a short turn that holds the question's words only through its speaker's label", () => {
  it("is cited when its exchange says them, and not when neither it nor its exchange does", () => {
    const mm = turn(20, 300, "User Interface", "Mm.", 8);
    const near = [
      turn(19, 296, "Marketing", "So the prototype has a rubber case and a jog dial."),
      turn(21, 305, "Ana", "Lunch is at noon."),
    ];
    const ex = new Map([[exchangeKey(mm), exchangeTurns(mm, near)]]);
    const a = builtInAnswer("How did User Interface present the prototype?", [mm], 3, 30, ex);
    expect(a.citations.map((c) => c.turnIndex)).toEqual([20]);
    expect(a.answer).toContain("Marketing (4:56): So the prototype has a rubber case and a jog dial. [1]");
    const quiet = new Map([[exchangeKey(mm), [near[1]!]]]);
    expect(builtInAnswer("How did User Interface present the prototype?", [mm], 3, 30, quiet).citations).toEqual([]);
  });
});

describe("each leading moment is cited", () => {
  it("cuts a long sentence of a leading moment to the part that says the question's words", () => {
    const filler = Array.from({ length: 70 }, (_, i) => `word${i}`).join(" ");
    const long = `${filler} and so the battery cover should clip on firmly without any screws at all in the end.`;
    const ranked = [
      turn(1, 0, "Ana", long, 4),
      turn(20, 200, "Ben", `${filler} while the battery cover is the part people lose first, our survey found.`, 3),
      turn(40, 400, "Cleo", "We agreed the battery cover stays yellow.", 2),
    ];
    const a = builtInAnswer("battery cover", ranked);
    expect(a.citations.map((c) => c.turnIndex)).toEqual([1, 20, 40]);
    expect(a.answer).toMatch(/Ana \(0:00\): …[^\n]*battery cover should clip on firmly[^\n]*\[1\]/);
    expect(a.answer).toContain("Cleo (6:40): We agreed the battery cover stays yellow. [3]");
    expect(a.answer.split(/\s+/).length).toBeLessThanOrEqual(140);
    // The citation keeps the turn whole.
    expect(a.citations[0]!.text).toBe(long);
  });

  it("keeps a single leading passage's sentence whole", () => {
    const body = `${Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ")} about the battery cover.`;
    const a = builtInAnswer("battery cover", [turn(1, 0, "Ana", body, 4)]);
    expect(a.answer).not.toContain("…");
  });
});
