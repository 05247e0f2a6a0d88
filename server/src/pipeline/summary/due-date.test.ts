// Due-date phrases added for the held-out review, with sentences written for this file.
import { describe, expect, it } from "vitest";
import { findDueDates, lastMonthNamed, pickDueDate, stripDuePhrases, weekdayBefore } from "./due-date";

const base = new Date("2025-03-12T12:00:00Z"); // a Wednesday
const due = (t: string, monthHint: number | null = null) => pickDueDate(findDueDates(t, base, false, monthHint))?.date ?? null;

describe("due phrases", () => {
  it("reads abbreviations and day-end phrases", () => {
    expect(due("I'll have the draft over EOW")).toBe("2025-03-14");
    expect(due("the numbers by EOD")).toBe("2025-03-12");
    expect(due("I can sign it by close of business")).toBe("2025-03-12");
    expect(due("I'll do it right after this")).toBe("2025-03-12");
    expect(due("first thing tomorrow morning")).toBe("2025-03-13");
  });

  it("reads 'early next week' as Monday and 'within N weeks' as days", () => {
    expect(due("sometime early next week")).toBe("2025-03-17");
    expect(due("at the start of next week")).toBe("2025-03-17");
    expect(due("within three weeks")).toBe("2025-04-02");
  });

  it("reads 'before the 20th' as the 20th, a bare day in the month under discussion", () => {
    expect(due("before the 20th")).toBe("2025-03-20");
    expect(due("the audit is the week of April 14th, so by the 9th?")).toBe("2025-04-09");
    expect(due("so by the 9th?", 3)).toBe("2025-04-09");
    expect(lastMonthNamed("we ship on the 3rd of June")).toBe(5);
    expect(lastMonthNamed("we may split the February invoices")).toBeNull();
  });

  it("marks 'the Tuesday before' for the caller and computes it", () => {
    expect(findDueDates("by the Tuesday before, please", base)[0]).toMatchObject({ then: true, weekdayBefore: 2 });
    expect(weekdayBefore("2025-03-28", 2)).toBe("2025-03-25");
  });

  it("leaves out other people's timelines, past events, possessives and 'for now'", () => {
    expect(due("tell him he'll get an answer next week")).toBeNull();
    expect(due("they want to sign it off before Friday")).toBeNull();
    expect(due("the courier dropped the boxes off on Monday")).toBeNull();
    expect(due("the parts arrived on the 10th")).toBeNull();
    expect(due("send the board tonight's figures")).toBeNull();
    expect(due("tomorrow's fine")).toBe("2025-03-13");
    expect(due("I'll park them with me for now")).toBeNull();
  });

  it("strips the new phrases from task text", () => {
    expect(stripDuePhrases("send the figures EOW")).toBe("send the figures");
    expect(stripDuePhrases("book the room for next week")).toBe("book the room");
    expect(stripDuePhrases("post it on March 3rd")).toBe("post it");
  });
});
