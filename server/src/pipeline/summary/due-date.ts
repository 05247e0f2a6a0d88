// Due dates said in conversation, resolved against the meeting date. All arithmetic uses UTC
// calendar days so the result does not depend on the server's time zone.
//
// Conventions (as meeting notes are usually read):
// - a weekday ("Friday", "on Thursday") = the next such day after the meeting; "next Friday" = the Friday of the next
//   calendar week (said on a Wednesday it is nine days on, not two);
// - "EOD Thursday", "end of day Friday", "first thing Monday" = that weekday (the day-end words only say when in it);
// - "end of the week" / "EOW" = Friday of the meeting's week; "end of next week" = Friday of the next; a bare "this
//   week", "next week" or "next sprint" is a window, not a deadline, and gives no due date (decision 035);
// - "the 14th" / "on the fourteenth" = the next such day of the month, on or after the meeting;
// - "before the board meeting on the 14th" = the 14th; "for the week of the 13th" is not a due date;
// - "today", "tonight", "right after this call", "end of day", "EOD", "COB" = the meeting day; "tomorrow" = the next day;
// - "EOW" = "end of the week"; "early next week" / "start of next week" = Monday of the next week;
// - "in two weeks" / "give me two weeks" = +14 days; "end of the month" / "end of July" = that month's last day;
// - "by the June meeting" = the same weekday of the month in June as the meeting's ("third Tuesday"): monthly meetings;
// - "the Wednesday before" = that weekday before the date just mentioned (resolved by the caller, like "by then");
// - a date in someone else's clause ("she'll hear from us next week", "they want to approve it before Friday") is
//   their timeline, not the speaker's deadline, and is left out.
import { createRequire } from "node:module";
import { contentWords } from "./text";

// chrono-node is loaded on the first date it parses: importing it costs ~180 ms of start-up.
type Chrono = typeof import("chrono-node");
let chronoModule: Chrono | undefined;
const chrono = (): Chrono => (chronoModule ??= createRequire(import.meta.url)("chrono-node") as Chrono);

const DAY = 86_400_000;
const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const SMALL_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  "a couple of": 2,
  few: 3,
};
const ORDINAL_UNITS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

function ordinalWordValue(word: string): number | null {
  const w = word.toLowerCase().replace(/\s+/g, "-");
  const exact = ORDINAL_UNITS[w];
  if (exact !== undefined) return exact;
  const m = /^(twenty|thirty)-(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)$/.exec(w);
  const unit = m ? ORDINAL_UNITS[m[2] ?? ""] : undefined;
  if (m && unit !== undefined) return (m[1] === "twenty" ? 20 : 30) + unit;
  const n = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(w);
  return n ? Number(n[1]) : null;
}

const ORDINAL =
  "(?:\\d{1,2}(?:st|nd|rd|th)|(?:twenty|thirty)[- ](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth)";

