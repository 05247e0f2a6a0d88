// Owners through names people are called by (issue 30, fourth round). Sentences written for this file.
import { describe, expect, it } from "vitest";
import type { Utterance } from "../../../../contract/transcript";
import { extractActionItems } from "./actions";
import { answeredNames, makeContext, resolveOwner } from "./owners";

const turns = (lines: [string, string][]): Utterance[] =>
  lines.map(([speaker, text], i) => ({ speaker, text, start: i * 10, end: i * 10 + 8 }));

describe("names people are called by", () => {
  it("learns a nickname from who answers it ('Shiv' for Siobhan, 'Hala' for Halina)", () => {
    const u = turns([
      ["Deborah Mensah", "Morning. Shiv, how did the press list go?"],
      ["Siobhan Keane", "Good, forty names, all checked."],
      ["Deborah Mensah", "Great. And the webinar. Shiv, can you build the sign-up page for it?"],
      ["Siobhan Keane", "Sure, I'll build it."],
      ["Deborah Mensah", "Nights next. How many are we short, Hala?"],
      ["Halina Wojcik", "Three, with the agency."],
    ]);
    expect(answeredNames(u)).toEqual(
      new Map([
        ["shiv", "Siobhan Keane"],
        ["hala", "Halina Wojcik"],
      ]),
    );
    expect(extractActionItems(u, new Date("2025-09-09T12:00:00Z"), false).map((it) => [it.task, it.assignee])).toContainEqual([
      "Build the sign-up page",
      "Siobhan Keane",
    ]);
  });

  it("does not take a word said like a name for one ('Opposed?', 'Next?'), nor one name for two people", () => {
    const u = turns([
      ["Maria Lopez", "All in favour? Opposed?"],
      ["Tom Becker", "None."],
      ["Maria Lopez", "Opposed?"],
      ["Tom Becker", "Still none."],
      ["Maria Lopez", "Next? Anything else, Sunny?"],
      ["Tom Becker", "Not from me."],
      ["Maria Lopez", "Sunny?"],
      ["Anna Novak", "No, nothing."],
    ]);
    expect(answeredNames(u)).toEqual(new Map());
  });

  it("a name heard once goes only to a person whose first name starts like it", () => {
    const u = turns([
      ["Maria Lopez", "Dalby's numbers are late again, Dalby?"],
      ["Tom Becker", "I'll ask them."],
    ]);
    expect(answeredNames(u).has("dalby")).toBe(false);
  });

  it("a family name, with or without a title ('Mr. Tanaka', 'Tanaka'), is the one speaker with that family name", () => {
    const ctx = makeContext(
      turns([
        ["Latoya Simmons", "Let's start."],
        ["Hiroshi Tanaka", "Thank you."],
        ["Abigail Fenwick", "Hello."],
      ]),
    );
    expect(resolveOwner("Mr. Tanaka", ctx)).toBe("Hiroshi Tanaka");
    expect(resolveOwner("Ms Fenwick", ctx)).toBe("Abigail Fenwick");
    expect(resolveOwner("Dr. Weiss", ctx)).toBe("Dr. Weiss");
    // The family name alone, or with a council's or a union's title.
    expect(resolveOwner("Tanaka", ctx)).toBe("Hiroshi Tanaka");
    expect(resolveOwner("Councillor Simmons", ctx)).toBe("Latoya Simmons");
    // A family name that is also someone's first name is theirs ("Thomas" is Thomas Brandt, not Ana Thomas).
    const two = makeContext(
      turns([
        ["Thomas Brandt", "Hi."],
        ["Ana Thomas", "Hello."],
      ]),
    );
    expect(resolveOwner("Thomas", two)).toBe("Thomas Brandt");
  });
});
