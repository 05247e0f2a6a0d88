// Due-date phrases added for the held-out review, with sentences written for this file.
import { describe, expect, it } from "vitest";
import {
  datesNamed,
  findDueDates,
  lastMonthNamed,
  namesWindow,
  pickDueDate,
  datesSameWork,
  stripDuePhrases,
  weekdayBefore,
  type DateHint,
} from "./due-date";

const base = new Date("2025-03-12T12:00:00Z"); // a Wednesday
const due = (t: string, monthHint: number | null | DateHint = null) => pickDueDate(findDueDates(t, base, false, monthHint))?.date ?? null;

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

  it("reads a day-end or day-start word before a weekday as that weekday ('EOD Thursday', 'first thing Monday')", () => {
    expect(due("you'll get the revised quote EOD Thursday")).toBe("2025-03-13");
    expect(due("the slides, end of day Friday")).toBe("2025-03-14");
    expect(due("I can turn it round first thing Monday")).toBe("2025-03-17");
    expect(findDueDates("I'll get the contract back EOD Thursday", base)[0]).toMatchObject({ date: "2025-03-13", deadline: true });
    expect(findDueDates("then first thing tomorrow", base)[0]).toMatchObject({ date: "2025-03-13", deadline: true });
    expect(due("the invoices by EOD")).toBe("2025-03-12");
  });

  it("reads 'next Friday' as the Friday of the next calendar week", () => {
    expect(due("the floor plan by next Friday")).toBe("2025-03-21");
    expect(due("next Wednesday works for the vendor call")).toBe("2025-03-19");
    expect(due("next Monday")).toBe("2025-03-17");
    expect(due("this Friday")).toBe("2025-03-14");
    expect(due("by Friday")).toBe("2025-03-14");
  });

  it("gives no due date for a bare 'this week' or 'next week', but the end of a week is its Friday", () => {
    expect(due("I'll call the landlord this week")).toBeNull();
    expect(due("I'll ring the insurer next week")).toBeNull();
    expect(due("the quotes by the end of next week")).toBe("2025-03-21");
    expect(due("the quotes by end of the week")).toBe("2025-03-14");
  });

  it("reads 'by the June meeting' of a monthly meeting as the same weekday of the month in June, and a bare 'after this' as today", () => {
    // 2025-03-12 is the second Wednesday of March.
    expect(due("I'll bring the quotes to the June meeting")).toBe("2025-06-11");
    expect(due("a draft by the April board meeting")).toBe("2025-04-09");
    expect(due("I'll send the figures after this.")).toBe("2025-03-12");
    expect(due("after this we break for lunch")).toBeNull();
    expect(stripDuePhrases("send the figures after this")).toBe("send the figures");
  });

  it("keeps 'by the twentieth' a date when a preposition follows the deadline", () => {
    expect(due("she revises the leaflet by the twentieth with the new prices")).toBe("2025-03-20");
    expect(due("by the twenty-fifth at the latest")).toBe("2025-03-25");
    expect(due("we bought the first with a loading dock")).toBeNull();
  });

  it("strips the new phrases from task text", () => {
    expect(stripDuePhrases("collect the receipts by end of April")).toBe("collect the receipts");
    expect(stripDuePhrases("return the forms first thing tomorrow")).toBe("return the forms");
    expect(stripDuePhrases("return the forms EOD Thursday")).toBe("return the forms");
    expect(stripDuePhrases("send the figures EOW")).toBe("send the figures");
    expect(stripDuePhrases("book the room for next week")).toBe("book the room");
    expect(stripDuePhrases("post it on March 3rd")).toBe("post it");
  });

  it("reads a bare day as the day named with its month before, then the month talked about (third round)", () => {
    const hint = (month: number | null, pairs: [number, number][]) => ({ month, dayMonth: new Map(pairs) });
    // "The winter concert is December seventh." … "Vienna waits for January twentieth." … "at the concert on the seventh"
    expect(due("I'll ask her at the concert on the seventh", hint(0, [[7, 11]]))).toBe("2025-12-07");
    expect(due("the gala is May ninth and I'll send the seating plan by the ninth")).toBe("2025-05-09");
    // No day named before with its month: the month talked about, as before (up to the month after the next tenth;
    // round seven: a month further on would be named with the day).
    expect(due("I'll send it by the tenth", hint(4, [[7, 11]]))).toBe("2025-05-10");
    expect(due("I'll send it by the tenth", hint(0, [[7, 11]]))).toBe("2025-04-10");
    // A day named before but already past is not taken: the next such day.
    expect(due("by the fifth", hint(null, [[5, 1]]))).toBe("2025-04-05");
    // "the nineteenth of December" names its own month, whatever was talked about.
    expect(due("I'll send them round by the nineteenth of December", hint(0, []))).toBe("2025-12-19");
    expect(datesNamed("the concert is December seventh, the vote on the 3rd of May, and Friday")).toEqual([
      [7, 11],
      [3, 4],
    ]);
  });

  it("reads a refused date as a date ('the twenty-eighth won't work'), and a week or sprint as a window", () => {
    expect(findDueDates("so the twenty-eighth won't work for us", base, true).map((d) => d.date)).toEqual(["2025-03-28"]);
    expect(namesWindow("that can wait until next week")).toBe(true);
    expect(namesWindow("I'll look at it next sprint")).toBe(true);
    expect(namesWindow("by the end of next week")).toBe(false);
    expect(namesWindow("early next week works")).toBe(false);
  });

  // Fourth round (issue 30): classes found on meetings written by people who never saw the rules.
  it("reads 'Thursday the nineteenth' as the nineteenth, not the next Thursday", () => {
    expect(due("Then I'll book a follow-up review for Thursday the twenty-seventh")).toBe("2025-03-27");
    expect(due("the tasting is Tuesday, the 25th, at Harbour")).toBe("2025-03-25");
    expect(due("let's do it Friday the first", { month: 3 })).toBe("2025-04-01");
    expect(due("I'll send it Thursday")).toBe("2025-03-13");
    expect(stripDuePhrases("book a follow-up review, two weeks out, Thursday the twenty-seventh")).toBe("book a follow-up review,,");
  });

  it("reads 'two weeks out' as a fortnight on, but a rate ('hours in a week') as no date", () => {
    expect(due("the next review, two weeks out")).toBe("2025-03-26");
    expect(due("write down roughly how many hours each project eats in a week")).toBeNull();
    expect(due("the queue gets three times the tickets in a day")).toBeNull();
    expect(due("I'll have it for you in a week")).toBe("2025-03-19");
  });

  it("reads 'in the July packet' like 'by the July meeting'; 'on the July agenda' places an item, no deadline", () => {
    // The second Wednesday of the month, as this meeting is.
    expect(due("I'll have the second quote in the April packet")).toBe("2025-04-09");
    expect(due("bring the counts to the May council meeting")).toBe("2025-05-14");
    expect(due("Lorraine puts it on the April agenda")).toBeNull();
  });

  it("a date ruled out ('the thirtieth, not the twenty-third') is not the one meant", () => {
    expect(findDueDates("the hearing moves to the thirtieth, not the twenty-third", base).map((d) => d.date)).toEqual(["2025-03-30"]);
    expect(due("not Friday, the notice goes out Monday")).toBe("2025-03-17");
  });

  it("reads times of the meeting's day ('by noon', 'before you go home') as today, unless a day is said with them", () => {
    expect(due("I'll do a sample off it, I can have that by noon")).toBe("2025-03-12");
    expect(due("write it up before you go home")).toBe("2025-03-12");
    expect(due("the racking is taped off by end of shift")).toBe("2025-03-12");
    expect(due("Han writes the timeline by noon tomorrow")).toBe("2025-03-13");
    expect(due("I'll send it Thursday by noon")).toBe("2025-03-13");
    expect(due("we had lunch at noon")).toBeNull();
  });

  it("a date checked as a fact about something ('the deadline's September fifteenth, isn't it?') is no one's deadline", () => {
    expect(due("The autumn deadline's September fifteenth, isn't it?")).toBeNull();
    expect(due("The hearing is the thirtieth, right?")).toBeNull();
    expect(due("So you're sending it by Friday, right?")).toBe("2025-03-14");
    expect(due("The deadline is Friday.")).toBe("2025-03-14");
  });
});

