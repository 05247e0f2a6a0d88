// Precision rules for built-in action items: a real verb with a real object, an owner who is in the
// meeting, a due date only from a date phrase.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { actionItemsWithPossible, extractActionItems } from "./actions";
import { makeContext } from "./owners";
import { isActionableTask, preciseItems } from "./precision";

let clock = 0;
const say = (speaker: string, text: string): Utterance => ({ speaker, start: clock++, end: clock, text });
const meetingDate = new Date("2025-03-12T12:00:00Z");

describe("action-item precision", () => {
  it("refuses fragments, pronoun-only objects and what is done in the meeting itself", () => {
    for (const t of [
      "Draw one",
      "Put there",
      "Let Mr",
      "Go into that",
      "Test, test, test",
      "Do it",
      "Give it a two",
      "Talk about the new project requirements",
      "Go on to my findings",
      "Do for the next meeting",
      "Do from a marketing point of view",
      // Objects that are only pointers or manner once stemming is out of the way ("one" stems to "on").
      "Work on this one",
      "Work on those ones",
      "Work on your own",
      "Work on next",
      "Finish up real soon",
      "Look at it for about two minutes",
      "Meet you in about a half an hour",
      "Go without it",
      "Work with him",
      "Take a vote",
      "Do here, and by leaving it open",
      "Work with the same thing, in quotes, except",
      // "Work" that was a noun, and an object that is only "as well".
      "Work is a Clique testnet",
      "Work on as well",
      "Return to paper to note 18 when we go into private",
      "Work with her colleagues",
      "Work with partners, but what does that look",
    ])
      expect(isActionableTask(t), t).toBe(false);
    for (const t of [
      "Work on the working design of the remote",
      "Send the minutes to everyone",
      "Let Sara know about the budget",
      "Have the quote written up for Gloria",
      "Meet the client on Friday",
      "Make a folder for the minutes",
      "Work together on this one",
      "Explore the option of a two-piece remote",
      "Negotiate the price with the vendor",
      "Work with the designer on the prototype",
      "Work with the Quebec government to fund the shelters",
    ])
      expect(isActionableTask(t), t).toBe(true);
  });

  it("never gives an item of fewer than three words", () => {
    const items = extractActionItems(
      [
        say("Project Manager", "I'll draw one. Let me put there. I'll go into that."),
        say("Marketing", "Okay, I'll test, test, test."),
        say("Industrial Designer", "I'll send the battery specs to everyone."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([["Send the battery specs to everyone", "Industrial Designer"]]);
  });

  it("gives the owner only to someone in the meeting", () => {
    const items = extractActionItems(
      [
        say("Lena Ortiz", "Action item for Mr: book the hall for the fair."),
        say("Omar Haddad", "Lena, can you email the caterer about the menu?"),
        say("Lena Ortiz", "Sure."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Book the hall for the fair", null],
      ["Email the caterer about the menu", "Lena Ortiz"],
    ]);
  });

  it("reads a task given to a participant by role", () => {
    const items = extractActionItems(
      [
        say(
          "Project Manager",
          "So as the industrial designer, you're gonna be working on the working design. And Marketing is going to do the user requirements specification.",
        ),
        say("Industrial Designer", "Okay."),
        say("Marketing", "Sure."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Work on the working design", "Industrial Designer"],
      ["Do the user requirements specification", "Marketing"],
    ]);
  });

  it("cuts a long spoken task at a clause, not mid-phrase, and stutters use up none of its words", () => {
    const items = extractActionItems(
      [
        say(
          "Project Manager",
          "So then I will ask the User Interf Interface Designer to to think about the point we discussed like the number of buttons, the the fact that it is lighted or not, things like that, and what would be convenient for the user.",
        ),
        say("User Interface", "Okay."),
        say(
          "Ana Ruiz",
          "I'll go through some new project requirements that the management have placed on us which will be challenging in the next phase.",
        ),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Think about the point we discussed like the number of buttons", "User Interface"],
      // No comma to end at: cut, but not on a word that leaves the phrase hanging ("…challenging in").
      ["Go through some new project requirements that the management have placed on us which will be challenging…", "Ana Ruiz"],
    ]);
  });

  it("ends a task before a question or a clause of time or reason begun after it", () => {
    const items = extractActionItems(
      [
        say("Project Manager", "Marketing, you will work on the basic look and feel, what can we accomplish given the budget."),
        say("Marketing", "Okay."),
        say("Project Manager", "And Industrial Designer, you'll look at the television remote whilst they're using it."),
        say("Industrial Designer", "Sure."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Work on the basic look and feel", "Marketing"],
      ["Look at the television remote", "Industrial Designer"],
    ]);
  });

  it("takes a due date only from an explicit date phrase", () => {
    const items = extractActionItems(
      [
        say("Ana Ruiz", "I'll send the revised budget to the board by Friday."),
        say("Ben Lo", "I'll update the risk register after the next release."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.dueDate])).toEqual([
      ["Send the revised budget to the board", "2025-03-14"],
      ["Update the risk register after the next release", null],
    ]);
    const undated = extractActionItems([say("Ana Ruiz", "I'll review the contract with legal in the next phase.")], meetingDate);
    expect(undated.map((i) => i.dueDate)).toEqual([null]);
  });
});

describe("action-item precision, third round", () => {
  it("'this' / 'that' before a noun is a determiner; 'have a draft plan' is a delivery, 'have a look' is not", () => {
    for (const t of [
      "Send this recap by email",
      "Update that contract before Friday",
      "Have a draft project plan for Gabriel",
      "Have a proposal ready",
    ])
      expect(isActionableTask(t, true), t).toBe(true);
    for (const t of [
      "Keep this short",
      "Put that there",
      "Do that for the next meeting",
      "Do this quarter",
      "Have a look at it",
      "Have a quick chat",
    ])
      expect(isActionableTask(t, true), t).toBe(false);
  });
});

describe("action-item precision, third round: verbs of change", () => {
  it("knows 'mark', 'revise', 'change', 'turn on' (not 'turn to'), and 'once the list is final' ends nothing", () => {
    for (const t of [
      "Mark the old tickets as obsolete",
      "Revise the pricing page copy",
      "Change the retention rule",
      "Turn on two-factor login",
      "Draft the letter once the list is final",
    ])
      expect(isActionableTask(t, true), t).toBe(true);
    for (const t of ["Turn to the next item", "Make a final", "Revise it"]) expect(isActionableTask(t, true), t).toBe(false);
  });
});

describe("action-item precision, third round: the scorer's clauses", () => {
  it("keep the narrower reading the scorer was trained with", () => {
    for (const t of [
      "Send this recap by email",
      "Have a draft project plan for Gabriel",
      "Turn on two-factor login",
      "Draft the letter once the list is final",
    ])
      expect(isActionableTask(t), t).toBe(false);
  });
});

// Round five (decision 049): sentences written for these tests.
describe("action-item precision, round five: running the meeting, no object, strangers", () => {
  it("a motion, a second, calling the question or the roll, reading back or recording what was said is no task", () => {
    for (const t of [
      "Move that we adopt the revised bylaws",
      "Move it, for discussion",
      "Move to table the parking item",
      "Second the motion",
      "Call the question",
      "Call the roll",
      "Read back the action items",
      "Read the list out",
      "Read it back",
      "Record any abstentions by name",
      "Share my screen",
    ])
      expect(isActionableTask(t, true), t).toBe(false);
    for (const t of [
      "Move the board meeting to Thursday",
      "Move the budget into the shared drive",
      "Call the landlord about the lease",
      "Read the vendor contract before Friday",
      "Record the onboarding video for new hires",
      "Share the deck with the board",
    ])
      expect(isActionableTask(t, true), t).toBe(true);
  });

  it("a verb with no object before a comma, or a refused one ('no choice'), is no task", () => {
    for (const t of [
      "Go, you'll miss the train",
      "Hire, maybe strong hire",
      "Have no choice with the landlord",
      "Do nothing about the fees",
    ])
      expect(isActionableTask(t, true), t).toBe(false);
    expect(isActionableTask("Do the invoices, then the payroll", true)).toBe(true);
  });

  it("says nothing for a motion or a called question, as the notes would have", () => {
    const items = extractActionItems(
      [
        say("Lena Ortiz", "I'll move that we adopt the revised bylaws."),
        say("Omar Haddad", "Second."),
        say("Lena Ortiz", "I'll call the question. All in favour?"),
        say("Omar Haddad", "Aye. And I'll send the adopted bylaws to the members by Friday."),
      ],
      meetingDate,
    );
    expect(items.map((i) => i.task)).toEqual(["Send the adopted bylaws to the members"]);
  });

  it("work put on someone named who is not in the meeting is theirs, not this meeting's; a title alone is no one", () => {
    const items = extractActionItems(
      [
        say("Lena Ortiz", "Sam, can you call the venue about the deposit?"),
        say("Omar Haddad", "Sam's not on today. Lena, can you email the caterer about the menu?"),
        say("Lena Ortiz", "Sure."),
        say("Omar Haddad", "Action item for Mr: book the hall for the fair."),
      ],
      meetingDate,
    );
    expect(items.map((i) => [i.task, i.assignee])).toEqual([
      ["Email the caterer about the menu", "Lena Ortiz"],
      ["Book the hall for the fair", null],
    ]);
  });
});

describe("action-item precision, round five: a group is not a stranger", () => {
  it("an item put on a group the meeting speaks for ('Core Devs') stays, with no owner; one put on an absent person goes", () => {
    const ctx = makeContext([say("Hudson Jameson", "Welcome to the call."), say("Tim Beiko", "Thanks.")]);
    const item = (assignee: string) => ({
      task: "Decide whether to ship the fork without an audit",
      assignee,
      dueDate: null,
      sourceStart: 0,
    });
    expect(preciseItems([item("Core Devs"), item("Sam"), item("Tim")], ctx).map((i) => i.assignee)).toEqual([null, "Tim Beiko"]);
  });
});

describe("action-item precision, round seven: where the speaker goes", () => {
  it("where the speaker goes is no task ('Go lie down', 'Go and listen…'); going through something is", () => {
    for (const t of ["Go lie down", "Go and listen to a lot of dogs barking", "Go in score order", "Go home early"])
      expect(isActionableTask(t, true), t).toBe(false);
    for (const t of ["Go through the vendor contract", "Go over the budget lines with Priya"])
      expect(isActionableTask(t, true), t).toBe(true);
  });

  it("a closing 'I'm going to go lie down' is neither an action item nor a possible one", () => {
    const turns = [
      say("Dana Ortiz", "I'll send the signed lease to the landlord by Friday."),
      say("Omar Haddad", "Good. That's everything for today."),
      say("Dana Ortiz", "Right. I'm going to go lie down."),
    ];
    expect(extractActionItems(turns, meetingDate).map((i) => i.task)).toEqual(["Send the signed lease to the landlord"]);
    expect(actionItemsWithPossible(turns, meetingDate).map((i) => i.task)).toEqual(["Send the signed lease to the landlord"]);
  });
});
