// The selection's classes (issue 30, third round): sentences written for these tests.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { actionItemsWithPossible, extractActionItems } from "./actions";
import { notForLater } from "./action-select";

const DAY = new Date("2025-03-12T12:00:00Z"); // a Wednesday
let clock = 0;
const say = (speaker: string, text: string): Utterance => ({ speaker, start: clock++, end: clock, text });
const run = (...turns: Utterance[]) =>
  extractActionItems(turns, DAY, false).map(({ task, assignee, dueDate }) => [task, assignee, dueDate]);

describe("selection: repeats", () => {
  it("a recap restating a broken-off task stands in its place", () => {
    // "Set up the session for" is no task (it breaks off); the recap's line about the same session is the item.
    const items = run(
      say("Lena Fischer", "The onboarding session, I'll set up the session for, um."),
      say("Omar Haddad", "Sounds good."),
      say("Lena Fischer", "Okay, to recap. Lena runs the onboarding session on Friday."),
    );
    expect(items).toEqual([["Run the onboarding session", "Lena Fischer", "2025-03-14"]]);
  });

  it("a recap restating a real task keeps one item, with the recap's date", () => {
    const items = run(
      say("Lena Fischer", "I'll send the onboarding deck to the new hires."),
      say("Omar Haddad", "Great."),
      say("Lena Fischer", "Okay, to recap. Lena sends the onboarding deck by Friday."),
    );
    expect(items).toEqual([["Send the onboarding deck to the new hires", "Lena Fischer", "2025-03-14"]]);
  });
});

describe("selection: the same task said again", () => {
  it("one owner's same task said again five turns on is one item: the fuller words, the later date", () => {
    const items = run(
      say("Lena Fischer", "I'll check with the printer whether they can do matte covers."),
      say("Omar Haddad", "Matte would be nicer."),
      say("Ana Ruiz", "Is the budget okay for it?"),
      say("Omar Haddad", "Roughly, yes."),
      say("Ana Ruiz", "Good."),
      say("Lena Fischer", "So I'll check with the printer and come back to Omar by Friday."),
    );
    expect(items).toEqual([["Check with the printer whether they can do matte covers", "Lena Fischer", "2025-03-14"]]);
  });

  it("the same verb for other work is another item", () => {
    const items = run(
      say("Lena Fischer", "I'll check with the printer about matte covers."),
      say("Omar Haddad", "Matte would be nicer."),
      say("Lena Fischer", "And I'll check the shipping rates to Canada."),
    );
    expect(items.map((i) => i[0])).toEqual(["Check with the printer about matte covers", "Check the shipping rates to Canada"]);
  });
});

describe("selection: telling the same people again", () => {
  it("one owner telling the same people again in other words, far apart, is one item; other people are another", () => {
    const filler = Array.from({ length: 8 }, (_, k) => say(k % 2 ? "Omar Haddad" : "Ana Ruiz", `Point ${k} on the rollout plan is fine.`));
    const items = run(
      say("Lena Fischer", "I'll email the pilot customers today about the delay."),
      ...filler,
      say("Lena Fischer", "And I'll tell the pilot customers the new date."),
      say("Lena Fischer", "I'll also tell the support team the new date."),
    );
    expect(items.map((i) => i[0])).toEqual(["Email the pilot customers about the delay", "Tell the support team the new date"]);
  });
});

// Round five (decision 049): what is said like work for later but is not.
describe("selection: not work for later", () => {
  it("a look-up done on the spot is no item; one with an answer promised later is", () => {
    const items = run(
      say("Lena Fischer", "Let me check the deploy log. Okay, it went out at nine ten, version four."),
      say("Omar Haddad", "Hang on, let me pull up the dashboard so we're not guessing. Sharing now. Okay, here, latency doubled."),
      say("Ana Ruiz", "Let me, uh, I'll check their calendar. Okay, they said Tuesday works."),
      say("Lena Fischer", "Let me check the contract and get back to you by Friday."),
    );
    expect(items).toEqual([["Check the contract and get back to Ana", "Lena Fischer", "2025-03-14"]]);
  });

  it("a standup's plan for today, in a turn that reports status, is no item; a plain 'today I'll…' is", () => {
    const items = run(
      say(
        "Lena Fischer",
        "Yesterday I wrapped up the export job, it's in review. Today I'll, um, I'll pick up the retry ticket. No blockers.",
      ),
      say("Omar Haddad", "Thanks. Today I'll send the invoice to the client."),
    );
    expect(items).toEqual([["Send the invoice to the client", "Omar Haddad", "2025-03-12"]]);
  });

  it("the purpose of something else ('so Peggy can check her notes') is not the other person's task", () => {
    const m = { sents: [["Okay, let me run through it so Peggy can check her notes.", "The book fair passed."]] };
    expect(notForLater({ task: "Check her notes", turn: 0 }, m)).toBe(true);
    // "Right, so we can…" starts a sentence: no purpose of anything before it.
    expect(
      notForLater({ task: "Complete the questionnaire", turn: 0 }, { sents: [["Right, so we can complete the questionnaire."]] }),
    ).toBe(false);
    expect(notForLater({ task: "Send the slides", turn: 0 }, { sents: [["I'll send the slides so Omar can review them."]] })).toBe(false);
  });
});