describe("round five: dates that are not a deadline", () => {
  it("reads 'today' as 'these days' in a present-tense habit, and as the day otherwise", () => {
    expect(due("Today we keep the recordings ninety days.")).toBeNull();
    expect(due("Today, customers wait two weeks for a refund.")).toBeNull();
    expect(due("Can you send me the onboarding checklist you use today?")).toBeNull();
    expect(due("We currently run the backups today by hand, it's a pain.")).toBeNull();
    // Negatives: the speaker's own day, a plan, a deadline.
    expect(due("Today I'll send the refunds report.")).toBe("2025-03-12");
    expect(due("Today, I send them after this meeting.")).toBe("2025-03-12");
    expect(due("Today we need to ship the fix.")).toBe("2025-03-12");
    expect(due("I'll send you the checklist we use today, by the way, before I log off.")).toBeNull();
    expect(due("The deadline is today.")).toBe("2025-03-12");
    expect(due("We'll use it today.")).toBe("2025-03-12");
  });

  it("reads 'until after Monday' as what something is held back to, not a deadline", () => {
    expect(due("I'll ask him to hold the renewal talk until after Monday.")).toBeNull();
    expect(due("Let's wait till after Friday with the announcement.")).toBeNull();
    expect(due("I'll have it until Monday.")).toBe("2025-03-17");
  });
});

