// A due date changed later in the meeting (issue 30: the final one wins). People come back to a task they already
// dated, say what is wrong with the date and offer another, often over a few turns and without repeating the task:
//   "Oh, one thing on the sandbox. Thursday won't work. … Can I say Monday instead?"
//   "Wait, Kevin. The letter. …" — "After the concert, then?" — "After. The tenth?"
//   "So the twenty-eighth won't work … Let's say the first. April first." (the refused date is the task's date)
//   "The runbook. I still owe the upgrade runbook, but that can wait now until next week." (a window: no date)
// The task is the one the thread names (a word of its object, or its date refused) and its owner takes part in the
// thread; the new date is the last one offered in the turn being read.
import type { ActionItemDraft } from "../../../../contract/transcript";
import type { Draft, Meeting, Op, Reader } from "./action-walk";
import { findDueDates, lastMonthNamed, namesWindow, pickDueDate, stripDuePhrases, type DateHint } from "./due-date";
import { isDateReply } from "./speech-acts";
import { isName, resolveOwner, speakerDisplay } from "./owners";
import { firstWord } from "./task-text";
import { contentWords, stem } from "./text";

/** Something about a date changes: it is refused, moved or swapped ("I move that …" is a motion, not a move). */
const CHANGE =
  /\b(?:actually|instead|wait|change|make it|(?:move|push)(?:d|ed|s)? (?:it|that|them|to)\b(?! we\b)|rather|reschedul\w*|won['’]t work|doesn['’]t work|can['’]t (?:do|make)|(?:just )?reali[sz]ed?|turns out|I['’]m (?:out|off|away)|(?:bank )?holiday)\b|\bnot (?:realistic|happening|possible|doable)\b/i;
/** A negated sentence: no date offered in it. */
const REFUSED = /\b(?:won['’]t|doesn['’]t|can['’]t|isn['’]t|not|no longer|dead)\b/i;
/** A sentence that rules a date out ("Thursday won't work", "So June fourth is dead", "Not Friday.", "So Friday's not
 * realistic", "Friday … is not happening either"). */
