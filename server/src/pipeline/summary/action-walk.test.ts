import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { request, handOver } from "./action-rules-others";
import { commitment, commitmentsIn, need, volunteer } from "./action-rules-own";
import { readMeeting, Walk } from "./action-walk";
import { actionItemsWithPossible, extractActionItems } from "./actions";
import { makeContext } from "./owners";
import { possibleActionItems } from "./possible-items";

const turn = (speaker: string, text: string, start: number): Utterance => ({ speaker, text, start, end: start + 5 });
const day = new Date("2025-03-12T12:00:00Z");
const walkOf = (utterances: Utterance[]) => new Walk(readMeeting(utterances, day, makeContext(utterances)));

describe("action-item rules propose; only the walk applies", () => {
  const meeting = [
    turn("Dana Whitfield", "Priya, can you send the pricing deck to Omar by Friday?", 0),
    turn("Priya Raman", "Sure, I'll send it tomorrow morning.", 6),
  ];

  it("a request proposes a candidate with its rule, owner, date and turn, and changes nothing itself", () => {
    const walk = walkOf(meeting);
    walk.startTurn(0);
    const s = walk.r.turnSents[0]!;
    const ops = request(walk.r, s, 0);
    expect(walk.items).toEqual([]);
    expect(ops).toHaveLength(1);
    const [op] = ops!;
    expect(op).toMatchObject({
      op: "add",
      item: {
        rule: "request",
        task: "Send the pricing deck to Omar",
        assignee: "Priya Raman",
        dueDate: "2025-03-14",
        turn: 0,
        sourceStart: 0,
      },
    });
    walk.apply(ops);
    expect(walk.items.map((it) => it.task)).toEqual(["Send the pricing deck to Omar"]);
  });

  it("accepting proposes changes to the request's candidate: the reply's turn, accepted; applied, it is bound", () => {
    const walk = walkOf(meeting);
    walk.startTurn(0);
    walk.apply(request(walk.r, walk.r.turnSents[0]!, 0));
    walk.startTurn(1);
    const s = walk.r.turnSents[0]!;
    const c = commitmentsIn(walk.r, s, 0);
    const ops = c.clauses.flatMap((clause) => commitment(walk.r, clause, s, 0, c.rest, c.generic));
    expect(ops.map((o) => o.op)).toEqual(["set", "bind"]);
    expect(walk.items[0]).toMatchObject({ turn: 0, accepted: false, sourceStart: 0 });
    walk.apply(ops);
    expect(walk.items[0]).toMatchObject({ turn: 1, accepted: true, sourceStart: 6, dueDate: "2025-03-14" });
    expect(walk.r.bound).toBe(walk.items[0]);
  });

  it("a need waits for a volunteer; the volunteer's proposal takes it", () => {
    const utterances = [
      turn("Dana Whitfield", "Someone needs to renew the permit before the 30th.", 0),
      turn("Omar Haddad", "I'll take it.", 6),
    ];
    const walk = walkOf(utterances);
    walk.startTurn(0);
    walk.apply(need(walk.r, walk.r.turnSents[0]!, 0));
    expect(walk.r.needs).toHaveLength(1);
    walk.startTurn(1);
    const s = walk.r.turnSents[0]!;
    const ops = volunteer(walk.r, s, commitmentsIn(walk.r, s, 0));
    expect(ops?.map((o) => o.op)).toEqual(["takeNeed", "add"]);
    expect(walk.r.needs).toHaveLength(1);
    walk.apply(ops);
    expect(walk.r.needs).toHaveLength(0);
    expect(walk.items.map((it) => [it.rule, it.task, it.assignee, it.dueDate])).toEqual([
      ["volunteer", "Renew the permit", "Omar Haddad", "2025-03-30"],
    ]);
  });

  it("a hand-over proposes the new owner for the speaker's recent task", () => {
    const utterances = [
      turn("Omar Haddad", "I'll book the venue for the offsite.", 0),
      turn("Omar Haddad", "Never mind, Dana's got it.", 6),
    ];
    const walk = walkOf(utterances);
    walk.startTurn(0);
    const s = walk.r.turnSents[0]!;
    const c = commitmentsIn(walk.r, s, 0);
    for (const clause of c.clauses) walk.apply(commitment(walk.r, clause, s, 0, c.rest, c.generic));
    walk.startTurn(1);
    const ops = handOver(walk.r, walk.r.turnSents[0]!);
    expect(walk.items[0]?.assignee).toBe("Omar Haddad");
    walk.apply(ops);
    expect(walk.items[0]).toMatchObject({ assignee: "Dana", assignedBy: "Omar Haddad", turn: 1 });
  });
});

describe("the notes' action items", () => {
  it("are the selected items, then the possible ones, from one pass over the scorer's candidates", () => {
    const utterances = [
      turn("Marketing", "So for the next meeting you're gonna be working on the user requirements.", 0),
      turn("Industrial Designer", "Okay. I think we should maybe look at the batteries at some point.", 6),
      turn("Marketing", "And I'll type up the minutes and put them in the project folder.", 12),
      turn("User Interface", "We have to find out about the remote's buttons too.", 18),
    ];
    const items = extractActionItems(utterances, day);
    expect(actionItemsWithPossible(utterances, day)).toEqual([...items, ...possibleActionItems(utterances, day, items)]);
  });
});

describe("a question to the room about who is doing some work (decision 059)", () => {
  const ruleItems = (utterances: Utterance[]) =>
    extractActionItems(utterances, day, false).map((it) => [it.task, it.assignee, it.dueDate ?? null]);

  it("is a need the person who takes it on owns, in the question's words", () => {
    expect(
      ruleItems([
        turn("Nora Blake", "Okay. Who's booking the venue for the offsite?", 0),
        turn("Piotr Zielinski", "I'll take it. By Friday.", 6),
      ]),
    ).toEqual([["Book the venue for the offsite", "Piotr Zielinski", "2025-03-14"]]);
    // The asker takes it after a turn between.
    expect(
      ruleItems([
        turn("Nora Blake", "And who is sending the minutes to the auditors?", 0),
        turn("Piotr Zielinski", "Not me, I sent them last time.", 6),
        turn("Nora Blake", "Fine. I'll do it.", 12),
      ]),
    ).toEqual([["Send the minutes to the auditors", "Nora Blake", null]]);
    // A date in the question is the need's.
    expect(ruleItems([turn("Nora Blake", "Who's calling the landlord today?", 0), turn("Piotr Zielinski", "Me. I'll do it.", 6)])).toEqual([
      ["Call the landlord", "Piotr Zielinski", "2025-03-12"],
    ]);
  });

  it("proposes nothing when nobody takes it, it is refused, or the question is about the meeting or done now", () => {
    expect(
      ruleItems([
        turn("Nora Blake", "Who's booking the venue for the offsite?", 0),
        turn("Piotr Zielinski", "No idea, honestly. Maybe facilities?", 6),
        turn("Nora Blake", "Okay, next item, the budget.", 12),
      ]),
    ).toEqual([]);
    expect(
      ruleItems([
        turn("Nora Blake", "Who's booking the venue for the offsite?", 0),
        turn("Piotr Zielinski", "Not me, I can't this month.", 6),
      ]),
    ).toEqual([]);
    expect(ruleItems([turn("Nora Blake", "Who's presenting the numbers?", 0), turn("Piotr Zielinski", "I'll do it.", 6)])).toEqual([]);
    expect(ruleItems([turn("Nora Blake", "Who's sharing the screen right now?", 0), turn("Piotr Zielinski", "I'll do it.", 6)])).toEqual(
      [],
    );
  });
});