describe("round five: relative dates people say", () => {
  it("reads 'the day after tomorrow', a bare 'first thing', 'a week from Friday' and 'Friday week'", () => {
    expect(due("I'll do it the day after tomorrow.")).toBe("2025-03-14");
    expect(due("I'll send it over first thing.")).toBe("2025-03-13");
    expect(due("I'll have it first thing in the morning.")).toBe("2025-03-13");
    expect(due("I'll have it a week from today.")).toBe("2025-03-19");
    expect(due("I'll send it a week from Friday.")).toBe("2025-03-21");
    expect(due("Let's aim for Friday week.")).toBe("2025-03-21");
    // Negatives: a list's first item, a day's own first thing, a weekend.
    expect(due("The first thing we need is a budget.")).toBeNull();
    expect(due("I'll do it first thing Monday.")).toBe("2025-03-17");
    expect(due("I'll send it on Friday, weekend permitting.")).toBe("2025-03-14");
  });

  it("reads 'in the next two weeks', 'a fortnight', 'close of play' and the end of a quarter", () => {
    expect(due("I'll do it in the next two weeks.")).toBe("2025-03-26");
    expect(due("I'll have it in a fortnight.")).toBe("2025-03-26");
    expect(due("I'll have it by close of play.")).toBe("2025-03-12");
    expect(due("I'll have it by end of play Thursday.")).toBe("2025-03-13");
    expect(due("I'll send it by the end of the quarter.")).toBe("2025-03-31");
    expect(due("I'll have the numbers by end of Q2.")).toBe("2025-06-30");
    expect(due("I'll have the numbers by end of Q1.")).toBe("2025-03-31");
    // Negative: a quarter on its own is a period, not a date.
    expect(due("By Q3 we should have it.")).toBeNull();
  });
});

describe("round seven: which month a day of the month is in", () => {
  const feb10 = new Date("2026-02-10T12:00:00Z"); // a Tuesday
  const on = (t: string, d: Date, hint: number | null | DateHint = null) => pickDueDate(findDueDates(t, d, false, hint))?.date ?? null;

  it("reads a weekday with a day of the month as the coming such weekday when its day matches, whatever month was talked about", () => {
    // March 17 is a Tuesday too; the coming Tuesday is the 17th.
    expect(on("the exec call with the sponsor next Tuesday the seventeenth", feb10, 2)).toBe("2026-02-17");
    expect(on("we meet Tuesday the seventeenth", feb10, 2)).toBe("2026-02-17");
    // The coming Thursdays are the 12th and 19th: "Thursday the twenty-sixth" is two weeks on, which the month decides.
    expect(on("by Thursday the twenty-sixth", feb10)).toBe("2026-02-26");
    // A month said with it stays the month.
    expect(on("on Tuesday the seventeenth of March", feb10)).toBe("2026-03-17");
  });

  it("reads a bare day in the month talked about only up to the month after the next such day", () => {
    const apr8 = new Date("2026-04-08T12:00:00Z");
    // "With a hard stop on June thirtieth?" … "By the twentieth, so before signature."
    expect(on("By the twentieth, so before signature.", apr8, 5)).toBe("2026-04-20");
    // "Go-live is September fifteenth" … "the train-the-trainer on the tenth", said on August 5: September's.
    expect(on("I'll run it on the tenth.", new Date("2025-08-05T12:00:00Z"), 8)).toBe("2025-09-10");
  });

  it("counts 'the end of the month' as naming the meeting's month", () => {
    expect(lastMonthNamed("the option holds until July twenty-fourth, and I'd love it back by the end of the month", feb10)).toBe(1);
    expect(lastMonthNamed("by the end of the month, then the twenty-fourth of July", feb10)).toBe(6);
    // Without the meeting's date nothing changes.
    expect(lastMonthNamed("I'd love it back by the end of the month")).toBeNull();
  });

  it("reads a day named with a month of the coming new year as that month", () => {
    const nov18 = new Date("2025-11-18T12:00:00Z");
    const hint: DateHint = { month: 10, dayMonth: new Map([[20, 0]]) };
    expect(on("Bob brings three quotes by the twentieth", nov18, hint)).toBe("2026-01-20");
    // A month already past (October, said in November) says nothing about the twentieth ahead.
    expect(on("Bob brings three quotes by the twentieth", nov18, { month: null, dayMonth: new Map([[20, 9]]) })).toBe("2025-11-20");
  });
});

