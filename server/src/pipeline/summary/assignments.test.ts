import { describe, expect, it } from "vitest";
import { assignmentFinder } from "./assignments";

// The roles are the speaker labels; the names are those said in the meeting by their owners ("I'm Kate").
const find = assignmentFinder(
  ["Project Manager", "Marketing", "User Interface", "Industrial Designer"],
  ["Kate", "Steph", "Kendra", "Andrew"],
);
const tasks = (s: string) => find(s).map((a) => [a.task, a.who]);

describe("read-out assignments", () => {
  it("reads each form of a list of who does what", () => {
    expect(tasks("Okay, so we've got the working design for ID.")).toEqual([["Work on the working design", "Industrial Designer"]]);
    expect(tasks("For UID the technical functions design.")).toEqual([["Work on the technical functions design", "User Interface"]]);
    expect(tasks("Marketing, the user requirement specification.")).toEqual([["Work on the user requirement specification", "Marketing"]]);
    expect(tasks("the look and feel design is for Kate.")).toEqual([["Work on the look and feel design", "Kate"]]);
    expect(tasks("Steph gets the user interface design.")).toEqual([["Work on the user interface design", "Steph"]]);
    expect(tasks("and the marketing expert with the product evaluation.")).toEqual([["Work on the product evaluation", "Marketing"]]);
    expect(tasks("that's Kate, for the working design.")).toEqual([["Work on the working design", "Kate"]]);
    expect(tasks("Um for user interface, technical functions, I guess.")).toEqual([["Work on technical functions", "User Interface"]]);
  });

  it("splits a list into one task per person", () => {
    expect(
      tasks("Kate will be looking at the look and feel, Kendra the user testing and Andrew of course the product evaluation."),
    ).toEqual([
      ["Work on the user testing", "Kendra"],
      ["Work on the product evaluation", "Andrew"],
    ]);
    // Initials said with "the", and "you" when "for" says it is a part of the list.
    expect(tasks("The ID is going to do the look and feel design, the UID the user interface design.")).toEqual([
      ["Work on the user interface design", "User Interface"],
    ]);
    expect(tasks("for Kate to do the components, for Steph the interface design and for you the trend-watching.")).toEqual([
      ["Work on the interface design", "Steph"],
      ["Work on the trend-watching", null],
    ]);
  });

  it("finds nothing in talk about the product", () => {
    for (const s of [
      "It is a remote for you and me.",
      "Um this is a bit pity for the Marketing Expert.",
      // Capitalised words that are nobody in the meeting.
      "We will go to the honourable member for Abbotsford.",
      "Didn't take a vote?",
      "And, On some subset.",
      "We need more buttons for the user interface.",
      "And a button for TV.",
      "an LCD with spinning wheel.",
      "Like with those words already on it?",
      "you get a discount on the second one.",
      "For marketing, we need to know more.",
      "We made it for you, the customer.",
    ])
      expect(tasks(s), s).toEqual([]);
  });
});