const RULED_OUT =
  /\b(?:won['’]t|doesn['’]t|can['’]t|isn['’]t|wouldn['’]t) work\b|\bis (?:dead|out)\b|^\s*not\b|(?:\bis|['’]s) not (?:realistic|happening|possible|doable)\b|\bisn['’]t (?:realistic|happening|possible|doable)\b/i;
/** A sentence that offers a date: asked or said for oneself ("Can I say Monday instead?", "I'll send it by the tenth"). */
const OFFER = /\b(?:I['’]ll|I will|we['’]ll|can (?:we|I)|could (?:we|I)|let['’]s|make it|move it|push it|how about|what about|say)\b/i;
/** "The winter concert is December seventh": a statement about something else's date. */
const STATEMENT_BEFORE = /\b(?:is|are|was|were)\b|(?<!\blet)['’]s\b/i;
/** Words without which a turn names no date or window (most turns): the rule reads no further. */
const DATE_WORD =
  /\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:today|tonight|tomorrow|week|sprint|month|eod|eow|cob|end of)\b|\p{L}(?:th|st|nd|rd)\b|\b(?:first|second|third)\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\p{L}*\b/iu;
/** How far back the thread may start: the turn that names the task. */
const THREAD_TURNS = 4;

/**
 * The words of a task's object: its first clause, without its verb and the event in its due phrase ("Talk to Luis
 * before the training", "Write up the runbook and then …").
 */
function objectWords(task: string): Set<string> {
  const known = OBJECT_WORDS.get(task);
  if (known) return known;
  if (OBJECT_WORDS.size > 10_000) OBJECT_WORDS.clear();
  const head = task.split(/\b(?:before|by|until|after|and|then)\b/i)[0] ?? task;
  const verb = stem(firstWord(task).toLowerCase());
  // Short stems name nothing ("note" and "not" are both "not").
  const words = new Set([...contentWords(head)].filter((w) => w !== verb && w.length >= 4 && !FUNCTION_WORDS.has(w)));
  OBJECT_WORDS.set(task, words);
  return words;
}
const OBJECT_WORDS = new Map<string, Set<string>>();
/** Words of four letters or more that name nothing ("What about the first?" is not about "ask them about the sails"). */
const FUNCTION_WORDS = new Set(
  "about with from into onto over under after through around their them they this that these those your yours ours there here what when".split(
    " ",
  ),
);

/** A date said in `sentence` for the task: offered, short, or naming the task itself. */
function offered(sentence: string, task: Readonly<Draft>, r: Reader): { date: string | null } | null {
  if (REFUSED.test(sentence)) return null;
  const names = [...contentWords(sentence)].some((w) => objectWords(task.task).has(w));
  const due = r.dueIn([sentence]);
  if (!due) return namesWindow(sentence) && names ? { date: null } : null;
  const at = findDueDates(sentence, r.m.meetingDate)[0]?.index ?? 0;
  const short = sentence.split(/\s+/).length <= 8 && !STATEMENT_BEFORE.test(sentence.slice(0, at));
  return short || names || OFFER.test(sentence) ? { date: due.date } : null;
}

/** Whether a sentence of this turn names the task and offers it a date ("I'll have the promo numbers by Tuesday"). */
function datesOwnTask(r: Reader, task: Readonly<Draft>): boolean {
  return r.turnSents.some(
    (s) =>
      OFFER.test(s) &&
      !REFUSED.test(s) &&
      [...contentWords(s)].some((w) => objectWords(task.task).has(w)) &&
      findDueDates(s, r.m.meetingDate).length > 0,
  );
}

/**
 * The task a thread of turns comes back to: the latest turn that names tasks decides; of those, the latest whose
 * owner takes part in the thread. `undefined`: no task named, or no change asked; `null`: this turn names a task
 * whose owner takes no part (its date is not another task's).
 */
function threadTask(r: Reader): Readonly<Draft> | null | undefined {
  const md = r.m.meetingDate;
  for (let k = r.t; k >= Math.max(0, r.t - THREAD_TURNS); k--) {
    const thread = r.utterances.slice(k, r.t + 1);
    const text = r.utterances[k]?.text ?? "";
    // What names a task, strongest first: its date ruled out ("So the twenty-eighth won't work"), a word of its
    // object ("The training. The nineteenth is …" is about the training, whatever else is due that day), its date
    // said again as a calendar date ("The tenth is a week before launch"); a bare pointer ("Review it") by words only.
    const dates = (refusedOnly: boolean) =>
      new Set(
        (r.m.sents[k] ?? [])
          .filter((s) => !refusedOnly || RULED_OUT.test(s))
          .flatMap((s) => findDueDates(s, md, true).filter((d) => refusedOnly || d.dayOfMonth))
          .map((d) => d.date),
      );
    const earlier = r.items.filter((it) => it.turn < k);
    const byDate = (set: Set<string>) => earlier.filter((it) => it.dueDate && set.has(it.dueDate) && objectWords(it.task).size > 0);
    // A possessive names the owner of something else ("It was the district's decision" is not about asking the district).
    const said = contentWords(text.replace(/\p{L}+['’]s\b/gu, " "));
    const byWord = earlier.filter((it) => [...objectWords(it.task)].some((w) => said.has(w)));
    const refused = byDate(dates(true));
    let named = refused.length ? refused : byWord.length ? byWord : byDate(dates(false));
    // A deadline set for a later part of the owner's task ("I'll confirm the hall and send the notice" — "The notice has
    // to go out … by the first of May"), which its owner answers in this turn.
    const deadlineSet = k < r.t && setsDeadline(r.m.sents[k] ?? [], r.m.meetingDate);
    if (!named.length && deadlineSet)
      named = earlier.filter((it) => it.ownerKey === r.me && [...contentWords(it.task)].some((w) => w.length >= 4 && said.has(w)));
    if (!named.length) continue;
    // "I'll have the promo numbers before that, Tuesday at the latest": the owner dates their own undated task later,
    // however long after they took it, by naming it; that needs no change asked.
    const mine = k === r.t ? named.filter((it) => !it.dueDate && it.ownerKey === r.me && datesOwnTask(r, it)).at(-1) : undefined;
    if (mine) return mine;
    // Its date ruled out ("Not Friday.") asks for a change by itself; so does a deadline someone else sets for it, which
    // its owner answers ("The notice has to go out three weeks before. So by the first of May." — "Yes, by May first.").
    const answered = deadlineSet && named.some((it) => it.ownerKey === r.me);
    // The change is asked about the task: in the turn that names it, the turn read, or a turn between that names it
    // too ("Then the config change process." opens another topic; its "change" moves no date of the task before it).
    const namesTask = (u: (typeof thread)[number]) => {
      const w = contentWords(u.text);
      return named.some((it) => [...objectWords(it.task)].some((x) => w.has(x)));
    };
    const asked = thread.some((u, i) => CHANGE.test(u.text) && (i === 0 || i === thread.length - 1 || namesTask(u)));
    if (!refused.length && !answered && !asked) return undefined;
    const speakers = new Set(thread.map((u) => speakerDisplay(u.speaker, r.ctx)));
    // A turn that names someone else's task keeps its date from other tasks; an earlier mention does not.
    return named.filter((it) => it.ownerKey !== null && speakers.has(it.ownerKey)).at(-1) ?? (k === r.t ? null : undefined);
  }
  return undefined;
}

/**
 * The date of a task changed in this turn, if the thread it belongs to moves it; `null` when the turn is about no
 * task's date change (other rules may read its date).
 */
export function dateChanged(r: Reader): Op[] | null {
  if (!DATE_WORD.test(r.u.text)) return null;
  const others = [...datesOfOtherClauses(r), ...datesForSeveral(r)];
  const moved = changedInThread(r) ?? replyDate(r);
  return others.length ? [...others, ...(moved ?? [])] : moved;
}

/** "…, and they're due when the quarantine ends", "both due Friday", "all of them by the tenth". */
const SEVERAL_DUE = /\b(?:they|those|these|all|both|each)(?:['’]re|\s+are)?(?:\s+(?:all|both|of them))?\s+(?:due|by)\b/i;

/**
 * "Owners are Kwame for checkout e2e, Carlos for idempotency, and they're due when the quarantine ends, so the
 * twenty-second": one date said for several people's tasks taken earlier. Each undated task whose owner is named in the
 * sentence, with a word of its object, takes it.
 */
function datesForSeveral(r: Reader): Op[] {
  const ops: Op[] = [];
  for (const s of r.turnSents) {
    const several = SEVERAL_DUE.exec(s);
    // The date said after "they're due", not one of an earlier clause ("Carlos files the tickets this morning; …").
    const due = several ? r.dueIn([s.slice(several.index)]) : null;
    if (!due) continue;
    const named = new Set((s.match(/\p{Lu}[\p{L}'’-]+/gu) ?? []).filter((w) => isName(w)).map((w) => resolveOwner(w, r.ctx)));
    const said = contentWords(s);
    for (const it of r.items)
      if (it.turn < r.t && !it.dueDate && it.ownerKey && named.has(it.ownerKey) && [...objectWords(it.task)].some((w) => said.has(w)))
        ops.push({ op: "set", item: it, set: { dueDate: due.date } });
  }
  return ops;
}

/** A first-person subject that opens a clause of its own ("…, and I'll send a written explanation by Thursday"). */
const OWN_CLAUSE = /,\s*(?=(?:and\s+)?(?:I['’](?:ll|m)|I (?:will|am)|we['’]ll|we will)\b)/i;

/** "…, I'll send it to Marc today": a clause about the same thing ("it", "them"), whose date is the task's too. */
const POINTER_CLAUSE = /^(?:and\s+)?(?:I['’]ll|I will|we['’]ll|we will)\s+\p{L}+\s+(?:it|them|that|this|those|these)\b/iu;

/**
 * Dates the rules took for an item of this turn from a clause that is not the item's: "I'm opening the ticket and
 * sending you the number, I'll look at the SMS separately, and I'll send a written explanation by next Thursday" (the
 * date is the explanation's); "I'll finish the write-up and publish it this week. … Lu moves the alert today" (a window
 * said for the task is its due date, none, not the next sentence's date).
 */
function datesOfOtherClauses(r: Reader): Op[] {
  const md = r.m.meetingDate;
  const clauses = r.turnSents.flatMap((s, si) => s.split(OWN_CLAUSE).map((c) => ({ c, si })));
  const ops: Op[] = [];
  for (const it of r.created) {
    if (!it.dueDate) continue;
    const words = contentWords(it.task);
    const overlap = (c: string) => [...contentWords(c)].filter((w) => words.has(w)).length;
    const own = clauses.reduce<(typeof clauses)[number] | null>((a, x) => (!a || overlap(x.c) > overlap(a.c) ? x : a), null);
    if (!own || overlap(own.c) < Math.min(2, words.size) || findDueDates(own.c, md).length) continue;
    const window = namesWindow(own.c);
    const elsewhere = clauses.some(
      (x) =>
        x !== own &&
        x.si === own.si &&
        OWN_CLAUSE.test(`, ${x.c.trim()}`) &&
        !POINTER_CLAUSE.test(x.c.trim()) &&
        // One item made of both clauses ("Look at the SMS bug and send a written explanation") keeps the date.
        [...contentWords(x.c)].filter((w) => words.has(w) && w !== stem(firstWord(it.task).toLowerCase())).length < 2 &&
        // "You rewrite the answers, I'll update the screenshots, by Friday": a date after the last comma is everyone's.
        findDueDates(x.c.replace(/,[^,]{0,30}$/, ""), md).some((d) => d.date === it.dueDate),
    );
    if (window || elsewhere) ops.push({ op: "set", item: it, set: { dueDate: null } });
  }
  return ops;
}

/**
 * "Katrin, can you send us the brand guidelines?" — "Today, I send them after this meeting. The new guidelines …": a
 * reply that opens with a date dates what was just asked of the speaker, however long the reply goes on.
 */
function replyDate(r: Reader): Op[] | null {
  const pointed = pointerDate(r);
  if (pointed) return pointed;
  const asked = r.items.find((it) => it.turn === r.t - 1 && it.ownerKey === r.me && it.assignedBy !== r.me && !it.dueDate);
  const first = r.turnSents[0];
  if (!asked || !first) return null;
  const m = findDueDates(first, r.m.meetingDate)[0];
  if (!m || m.then || !isDateReply(first, m.index)) return null;
  return [{ op: "set", item: asked, set: { dueDate: m.date } }];
}

/** The speaker takes on the work by a pointer, with a date: "I do it today, right after the call.", "I'll get it to her
 * Monday." ("I move that we postpone …" opens a clause: no pointer). */
const POINTER_TAKEN =
  /\bI(?:['’]ll|\s+will|\s+can|\s+do|\s+am going to|['’]m going to)?\s+(?:\p{L}+\s+)?(?:it|that|them|this|those)\b(?!\s+(?:we|they|you|he|she|I|the|our|it|there)\b)/iu;

/**
 * The owner's own words on the date of their work just before, by a pointer: "Antoine, could you put a hold on the
 * rooms?" — "I do it today, right after the call."; "I'll do it by next Wednesday." — "Our department meeting's on
 * Tuesday." — "Then Monday. I'll get it to her Monday." (the final word). Their latest item of the last three turns.
 */
function pointerDate(r: Reader): Op[] | null {
  if (r.created.some((it) => it.ownerKey === r.me)) return null;
  const mine = [...r.items].reverse().find((it) => it.ownerKey === r.me && it.turn < r.t && r.t - it.turn <= 3);
  if (!mine) return null;
  const said = r.turnSents.filter((s) => POINTER_TAKEN.test(s) && !REFUSED.test(s));
  const m = said
    .map((s) => pickDueDate(findDueDates(s, r.m.meetingDate)))
    .filter((d) => d && !d.then)
    .at(-1);
  return m && m.date !== mine.dueDate ? [{ op: "set", item: mine, set: { dueDate: m.date } }] : null;
}

/** A task's date moved in a thread of turns (above). */
function changedInThread(r: Reader): Op[] | null {
  if (r.inRecap() || r.u.text.split(/\s+/).length > 60) return null;
  const task = threadTask(r);
  if (task === undefined) return null;
  if (task === null) return [];
  // "Can you ask them for the source files?" — "Sure. I'll ask by end of July.": a date just after the speaker was
  // asked for something (or took it on) is that task's.
  const askedOfMe = (it: Readonly<Draft>) => it.ownerKey === r.me && it.assignedBy !== r.me && !it.recap && it.turn >= r.t - 2;
  if (r.items.some((it) => it !== task && askedOfMe(it))) return null;
  const last = r.turnSents
    .map((s) => offered(s, task, r))
    .filter((x) => x !== null)
    .at(-1);
  if (!last || last.date === task.dueDate) return [];
  return [{ op: "set", item: task, set: { dueDate: last.date } }];
}

/** The parts of a recap sentence, one per piece of work: split at commas, semicolons and "and" (a part that is only a
 * date, ", by tomorrow", stays with the part before it). */
function recapParts(sentence: string): string[] {
  const parts: string[] = [];
  for (const p of sentence.split(/[,;]\s*|\s+and\s+(?:then\s+)?/i)) {
    if (parts.length && !contentWords(stripDuePhrases(p)).size) parts[parts.length - 1] += `, ${p}`;
    else parts.push(p);
  }
  return parts;
}

/** The words of a task beyond its verb ("Give Mei access to the folder" → mei, access, folder). */
function objectOf(task: string): Set<string> {
  return contentWords(task.replace(/^\S+\s*/, ""));
}

/**
 * The date a recap line gives an earlier item it restates: the date said in the part of the recap that names that
 * item's object ("I write the postmortem doc for Friday at two and give Mei access": Friday is the doc's, not the
 * access's; "sends the preliminary summary tomorrow and the full report Friday": the report's is Friday). `null`: that
 * part names a window ("look at the images next sprint"); `undefined`: the recap gives it no date (the earlier one
 * stands), which is also the answer when the recap's date is said in another part with work of its own.
 */
export function recapDateFor(
  earlier: Readonly<ActionItemDraft>,
  recap: Readonly<ActionItemDraft> & { turn: number },
  m: Pick<Meeting, "sents" | "meetingDate" | "monthBefore" | "dayMonthBefore">,
): string | null | undefined {
  if (!recap.dueDate) return undefined;
  const { sents, meetingDate } = m;
  const task = contentWords(recap.task);
  const overlap = (s: string) => [...contentWords(s)].filter((w) => task.has(w)).length;
  const sentence = (sents[recap.turn] ?? []).reduce<string | null>((a, s) => (a === null || overlap(s) > overlap(a) ? s : a), null);
  if (!sentence) return recap.dueDate;
  const parts = recapParts(sentence);
  // "the twentieth" as the walk read it: the month talked about, the days named with a month, the dates of both items.
  const dayMonth = new Map(m.dayMonthBefore[recap.turn] ?? []);
  for (const d of [earlier.dueDate, recap.dueDate]) if (d) dayMonth.set(Number(d.slice(8, 10)), Number(d.slice(5, 7)) - 1);
  const hint: DateHint = { month: lastMonthNamed(sentence, meetingDate) ?? m.monthBefore[recap.turn] ?? null, dayMonth };
  const datesIn = (p: string) => findDueDates(p, meetingDate, false, hint);
  const object = objectOf(earlier.task);
  const shared = (p: string) => [...contentWords(p)].filter((w) => object.has(w)).length;
  const best = parts.reduce<string | null>((a, p) => (shared(p) > 0 && (a === null || shared(p) > shared(a)) ? p : a), null);
  if (best === null) return recap.dueDate;
  const own = pickDueDate(datesIn(best));
  // A day of the month the walk already resolved with the talk before it ("the twentieth" after "January twentieth").
  if (own && !own.then) return [recap.dueDate, earlier.dueDate].find((d) => d?.slice(8) === own.date.slice(8)) ?? own.date;
  if (namesWindow(best)) return null;
  // The recap's date is said in another part with work of its own: that work's date, not this item's.
  const dated = parts.filter((p) => p !== best && datesIn(p).some((d) => d.date === recap.dueDate));
  return dated.length && dated.every((p) => contentWords(stripDuePhrases(p)).size > 0) ? undefined : recap.dueDate;
}

/** A sentence that raises work of its own: "And we need a postmortem.", "Someone should tell support.", "Next, the CSV export." */
const RAISES_WORK =
  /\b(?:we need|we['’]ll need|we should|we have to|we must|someone|somebody|anyone|who(?:['’]s| is| can| will)|next(?: up)?,|also,)\b/i;

/**
 * "Perfect, thanks Mei. And we need a postmortem. Thursday?": a date asked right after the turn raised other work is
 * that work's date, not the date of the item just taken. `before`: the turn's sentences before the date.
 */
export function dateOfRaisedWork(before: readonly string[], task: string): boolean {
  const object = objectOf(task);
  return before.some((s) => RAISES_WORK.test(s) && ![...contentWords(s)].some((w) => object.has(w)));
}

/** "before the RFC update", "ahead of the pilot", "in time for the letter": the event a task is due before. */
const BEFORE_EVENT =
  /\b(?:before|ahead of|in time for|by)\s+(?:the|our)\s+((?:(?!(?:goes|go|is|are|gets?|comes?|of|and|or|with|so|then|we|I|you)\b)[\p{L}-]+\s*){1,3})/giu;
/** Words of an event phrase that name a time, not a thing to do ("before the end of the sprint", "by the next call"). */
const NOT_EVENT = /^(?:end|start|beginning|week|weekend|month|year|quarter|sprint|day|time|next|call|meeting|deadline|latest)$/i;

/**
 * "Can someone update the form before the letter goes out?" with "Kevin sends the tuition letter by the tenth": a task
 * due before another piece of work is due by that work's date (bench/business/README.md: "before the pilot" gives the
 * event's date when the meeting named it). Only undated items; the event must be another dated item's object.
 */
export function datesOfEvents<T extends Draft>(items: T[], m: Pick<Meeting, "sents">): T[] {
  return items.map((it) => {
    if (it.dueDate) return it;
    const task = contentWords(it.task);
    const overlap = (s: string) => [...contentWords(s)].filter((w) => task.has(w)).length;
    const said = (m.sents[it.turn] ?? []).filter((s) => overlap(s) > 0 || /\b(?:it|that|them)\b/i.test(s));
    // "I'll talk to them this week": the window the owner gave is the task's own timing (no date), not the event's.
    if ((m.sents[it.turn] ?? []).some((s) => namesWindow(s))) return it;
    for (const text of [it.task, ...said]) {
      for (const e of text.matchAll(BEFORE_EVENT)) {
        const words = [...contentWords(e[1] ?? "")].filter((w) => !NOT_EVENT.test(w));
        if (!words.length) continue;
        const event = items.find((o) => o !== it && o.dueDate && words.every((w) => contentWords(o.task).has(w)));
        if (event) return { ...it, dueDate: event.dueDate };
      }
    }
    return it;
  });
}

/** A turn that sets a deadline: something has to happen ("has to go out", "needs to be in") and a date with "by". */
function setsDeadline(sentences: readonly string[], meetingDate: Date): boolean {
  return (
    sentences.some((s) => /\b(?:has to|have to|needs? to|must)\b/i.test(s)) &&
    sentences.some((s) => findDueDates(s, meetingDate).some((d) => d.deadline && !d.then))
  );
}

/**
 * "Then the flaky test is mine. I'll try to have it green by EOD." … "Recap: Felix owns the flaky test.": a recap item
 * with no date of its own takes the date its owner said for the same work before (a turn of the owner's naming its
 * object, with one deadline), when no rule carried it over. The latest such turn wins (a date changed later).
 */
export function datesSaidBefore<T extends Draft>(items: T[], m: Pick<Meeting, "sents" | "utterances" | "meetingDate" | "ctx">): T[] {
  return items.map((it) => {
    if (it.dueDate || !it.recap || !it.ownerKey) return it;
    const object = objectOf(it.task);
    if (!object.size) return it;
    for (let k = it.turn - 1; k >= 0; k--) {
      const u = m.utterances[k];
      if (!u || speakerDisplay(u.speaker, m.ctx) !== it.ownerKey) continue;
      const said = contentWords(u.text);
      if ([...object].filter((w) => said.has(w)).length < Math.min(2, object.size)) continue;
      const deadlines = (m.sents[k] ?? []).flatMap((s) => findDueDates(s, m.meetingDate).filter((d) => d.deadline && !d.then));
      if (deadlines.length === 1) return { ...it, dueDate: deadlines[0]!.date };
    }
    return it;
  });
}