describe("round seven: a clock time with no day", () => {
  const wed = new Date("2026-01-21T12:00:00Z");
  const on = (t: string) => pickDueDate(findDueDates(t, wed))?.date ?? null;

  it("reads 'at two', 'before seven' as the meeting's day when the text names no day", () => {
    expect(on("I'll pair with you at two.")).toBe("2026-01-21");
    expect(on("I brief the operators before seven, so they know the new frequency.")).toBe("2026-01-21");
    expect(on("I'll ring them at nine thirty today")).toBe("2026-01-21");
  });

  it("leaves the day said with it, and numbers that are not times", () => {
    expect(on("Nine thirty, Monday. I'll send it at ten.")).toBe("2026-01-26");
    expect(on("I'll call at three tomorrow")).toBe("2026-01-22");
    expect(on("Friday at two works")).toBe("2026-01-23");
    expect(on("the error rate is at two percent")).toBeNull();
    expect(on("we cut it by three people")).toBeNull();
    // After "by" a bare number is an amount; with a clock word it is a time.
    expect(on("We need to cut the list by three.")).toBeNull();
    expect(on("I'll have it by five pm.")).toBe("2026-01-21");
  });
});

describe("round seven: a weekday with 'next week'", () => {
  const mon = new Date("2026-04-20T12:00:00Z"); // a Monday
  const on = (t: string) => pickDueDate(findDueDates(t, mon))?.date ?? null;

  it("reads 'Tuesday next week' and 'next week Thursday' as that day of the next calendar week, like 'next Tuesday'", () => {
    expect(on("I'll send it Tuesday next week.")).toBe("2026-04-28");
    expect(on("next week Thursday works for me")).toBe("2026-04-30");
    expect(on("I'll send it next Tuesday.")).toBe("2026-04-28");
  });

  it("leaves a bare weekday the coming one, also when 'next week' follows in another clause", () => {
    expect(on("I'll send it Tuesday.")).toBe("2026-04-21");
    expect(on("Tuesday, next week is too late")).toBe("2026-04-21");
    expect(on("Thursday this week")).toBe("2026-04-23");
  });
});

describe("round seven (decision 065): a date in a later sentence of the turn", () => {
  const first = "I'll put the refund rule in the customer handbook.";

  it("belongs to the work when the sentence is short, points back to it or names it", () => {
    expect(datesSameWork(first, "By Friday.")).toBe(true);
    expect(datesSameWork(first, "Friday okay with everyone?")).toBe(true);
    expect(datesSameWork(first, "I should have it done and checked by Friday at the latest, I think.")).toBe(true);
    expect(datesSameWork(first, "The handbook goes to print on Friday after the legal team has looked.")).toBe(true);
  });

  it("does not when the sentence raises something else: a long question, or other content", () => {
    expect(datesSameWork(first, "Wouldn't it be nice to run a webinar for the partners on the Friday afternoon?")).toBe(false);
    expect(datesSameWork(first, "Our partners are visiting the Leeds office on Friday for the yearly review.")).toBe(false);
  });
});