export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function dayStart(d: Date): number {
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

function addDays(base: number, n: number): string {
  return toIsoDate(new Date(base + n * DAY));
}

function nextWeekday(base: number, weekday: number): string {
  const dow = new Date(base).getUTCDay();
  const diff = (weekday - dow + 7) % 7 || 7;
  return addDays(base, diff);
}

function mondayOfNextWeek(base: number): string {
  const dow = new Date(base).getUTCDay();
  return addDays(base, (8 - dow) % 7 || 7);
}

function fridayOfWeek(base: number, weeksAhead: number): string {
  const dow = new Date(base).getUTCDay();
  const mondayOffset = dow === 0 ? -6 : 1 - dow;
  const friday = base + (mondayOffset + 4 + 7 * weeksAhead) * DAY;
  return toIsoDate(new Date(Math.max(friday, base)));
}

/** The day in `month` (the next one on or after `base`) that is the same weekday of the month as `base` ("third Tuesday"). */
function sameWeekdayOfMonth(base: number, month: number): string | null {
  if (month < 0) return null;
  const d = new Date(base);
  const nth = Math.floor((d.getUTCDate() - 1) / 7);
  const year = month < d.getUTCMonth() ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
  const first = Date.UTC(year, month, 1);
  const offset = (d.getUTCDay() - new Date(first).getUTCDay() + 7) % 7;
  const day = 1 + offset + 7 * Math.min(nth, 3);
  return day > 31 ? null : toIsoDate(new Date(Date.UTC(year, month, day)));
}

function lastDayOfMonth(year: number, month: number): string {
  return toIsoDate(new Date(Date.UTC(year, month + 1, 0)));
}

function nextDayOfMonth(base: number, day: number): string | null {
  const d = new Date(base);
  for (let add = 0; add < 3; add++) {
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + add;
    const candidate = Date.UTC(y, m, day);
    // Skip months that do not have that day (no "February 30").
    if (new Date(candidate).getUTCDate() !== day) continue;
    if (candidate >= base) return toIsoDate(new Date(candidate));
  }
  return null;
}

export interface DueMatch {
  date: string;
  index: number;
  /** A deadline word ("by", "before", "until", "no later than") precedes it. */
  deadline: boolean;
  /** Anaphoric "by then" / "before then": resolved by the caller from earlier turns. */
  then?: boolean;
  /** "the Wednesday before": that weekday before a date mentioned earlier (0 = Sunday); resolved by the caller. */
  weekdayBefore?: number;
  /** A day of the month or a calendar date ("the 25th", "May 12"), not a weekday or a relative phrase. */
  dayOfMonth?: boolean;
}

/**
 * What the meeting said before a date, for a bare day of the month: the month being talked about, and the days it
 * named with their month ("the seventh" after "the winter concert is December seventh" is December 7, whatever month
 * was named since), the dates already agreed included.
 */
export interface DateHint {
  month: number | null;
  /** Day of the month → the month (0–11) it was last named with. */
  dayMonth?: ReadonlyMap<number, number>;
}

/** "the fifteenth" (`ordinal`, as said) with the month the meeting gave it, else the next such day on or after `base`. */
function dayOfMonthDate(ordinal: string, m: RegExpExecArray, base: number, hint: DateHint): string | null {
  const day = ordinalWordValue(ordinal);
  if (!day || day > 31) return null;
  // "the nineteenth of December" names its month.
  const of = new RegExp(`^\\s+of\\s+(${MONTHS.join("|")})\\b`, "i").exec(m.input.slice(m.index + m[0].length));
  const ofMonth = of ? MONTHS.indexOf((of[1] ?? "").toLowerCase()) : null;
  // The same day named with its month before ("December seventh" … "at the concert on the seventh"), else the
  // month being talked about ("the week of December eighth… so by the fifth?").
  const d = new Date(base);
  const named = hint.dayMonth?.get(day);
  // A day named with a month already past ("it was due February fifth", said in March) says nothing about the one
  // ahead; one of the next three months is ahead across the new year too ("January twentieth" said in November).
  const ahead = named !== undefined && (named >= d.getUTCMonth() || (named - d.getUTCMonth() + 12) % 12 <= 3);
  // The month talked about is read for a bare day only up to the month after the next such day: "by the twentieth"
  // said on April 8 just after "a hard stop on June thirtieth" is April 20 (June's would be named: "June twentieth").
  const next = nextDayOfMonth(base, day);
  const nextMonth = next ? new Date(`${next}T00:00:00Z`).getUTCMonth() : d.getUTCMonth();
  const near = (month: number) => (month - nextMonth + 12) % 12 <= 1;
  for (const month of [ofMonth, ahead ? named : null, hint.month !== null && near(hint.month) ? hint.month : null]) {
    if (month === undefined || month === null) continue;
    const year = month < d.getUTCMonth() ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
    const hinted: number = Date.UTC(year, month, day);
    if (new Date(hinted).getUTCDate() === day && hinted >= base) return toIsoDate(new Date(hinted));
  }
  return next;
}

/**
 * "Next Tuesday the seventeenth" said on February 10: the coming Tuesday or the one after is the 17th, so that is the
 * date, whatever month the talk named before (March 17 is a Tuesday too). A weekday with a day of the month pins the
 * nearest day that has both; `null` when neither of the next two such weekdays has that day (the month decides).
 */
function weekdayInTwoWeeks(base: number, weekday: string, ordinal: string): string | null {
  const day = ordinalWordValue(ordinal);
  const first = nextWeekday(base, WEEKDAYS.indexOf(weekday.toLowerCase()));
  for (const add of [0, 7]) {
    const d = addDays(Date.parse(`${first}T00:00:00Z`), add);
    if (Number(d.slice(8, 10)) === day) return d;
  }
  return null;
}

interface Rule {
  re: RegExp;
  resolve: (m: RegExpExecArray, base: number, hint: DateHint) => string | null;
  dayOfMonth?: boolean;
  /** A clock time: the meeting's day only when nothing else in the text names a day. */
  clock?: boolean;
}

// Words that may follow "the fifteenth" when it is a date; any other word makes it an ordinal
// adjective ("the first pass", "the third option").
const ORDINAL_FOLLOWERS = `then|works?|won['’]t work|doesn['’]t work|is out|is|would|will|that|and|or|at|so|please|okay|ok|fine|too|which|when|if|because|to|gives|of (?:${MONTHS.join("|")})|latest|deadline|instead|right|maybe|probably|yeah|does|should|otherwise|for (?:both|all|each|everyone|you)|\\p{L}+ly`;

// After "by the fifteenth" (a deadline word) a preposition still leaves it a date: "by the twentieth with the parking
// rules", "by the tenth at the latest" ("the first with a garden" has no deadline word).
const AFTER_DEADLINE_ORDINAL = "with|at|in|from|after|before|so|since|as|when|once|but";

// "tonight's motion" is a possessive, not a date; "tomorrow's fine" is a date.
const NOT_POSSESSIVE = "(?!['’]s\\s+(?!(?:fine|ok|okay|good|great|better|best|perfect|no|not|too|probably|when|the|it)\\b)\\p{L})";

/** Words of a rate before "in a week" ("how many hours … in a week", "twice in a day"): a measure, not a deadline. */
const RATE_BEFORE = /\b(?:how (?:many|much|often)|hours?|minutes?|times|twice|per|each|every)\b[^.,;!?]*$/i;

const RULES: Rule[] = [
  // Before "tomorrow", which it contains.
  { re: /\b(?:the )?day after tomorrow\b/gi, resolve: (_m, b) => addDays(b, 2) },
  { re: new RegExp(`\\b(?:end of (?:the )?day )?tomorrow\\b${NOT_POSSESSIVE}`, "giu"), resolve: (_m, b) => addDays(b, 1) },
  // "I'll send it over first thing", "first thing in the morning": the next morning ("the first thing we need" is a list).
  {
    re: /(?<!\b(?:the|a|one|very|only)\s)\bfirst thing(?:,? in the morning\b|(?=\s*(?:[.,;!?]|$)))/gi,
    resolve: (_m, b) => addDays(b, 1),
  },
  // "a week from today", "a week from Friday", British "Friday week": seven days on from that day.
  {
    re: new RegExp(`\\b(?:a|one) week from (today|tomorrow|${WEEKDAYS.join("|")})\\b|\\b(${WEEKDAYS.join("|")}) week\\b`, "gi"),
    resolve: (m, b) => {
      const from = (m[1] ?? m[2] ?? "").toLowerCase();
      const day = from === "today" ? addDays(b, 0) : from === "tomorrow" ? addDays(b, 1) : nextWeekday(b, WEEKDAYS.indexOf(from));
      return addDays(Date.parse(`${day}T00:00:00Z`), 7);
    },
  },
  {
    // "end of the quarter", "end of Q3": the quarter's last day.
    re: /\b(?:the )?end of (?:the |this )?(?:quarter|q([1-4]))\b/gi,
    resolve: (m, b) => {
      const d = new Date(b);
      const q = m[1] ? Number(m[1]) - 1 : Math.floor(d.getUTCMonth() / 3);
      const year = q < Math.floor(d.getUTCMonth() / 3) ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
      return lastDayOfMonth(year, q * 3 + 2);
    },
  },
  {
    re: new RegExp(
      `\\b(?:today|tonight|this (?:afternoon|evening)|(?:end of (?:the )?(?:day|business)|close of business|(?:close|end) of play|eod|cob)(?!,?\\s+(?:on\\s+|this\\s+|next\\s+)?(?:${WEEKDAYS.join("|")}|tomorrow)\\b)|(?:right |straight )?after (?:this|the) (?:call|meeting)|(?:right |straight )?after this(?=\\s*(?:[.,;!?]|$)))\\b${NOT_POSSESSIVE}`,
      "giu",
    ),
    resolve: (_m, b) => addDays(b, 0),
  },
  {
    // Times of the meeting's own day: "by noon", "before lunch", "this morning", "before end of shift", "before you go
    // home" (not "Thursday by noon", "tomorrow before lunch": the day said wins).
    re: new RegExp(
      `(?<!\\b(?:${WEEKDAYS.join("|")}|tomorrow)(?: morning)?,?\\s)\\b(?:(?:by|before|until) (?:noon|midday|lunch(?:time)?|(?:the )?end of (?:the |my |your |his |her )?shift)|this morning|before (?:I|you|he|she|they) (?:go|goes) home)\\b(?!,?\\s+(?:on\\s+|this\\s+|next\\s+)?(?:${WEEKDAYS.join("|")}|tomorrow)\\b)`,
      "gi",
    ),
    resolve: (_m, b) => addDays(b, 0),
  },
  {
    // A clock time with no day ("I'll pair with you at two.", "before seven, so they know"): the meeting's day. Only
    // when the text names no day at all (below); "at two percent", "by three people" are not times, and after "by",
    // "until" a bare number is an amount ("cut it by three.") unless a clock word comes with it ("by three thirty").
    re: /\b(?:(?:at|before)\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?::\d{2})?)(?:\s+(?:thirty|fifteen|forty-five|o['’]clock))?|(?:by|until|till)\s+(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,2}(?::\d{2})?)(?=\s*(?:thirty|fifteen|forty-five|o['’]clock|a\.m\.|p\.m\.|am|pm|today|tonight)\b)(?:\s+(?:thirty|fifteen|forty-five|o['’]clock))?)(?:\s*(?:a\.m\.|p\.m\.|am|pm))?(?=\s*(?:[,;!?]|\.(?!\d)|$)|\s+(?:today|tonight|sharp|latest|at the latest|then|so|and|for|on the dot)\b)/gi,
    resolve: (_m, b) => addDays(b, 0),
    clock: true,
  },
  // Before the "next week" rule so that "early next week" is not read as Friday.
  { re: /\b(?:early next week|(?:the )?(?:start|beginning) of next week)\b/gi, resolve: (_m, b) => mondayOfNextWeek(b) },
  // A bare "this week" / "next week" is a window, not a deadline: no due date (below). Its end is one.
  { re: /\b(?:the )?end of next week\b/gi, resolve: (_m, b) => fridayOfWeek(b, 1) },
  { re: /\b(?:(?:the )?end of (?:the |this )?week|eow)\b/gi, resolve: (_m, b) => fridayOfWeek(b, 0) },
  {
    // "in two weeks", "two weeks out"; not a rate ("how many hours each eats in a week", "three calls in a day").
    re: /\b(?:(?:in|give me|within|take|need)\s+(?:about\s+|like\s+|the next\s+)?(a couple of|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|\d+)\s+(day|week|fortnight)s?|(a|one|two|three|four|five|six|\d+)\s+(day|week)s?\s+out)\b/gi,
    resolve: (m, b) => {
      if (RATE_BEFORE.test(m.input.slice(Math.max(0, m.index - 60), m.index))) return null;
      const [count = "", unit = ""] = m[1] !== undefined ? [m[1], m[2]] : [m[3], m[4]];
      const n = SMALL_NUMBERS[count.toLowerCase()] ?? Number(count);
      const days = { day: 1, week: 7, fortnight: 14 }[unit.toLowerCase()] ?? 1;
      return Number.isFinite(n) ? addDays(b, n * days) : null;
    },
  },
  {
    // "by the June meeting", "in the July packet" (the papers sent for it): a monthly meeting falls on the same weekday
    // of the month as this one (the third Tuesday). "On the July agenda" places an item; it is no deadline.
    re: new RegExp(
      `\\b(?:by|before|at|to|for|until|till|in|into)\\s+(?:the|our)\\s+(${MONTHS.join("|")})\\s+(?:board\\s+|committee\\s+|council\\s+|staff\\s+|team\\s+)?(?:meeting|packet)\\b`,
      "gi",
    ),
    resolve: (m, b) => sameWeekdayOfMonth(b, MONTHS.indexOf((m[1] ?? "").toLowerCase())),
  },
  {
    re: /\b(?:the )?end of (?:the |this )?month\b/gi,
    resolve: (_m, b) => {
      const d = new Date(b);
      return lastDayOfMonth(d.getUTCFullYear(), d.getUTCMonth());
    },
  },
  {
    re: new RegExp(`\\b(?:the )?end of (${MONTHS.join("|")})\\b`, "gi"),
    resolve: (m, b) => {
      const d = new Date(b);
      const month = MONTHS.indexOf((m[1] ?? "").toLowerCase());
      if (month < 0) return null;
      const year = month < d.getUTCMonth() ? d.getUTCFullYear() + 1 : d.getUTCFullYear();
      return lastDayOfMonth(year, month);
    },
  },
  {
    // "Thursday the nineteenth", "Friday, the 17th": the day of the month says which Thursday (not the next one).
    re: new RegExp(`\\b(?:(?:on|by|before|until|next)\\s+)?(${WEEKDAYS.join("|")}),?\\s+the\\s+(${ORDINAL})\\b`, "gi"),
    resolve: (m, b, hint) =>
      (/^\s+of\s/i.test(m.input.slice(m.index + m[0].length)) ? null : weekdayInTwoWeeks(b, m[1] ?? "", m[2] ?? "")) ??
      dayOfMonthDate(m[2] ?? "", m, b, hint),
    dayOfMonth: true,
  },
  {
    re: new RegExp(
      `\\b(?:(?:this|next|on|by)\\s+)?(${WEEKDAYS.join("|")})\\b(?!\\s+(?:of|the)\\s+week|\\s+(?:hours|mornings|afternoons|evenings|nights|shifts|schedule|service)\\b)`,
      "gi",
    ),
    resolve: (m, b) => {
      const weekday = WEEKDAYS.indexOf((m[1] ?? "").toLowerCase());
      // "next Friday", "Tuesday next week", "next week Thursday": in the next calendar week (Monday to Sunday).
      const nextWeek =
        /^next\s/i.test(m[0]) ||
        /^\s+next week\b/i.test(m.input.slice(m.index + m[0].length)) ||
        /\bnext week,?\s+(?:on\s+)?$/i.test(m.input.slice(0, m.index));
      return nextWeek ? addDays(Date.parse(`${mondayOfNextWeek(b)}T00:00:00Z`), (weekday + 6) % 7) : nextWeekday(b, weekday);
    },
  },
  {
    // "the fifteenth", "on the 3rd", "by the twenty-fifth" (not "the first pass", "the third option").
    re: new RegExp(
      `\\b(?:on |by |before |until |for )?the (${ORDINAL})(?=\\s*(?:[.,;:?!—–]|$)|\\s+(?:${ORDINAL_FOLLOWERS})\\b)|\\b(?:by|before|until) the (${ORDINAL})(?=\\s+(?:${AFTER_DEADLINE_ORDINAL})\\b)`,
      "giu",
    ),
    resolve: (m, b, hint) => dayOfMonthDate(m[1] ?? m[2] ?? "", m, b, hint),
    dayOfMonth: true,
  },
];

// Phrases that name a date that is not a deadline: "for the week of the 13th", "last Friday", "since Monday".
// "Not the twenty-third", "the thirtieth, not the twenty-third": a date ruled out.
// "Hold that until after Monday", "wait till after the launch": the day something is held back to, not a deadline.
const NOT_DUE_BEFORE = /\b(?:week of|last|since|from|every|each|past|ago|was|were|not|on(?= last)|the weekend|(?:until|till) after)\s*$/i;
// A clause in the past tense with nothing pointing ahead ("the nursery delivered the saplings on Saturday").
const PAST_CLAUSE = /\b(?:\p{L}+ed|sent|did|went|got|made|took|paid|gave|told|said|came|ran|wrote|bought|found|left|met)\b/iu;
const AHEAD =
  /\b(?:will|['’]ll|going to|gonna|can|could|need|needs|should|must|have|has|get|getting|by|before|until|till|due|want|wants|plan|aim|scheduled|booked|planned)\b/i;
function inPastClause(before: string): boolean {
  const clause = before.split(/[,.;!?]|\band\b|\bbut\b/i).pop() ?? "";
  return PAST_CLAUSE.test(clause) && !AHEAD.test(clause);
}
// "EOD Thursday", "first thing Monday": the day-end and day-start words set a deadline like "by".
const DEADLINE_BEFORE =
  /\b(?:by|before|until|till|no later than|due|deadline(?: is)?|aim for|latest|eod|cob|end of (?:the )?day|close of business|first thing)\b[^.,;]{0,40}$/i;
// Someone else's timeline: a third-person subject with a future or wish verb in the same clause.
const OTHERS_CLAUSE =
  /\b(?:she|he|they)(?:['’]ll|\s+will|\s+wants?\s+to|\s+(?:is|are)\s+going\s+to|['’](?:s|re)\s+going\s+to)\b[^,.;!?]*$/i;
/**
 * "Today we keep them ninety days", "the reminder wording you use today": "today" as "these days", the way things are
 * done now (a present-tense habit, no will, need or plan in the clause), not a deadline. "Today I send them after this
 * meeting" and "Today I'll send it" are the speaker's own day.
 */
function todayAsNow(text: string, index: number, length: number): boolean {
  if (!/^today$/i.test(text.slice(index, index + length))) return false;
  const after = text.slice(index + length, index + length + 60);
  const opensSentence = /(?:^|[.!?]\s+)$/.test(text.slice(0, index));
  if (
    opensSentence &&
    /^,?\s+(?:we|they|it|you|people|customers|everyone|most \p{L}+|our \p{L}+|the \p{L}+)\s+(?!will\b|would\b|need|have to|should|must|can|could|are going|is going|['’])\p{L}+(?:s)?\b/iu.test(
      after,
    )
  )
    return true;
  const clause =
    text
      .slice(0, index)
      .split(/[.!?;,]/)
      .pop() ?? "";
  const habit =
    /\b(?:we|you|they)\s+(?:currently\s+)?(?:use|keep|run|pay|charge|offer|support|store|handle|process|have)\b(?:\s+[\p{L}'’-]+){0,4}\s*$/iu.exec(
      clause,
    );
  return !!habit && !/\b(?:will|['’]ll|going to|gonna|need|needs|have to|should|must)\b/i.test(habit[0]);
}

/**
 * "The autumn deadline's September fifteenth, isn't it?": a date checked as a fact about something (a copula before
 * it, a tag question after it) is that thing's date, not a deadline someone takes on.
 */
function checkedFact(text: string, index: number, length: number): boolean {
  const after = /^[^.!?]*\?/.exec(text.slice(index + length))?.[0] ?? "";
  if (!/,\s*(?:isn['’]t it|aren['’]t they|wasn['’]t it|weren['’]t they|right|correct)\s*\?$/i.test(after)) return false;
  const clause =
    text
      .slice(0, index)
      .split(/[.!?;,]/)
      .pop() ?? "";
  return /(?:\b(?:is|are|was|were)|['’]s)\s+(?:on\s+)?$/i.test(clause) && !/\b(?:I|you|we)\b/i.test(clause);
}
// Calendar words chrono should have seen; without them ("now", "for now") a chrono hit is not a date.
const CALENDAR_WORD = new RegExp(`\\d|\\b(?:${MONTHS.join("|")}|${MONTHS.map((m) => m.slice(0, 3)).join("|")})\\b`, "i");

/**
 * All due-date mentions in `text`, in order of appearance. `loose` also returns dates that are not deadlines
 * ("for the 25th", "last Friday"): the anchors that "the Wednesday before" refers to.
 */
export function findDueDates(text: string, meetingDate: Date, loose = false, hint: number | null | DateHint = null): DueMatch[] {
  const given: DateHint = typeof hint === "object" && hint !== null ? hint : { month: hint };
  const base = dayStart(meetingDate);
  const found: {
    date: string;
    index: number;
    length: number;
    deadline: boolean;
    then?: boolean;
    weekdayBefore?: number;
    dayOfMonth?: boolean;
    clock?: boolean;
  }[] = [];
  const taken: [number, number][] = [];
  const overlaps = (s: number, e: number) => taken.some(([a, b]) => s < b && e > a);
  const consider = (index: number, length: number, date: string | null, dayOfMonth = false, clock = false) => {
    if (!date || overlaps(index, index + length)) return;
    const before = text.slice(Math.max(0, index - 40), index);
    const wider = text.slice(Math.max(0, index - 80), index);
    if (
      !loose &&
      (NOT_DUE_BEFORE.test(before) ||
        OTHERS_CLAUSE.test(wider) ||
        inPastClause(wider) ||
        checkedFact(text, index, length) ||
        todayAsNow(text, index, length))
    )
      return;
    taken.push([index, index + length]);
    found.push({
      date,
      index,
      length,
      deadline: DEADLINE_BEFORE.test(before + text.slice(index, index + length).split(/\s/)[0]),
      ...(dayOfMonth ? { dayOfMonth } : {}),
      ...(clock ? { clock } : {}),
    });
  };
  // The month named last before a position ("…December eighth. So, by the fifth?"), and the days named with a month.
  const hintBefore = (index: number): DateHint => {
    const before = text.slice(0, index);
    const named = datesNamed(before);
    if (!named.length)
      return { month: lastMonthNamed(before, meetingDate) ?? given.month, ...(given.dayMonth ? { dayMonth: given.dayMonth } : {}) };
    const dayMonth = new Map(given.dayMonth ?? []);
    for (const [day, month] of named) dayMonth.set(day, month);
    return { month: lastMonthNamed(before, meetingDate) ?? given.month, dayMonth };
  };
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = rule.re.exec(text))) {
      const lead = /^(?:on |by |before |until |for |this |next )/i.exec(m[0]);
      const index = m.index + (lead ? lead[0].length : 0);
      // "book it for the 13th" names the booked day; "aim for the 15th" is a deadline.
      if (!loose && /^for /i.test(m[0]) && !/\b(?:aim|shoot|target|plan|go|push)\s*$/i.test(text.slice(0, m.index))) continue;
      consider(index, m[0].length - (lead ? lead[0].length : 0), rule.resolve(m, base, hintBefore(m.index)), rule.dayOfMonth, rule.clock);
    }
  }
  // Explicit calendar dates ("July 18", "May 1st", "3/14") via chrono, forward from the meeting.
  for (const r of chrono().en.parse(text, new Date(base + 12 * 3_600_000), { forwardDate: true })) {
    if (!r.start.isCertain("month") || !r.start.isCertain("day") || /\bweek\b/i.test(r.text) || !CALENDAR_WORD.test(r.text)) continue;
    const d = r.start.date();
    consider(r.index, r.text.length, toIsoDate(new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()))), true);
  }
  const thenRe = /\b(?:by|before|until) then\b/gi;
  let t: RegExpExecArray | null;
  while ((t = thenRe.exec(text))) found.push({ date: "", index: t.index, length: t[0].length, deadline: true, then: true });
  // "by the Wednesday before": anaphoric, like "by then"; the weekday goes with it.
  const beforeRe = new RegExp(`\\b(?:by |on )?the (${WEEKDAYS.join("|")}) before\\b(?!\\s+(?:the|that|it|we|our|you|this)\\b)`, "gi");
  while ((t = beforeRe.exec(text))) {
    const weekdayBefore = WEEKDAYS.indexOf((t[1] ?? "").toLowerCase());
    const i = found.findIndex((f) => f.index >= t!.index && f.index < t!.index + t![0].length);
    if (i >= 0) found.splice(i, 1);
    found.push({ date: "", index: t.index, length: t[0].length, deadline: true, then: true, weekdayBefore });
  }
  // A clock time is the meeting's day only when the text names no day ("Nine thirty, Monday" is Monday's).
  const days = found.some((f) => !f.clock) ? found.filter((f) => !f.clock) : found;
  return days.sort((a, b) => a.index - b.index).map(({ length: _length, clock: _clock, ...m }) => m);
}

/**
 * The month (0–11) of the calendar date named last in `text` ("December eighth", "the 3rd of May"), if any.
 * A month on its own ("the February invoices") is a topic, not a date.
 */
export function lastMonthNamed(text: string, meetingDate?: Date): number | null {
  const months = MONTHS.join("|");
  // With the meeting's date, "the end of the month" and "this month" name the meeting's month: "I'd love it back by
  // the end of the month. — I'll get it signed by the thirtieth" is this month's 30th, not July's named long before.
  const thisMonth = meetingDate ? "|\\b(?:end of (?:the|this) month|this month)\\b" : "";
  const dated = new RegExp(
    `\\b(${months})\\s+(?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL})\\b|\\b${ORDINAL} of (${months})\\b${thisMonth}`,
    "gi",
  );
  const last = [...text.matchAll(dated)].at(-1);
  if (last && meetingDate && !last[1] && !last[2]) return meetingDate.getUTCMonth();
  // One of the two month groups takes part in every match.
  const name = last?.[1] ?? last?.[2];
  return name ? MONTHS.indexOf(name.toLowerCase()) : null;
}

/** The calendar dates named in `text` as [day of the month, month 0–11], in order ("December seventh", "the 3rd of May"). */
export function datesNamed(text: string): [number, number][] {
  const months = MONTHS.join("|");
  const dated = new RegExp(`\\b(${months})\\s+(\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL})\\b|\\b(${ORDINAL}) of (${months})\\b`, "gi");
  const out: [number, number][] = [];
  for (const m of text.matchAll(dated)) {
    const day = ordinalWordValue(m[2] ?? m[3] ?? "") ?? Number(m[2]);
    const month = MONTHS.indexOf((m[1] ?? m[4] ?? "").toLowerCase());
    if (day >= 1 && day <= 31 && month >= 0) out.push([day, month]);
  }
  return out;
}

/** The last `weekday` strictly before the ISO date `iso` ("the Wednesday before the 25th"). */
export function weekdayBefore(iso: string, weekday: number): string {
  const base = Date.parse(`${iso}T00:00:00Z`);
  const dow = new Date(base).getUTCDay();
  return addDays(base, -((dow - weekday + 7) % 7 || 7));
}

/** The due date of one commitment sentence: a deadline ("by…", "before…") wins, else the first date. */
export function pickDueDate(matches: DueMatch[]): DueMatch | null {
  return matches.find((m) => m.deadline && !m.then) ?? matches.find((m) => !m.then) ?? matches.find((m) => m.then) ?? null;
}

/** Removes the due-date phrases from a task text ("send the deck by Friday" → "send the deck"). */
export function stripDuePhrases(text: string): string {
  return text
    .replace(
      /\b(?:by |before )?first thing\b(?=\s+(?:tomorrow|today|in the morning|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b)/gi,
      " ",
    )
    .replace(
      new RegExp(`\\b(?:by|before|until|on|no later than)?\\s*(?:the )?(?:end of (?:the )?day )?tomorrow(?: morning| afternoon)?\\b`, "gi"),
      " ",
    )
    .replace(/\b(?:by |before )?(?:the )?end of (?:the |this |next )?(?:day|week|month|business)\b/gi, " ")
    .replace(new RegExp(`\\b(?:by |before )?(?:the )?end of (?:${MONTHS.join("|")})\\b`, "gi"), " ")
    .replace(/\b(?:by |before |until |for )?(?:early |(?:the )?(?:start|beginning) of )?(?:this|next) week\b/gi, " ")
    .replace(/\b(?:by |before )?(?:eow|eod|cob|close of business|asap|as soon as possible)\b/gi, " ")
    .replace(/\b(?:by |on )?the (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday) before\b/gi, " ")
    .replace(
      /\b(?:right |straight )?after (?:this|the) (?:call|meeting)\b|\b(?:(?:right|straight) )?after this\b(?=\s*(?:[.,;!?]|$))/gi,
      " ",
    )
    .replace(new RegExp(`\\b(?:by |before )?(?:today|tonight|this afternoon)\\b${NOT_POSSESSIVE}`, "giu"), " ")
    .replace(new RegExp(`\\b(?:by |on |before )?(?:${WEEKDAYS.join("|")}),? the ${ORDINAL}\\b`, "gi"), " ")
    .replace(/\b(?:a|one|two|three|four|\d+) (?:day|week)s? out\b/gi, " ")
    .replace(
      /\b(?:(?:by|before|until|at) (?:noon|midday|lunch(?:time)?)|this morning|before (?:I|you|he|she|they) (?:go|goes) home)\b/gi,
      " ",
    )
    .replace(
      new RegExp(
        `\\b(?:probably |maybe |hopefully )?(?:by |on |before |until |this |next )*(?:${WEEKDAYS.join("|")})(?: morning| afternoon)?\\b`,
        "gi",
      ),
      " ",
    )
    .replace(new RegExp(`\\b(?:by|before|until|on) the ${ORDINAL}\\b`, "gi"), " ")
    .replace(new RegExp(`\\b(?:by|before|until|on) (?:${MONTHS.join("|")}) (?:\\d{1,2}(?:st|nd|rd|th)?|${ORDINAL})\\b`, "gi"), " ")
    .replace(/\b(?:before|by|until) (?:then|(?:the|our) next (?:call|meeting)|we meet again)\b/gi, " ")
    .replace(/\b(?:in|within) (?:a|one|two|three|four|\d+) (?:day|week)s?\b/gi, " ")
    .replace(/\s+([,.?!])/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** "this week", "next week", "next sprint": a window, not a deadline (no due date; decision 035), unlike its end. */
export function namesWindow(text: string): boolean {
  return /(?<!\b(?:end of|early|start of|beginning of)\s)\b(?:this|next) (?:week|sprint)\b/i.test(text);
}

/**
 * Whether a date in `later` (a sentence after the one that names the work) can be that work's date: a short one ("Next
 * Tuesday.", "Friday okay?"), or one that comes back to it (a pointer, a word of it) and is no question of its own.
 * "I'll put that in the speaker FAQ. Wouldn't it be lovely to do a boat tour on the Thursday evening?" raises
 * something else: Thursday is not the FAQ's date.
 */
export function datesSameWork(first: string, later: string): boolean {
  if (later.split(/\s+/).filter(Boolean).length <= 8) return true;
  if (/\?\s*$/.test(later)) return false;
  if (/\b(?:it|that|them|this|those|him|her)\b/i.test(later)) return true;
  const words = contentWords(first);
  return [...contentWords(later)].some((w) => words.has(w));
}