describe("selection: turned down, taken back, a maybe, in progress", () => {
  const A = "Lena Fischer";
  const B = "Omar Haddad";
  const C = "Ana Ruiz";

  it("a request answered 'no' or 'I can't' is no item of the person asked; a reply of 'No problem' is a yes", () => {
    expect(
      run(
        say(A, "Omar, can you redo the pricing sheet by Friday?"),
        say(B, "No, not this sprint, I'm buried in the audit."),
        say(A, "Fair enough."),
      ),
    ).toEqual([]);
    expect(
      run(
        say(A, "Omar, could you take the vendor call on Monday?"),
        say(B, "I can't, I'm out Monday. Ana?"),
        say(C, "Sure, I'll take the vendor call."),
      ),
    ).toEqual([["Take the vendor call", C, null]]);
    expect(run(say(A, "Omar, can you redo the pricing sheet by Friday?"), say(B, "No problem."))).toEqual([
      ["Redo the pricing sheet", B, "2025-03-14"],
    ]);
  });

  it("a recap's 'Did I miss anything?' — 'No, that's it' takes nothing back", () => {
    const items = run(say(A, "Okay, to recap. Omar sends the signed contract by Friday. Did I miss anything?"), say(B, "No, that's it."));
    expect(items.map((i) => i[0])).toEqual(["Send the signed contract"]);
  });

  it("a commitment the owner withdraws ('then I won't') is no item", () => {
    expect(
      run(
        say(A, "I'll draft the press release by Thursday."),
        say(B, "Actually, hold off, marketing's doing it."),
        say(A, "Oh, okay, then I won't."),
      ),
    ).toEqual([]);
  });

  it("a maybe or a joke is no action item; the notes list the maybe as a possible one", () => {
    expect(run(say(A, "Maybe I'll bring cake for everyone, ha."), say(B, "Please do."))).toEqual([]);
    expect(run(say(A, "Perhaps I'll redo the vendor comparison sheet."), say(B, "Up to you."))).toEqual([]);
    const notes = actionItemsWithPossible([say(A, "Perhaps I'll redo the vendor comparison sheet."), say(B, "Up to you.")], DAY);
    expect(notes.map((i) => [i.task, i.suggested ?? false])).toEqual([["Redo the vendor comparison sheet", true]]);
  });

  it("work in progress is status, not an item; work promised is (the scorer's clauses too)", () => {
    const withScorer = (...turns: Utterance[]) => extractActionItems(turns, DAY).map((i) => i.task);
    expect(withScorer(say(A, "I'm working on the migration this week."), say(B, "Okay."))).toEqual([]);
    expect(withScorer(say(A, "I'll work on the migration plan this week."), say(B, "Okay."))).toEqual(["Work on the migration plan"]);
  });

  it("sending the call's recording is housekeeping", () => {
    expect(run(say(A, "I'll send the recording after the call."), say(B, "Thanks."))).toEqual([]);
    expect(run(say(A, "I'll send the signed contract after the call."), say(B, "Thanks.")).map((i) => i[0])).toEqual([
      "Send the signed contract",
    ]);
  });
});

describe("selection: one item per piece of work of one owner (round seven)", () => {
  const L = "Lena Fischer";
  const fill = (n: number) =>
    Array.from({ length: n }, (_, i) => say(i % 2 ? "Omar Haddad" : "Ana Ruiz", `Point ${i} about the venue layout and the seating.`));
  const withScorer = (...turns: Utterance[]) =>
    extractActionItems(turns, DAY).map(({ task, assignee, dueDate }) => [task, assignee, dueDate]);

  it("the same work said twice far apart, in other words, is one item", () => {
    expect(
      withScorer(
        say(L, "I'll send a note to the other directors."),
        ...fill(10),
        say(L, "Okay, wrapping up. I'll let the other directors know by Friday."),
        say("Omar Haddad", "Thanks."),
      ),
    ).toEqual([["Send a note to the other directors", L, "2025-03-14"]]);
  });

  it("a commitment said again later with a new date is one item: the fuller words, the later date", () => {
    expect(
      withScorer(
        say(L, "I'll pay the catering deposit tomorrow."),
        ...fill(10),
        say("Omar Haddad", "So the venue is settled."),
        say(L, "Oh, the catering deposit, two of us have to sign it. I'll pay the catering deposit after the board, by the nineteenth."),
        say("Omar Haddad", "Fine."),
      ),
    ).toEqual([["Pay the catering deposit after the board", L, "2025-03-19"]]);
  });

  it("other people's like work, and other work of the same person, stay apart", () => {
    expect(
      withScorer(
        say(L, "I'll send the signed contract to Hannah."),
        say("Omar Haddad", "Great."),
        say("Ana Ruiz", "I'll send the signed contract to the auditors."),
        say(L, "And I'll book the hall for the spring fair."),
        say("Omar Haddad", "Thanks."),
      ).map((i) => i.slice(0, 2)),
    ).toEqual([
      ["Send the signed contract to Hannah", L],
      ["Send the signed contract to the auditors", "Ana Ruiz"],
      ["Book the hall for the spring fair", L],
    ]);
  });
});
