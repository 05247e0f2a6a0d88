// The selection of action items from the rules' candidates (action-walk.ts) and the scorer's (action-model.ts):
// what a long meeting keeps, repeats dropped (a recap restating an item gives it the recap's date, the final word
// on a date changed during the meeting), tasks tidied and owners checked (precision.ts), then the scorer's step
// (withModelItems: the rules' items in long meetings must pass the scorer too, and the scorer adds the work the
// rules missed, up to its cap per thousand words); for the notes, then the possible items (possible-items.ts).
import type { ActionItemDraft } from "../../../../contract/transcript";
import { actionCandidates, withModelItems, type ModelOptions } from "./action-model";
import { nearNextSteps, type Draft, type Meeting } from "./action-walk";
import { datesOfEvents, datesSaidBefore, recapDateFor } from "./due-date-changes";
import { possibleActionItems } from "./possible-items";
import { goingAway, keepsTask, preciseItems } from "./precision";
import { firstWord } from "./task-text";
import { contentWords, escapeRegExp, sharesWord, wordOverlap } from "./text";

/** The action items of a meeting from the rules' candidates; `model` false: the rules' alone (for training). */
export function selectActionItems(drafts: Draft[], m: Meeting, model: ModelOptions | false = {}): ActionItemDraft[] {
  // In a long meeting people say "I'll…" all the time about the talk itself; what stays to do is handed out at
  // the wrap-up ("for the next meeting…") or given to someone by name or role.
  const kept = m.long ? drafts.filter((it) => it.explicit || nearNextSteps(m, it.turn)) : drafts;
  // Only work a person can act on takes part in the merging of repeats: a recap ("Marc runs the dispatcher
  // training on the twentieth") restating a broken-off task ("Set up the training for") would go down with it.
  const actionable = kept.filter((it) => keepsTask(it.task) && !notForLater(it, m) && !takenBack(it, m) && !unsure(it, m));
  const items = datesOfEvents(datesSaidBefore(dedupe(actionable, m), m), m).map(({ task, assignee, dueDate, sourceStart }) => ({
    task,
    assignee,
    dueDate,
    sourceStart,
  }));
  const precise = preciseItems(items, m.ctx);
  if (model === false) return precise;
  // The scorer's clauses are read by the same check: "let me check their email" is its clause too.
  const turnOf = new Map(m.utterances.map((u, t) => [u.start, t]));
  const selected = withModelItems(precise, m.utterances, m.ctx, m.meetingDate, model).filter((it) => {
    const turn = it.sourceStart === null ? undefined : turnOf.get(it.sourceStart);
    return !goingAway(it.task) && (turn === undefined || !notForLater({ task: it.task, turn }, m));
  });
  return oneEach(selected);
}

/**
 * One item per piece of work of one owner. Two of the same owner's items with at least half their content words in
 * common (Dice ≥ 0.5: "Pay the deposit" … "Pay the deposit after the board", "Send a note to the other directors" …
 * "Let the other directors know") are the same work said twice, however far apart and whichever step found them (a
 * rule, a recap, the scorer). The fuller words stand; the date is the one said later, if any (the final word).
 * The rules' own repeats are merged before (dedupe); this is the last look, over the rules' and the scorer's together.
 */
function oneEach(items: ActionItemDraft[]): ActionItemDraft[] {
  const out: ActionItemDraft[] = [];
  for (const it of items) {
    const i = out.findIndex((o) => o.assignee !== null && o.assignee === it.assignee && wordOverlap(o.task, it.task) >= SAME_WORK);
    const o = out[i];
    if (!o) {
      out.push(it);
      continue;
    }
    const later = (it.sourceStart ?? -Infinity) > (o.sourceStart ?? -Infinity) ? it : o;
    const fuller = contentWords(it.task).size > contentWords(o.task).size ? it : o;
    out[i] = { ...fuller, dueDate: later.dueDate ?? (later === it ? o : it).dueDate };
  }
  return out;
}

/** The share of content words (Dice) from which two tasks of one owner are the same work. */
const SAME_WORK = 0.5;

/**
 * The notes' action items: the selected ones, then the possible ones (`suggested`): the rules' hedged items ("maybe
 * I'll…") and the scorer's unsure band. The scorer's candidates are found once for both.
 */
export function selectWithPossible(drafts: Draft[], m: Meeting): ActionItemDraft[] {
  const candidates = actionCandidates(m.utterances, m.ctx);
  const items = selectActionItems(drafts, m, { candidates });
  const hedged = preciseItems(
    dedupe(
      drafts.filter((it) => keepsTask(it.task) && !notForLater(it, m) && !takenBack(it, m) && unsure(it, m)),
      m,
    ).map(({ task, assignee, dueDate, sourceStart }) => ({ task, assignee, dueDate, sourceStart })),
    m.ctx,
  ).filter((h) => !items.some((it) => sameWords(it.task, h.task)));
  const possible = possibleActionItems(m.utterances, m.meetingDate, [...items, ...hedged], undefined, { ctx: m.ctx, candidates });
  const turnOf = new Map(m.utterances.map((u, t) => [u.start, t]));
  const notWork = (it: ActionItemDraft) => {
    const turn = it.sourceStart === null ? undefined : turnOf.get(it.sourceStart);
    return goingAway(it.task) || (turn !== undefined && notForLater({ task: it.task, turn }, m));
  };
  return [...items, ...hedged.map((h) => ({ ...h, suggested: true })), ...possible.filter((p) => !notWork(p))];
}

/** Drops repeats: the same task twice, or a recap line restating an earlier item of the same owner (copies: the walk's candidates stay as proposed). */
function dedupe(items: Draft[], m: Meeting): Draft[] {
  const out: Draft[] = [];
  for (const it of items) {
    const same = out.find((o) => o.assignee === it.assignee && sameWords(o.task, it.task));
    // The earlier item the recap line restates: the one it shares most words with (not the first that shares one).
    const restated =
      it.recap &&
      out
        .filter((o) => o.assignee === it.assignee && !o.recap && sharesObject(o.task, it.task))
        .reduce<Draft | undefined>(
          (a, o) => (!a || sharedObjectWords(o.task, it.task) > sharedObjectWords(a.task, it.task) ? o : a),
          undefined,
        );
    // "I'll send over the pilot agreement." … "I'll send the pilot agreement to you and Dana by Thursday": the same
    // task said again within six turns (the talk between is about it), in fuller words or not; the fuller words and the later date stand.
    const again =
      !same &&
      !restated &&
      !it.recap &&
      it.assignee !== null &&
      out.find(
        (o) =>
          o.assignee === it.assignee &&
          !o.recap &&
          it.turn - o.turn <= 6 &&
          firstWord(o.task) === firstWord(it.task) &&
          sharesObject(o.task, it.task),
      );
    // "I'll email the three beta customers" … "I'll tell the beta customers the twentieth": telling the same people
    // again, in other words, however far apart; the first words and date stand.
    const retold =
      !same &&
      !restated &&
      !again &&
      it.assignee !== null &&
      TELL.test(it.task) &&
      out.find((o) => o.assignee === it.assignee && TELL.test(o.task) && sharedObjectWords(o.task, it.task) >= 2);
    if (retold) {
      retold.dueDate ??= it.dueDate;
      continue;
    }
    if (again) {
      if (it.dueDate) again.dueDate = it.dueDate;
      if (contentWords(it.task).size > contentWords(again.task).size) again.task = it.task;
      continue;
    }
    if (same || restated) {
      const kept = (same || restated) as Draft;
      // A recap says the final word on a date that changed during the meeting.
      // Only the date said in the part of the recap that restates it (recapDateFor).
      const recapDate = restated ? recapDateFor(kept, it, m) : undefined;
      if (recapDate !== undefined) kept.dueDate = recapDate;
      else if (!restated) kept.dueDate ??= it.dueDate;
      continue;
    }
    out.push({ ...it });
  }
  return out;
}

/** The same task in other small words: "Put the minutes in our project folder" / "…in the project folder". */
function sameWords(a: string, b: string): boolean {
  const [A, B] = [contentWords(a), contentWords(b)];
  return a.toLowerCase() === b.toLowerCase() || (A.size === B.size && A.size > 0 && [...A].every((w) => B.has(w)));
}

/** Two tasks share a word beyond their verbs ("Pin the pool size in config" / "Pin the pool"). */
function sharesObject(a: string, b: string): boolean {
  const rest = (t: string) => t.replace(/^\S+\s*/, "");
  return sharesWord(rest(a), rest(b));
}

/** Tasks of telling people something: "Email the beta customers", "Tell the beta customers the date". */
const TELL = /^(?:tell|email|e-mail|call|phone|ring|ping|message|text|update|inform|notify|let\s+\S+(?:\s+\S+){0,2}\s+know)\b/i;

/** How many content words two tasks share beyond their verbs. */
function sharedObjectWords(a: string, b: string): number {
  const rest = (t: string) => contentWords(t.replace(/^\S+\s*/, ""));
  const B = rest(b);
  return [...rest(a)].filter((w) => B.has(w)).length;
}

/**
 * Said as if it were work for later, but not: looked up on the spot ("Let me check the deploy log. Okay, it went out
 * at nine ten", "let me pull up the last run. Sharing now"), a standup's plan for today ("Yesterday I finished the
 * exporter. Today I'll pick up the retries"), or the purpose of something else ("let me run through it so Peggy can
 * check her notes").
 */
export function notForLater(it: Pick<Draft, "task" | "turn">, m: Pick<Meeting, "sents">): boolean {
  const sents = m.sents[it.turn] ?? [];
  const s = sourceSentence(it.task, sents);
  if (s === null) return false;
  const verb = firstWord(it.task);
  const after = sents.slice(sents.indexOf(s) + 1).join(" ");
  // The turn goes on after it (the result read out), and nothing promises a later answer.
  if (LOOKUP_NOW.test(s) && LOOKUP_VERB.test(it.task) && after.trim() && !LATER.test(s)) return true;
  if (TODAY.test(s) && sents.some((x) => STATUS.test(x))) return true;
  // "I'm working on the migration this week", "I'm still looking into the timeouts": status, unless a promise follows.
  if (ONGOING.test(s) && /^(?:work|look|dig|deal|handle)$/i.test(verb) && !/\b(?:i['’]ll|i will|by|tomorrow)\b/i.test(s)) return true;
  // "…so Peggy can check her notes": "so" after a clause (a word before it, no comma: not "Right, so we can…").
  return new RegExp(
    `(?<=\\p{L}\\s)so\\s+(?:that\\s+)?[\\p{L}'’]+(?:\\s+[\\p{L}'’]+)?\\s+(?:can|could)\\s+${escapeRegExp(verb)}\\b`,
    "iu",
  ).test(s);
}

/** The sentence of a turn a task was said in: the first with its verb and next word, else the first with its verb. */
function sourceSentence(task: string, sents: string[]): string | null {
  const [verb, next] = task
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}'’-]/gu, ""));
  if (!verb) return null;
  const has = (s: string, w: string) => new RegExp(`(?<![\\p{L}'’])${escapeRegExp(w)}(?![\\p{L}'’])`, "iu").test(s);
  // The verb in any form: "work" in "I'm working on…", "make" in "making".
  const hasVerb = (s: string) =>
    new RegExp(`(?<![\\p{L}'’])${escapeRegExp(verb.replace(/e$/, ""))}\\p{L}{0,3}(?![\\p{L}'’])`, "iu").test(s);
  return sents.find((s) => hasVerb(s) && next && has(s, next)) ?? sents.find(hasVerb) ?? null;
}

/** "Let me (just, uh, I'll) check / pull up / look at…": the speaker does it now. */
const LOOKUP_NOW =
  /\blet\s+me\b(?:[\s,]+(?:just|quickly|quick|real|uh|um|so|i['’]ll|i will))*[\s,]+(?:check|pull|bring|look|open|find|share|see|read|grab)\b/i;
/** Work in progress: "I'm (still, currently) working on / looking into / digging into / dealing with / handling…". */
const ONGOING =
  /\b(?:i['’]m|i am|we['’]re|we are)\s+(?:(?:still|currently|already|just|now)\s+)?(?:working on|looking into|digging into|dealing with|handling)\b/i;
/** A look-up, not an inquiry of someone ("check with legal", "look into it" are work for later). */
const LOOKUP_VERB = /^(?:check(?!\s+(?:with|in|back|on)\b)|pull up|bring up|look (?:at|up)|open|find(?!\s+out)|share|see|read|grab)\b/i;
/** A promise of an answer later: the look-up is work after the meeting. */
const LATER =
  /\b(?:get back|come back|circle back|follow up|let (?:you|them|\p{Lu}\p{L}+) know|report back|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of|eod|next))\b/iu;
/** A standup's plan for the day ("Today I'm going to…", "And today I'll…"), in a turn that reports status. */
const TODAY = /^(?:(?:and|so|then|um|uh)[\s,]+)*today,?\s+(?:i['’]ll|i will|i['’]m|i am)\b/i;
const STATUS = /\b(?:yesterday|no blockers?|blocked on|my blockers?)\b/i;

/**
 * Taken back or turned down after it was said: the person asked answers "No, not this sprint" / "I can't, I'm out
 * Monday" in their next turn, or the owner withdraws it a little later ("Oh, okay, then I won't", "I'll hold off").
 */
export function takenBack(
  it: Pick<Draft, "assignee" | "ownerKey" | "turn" | "accepted" | "assignedBy" | "recap">,
  m: Pick<Meeting, "utterances">,
): boolean {
  const owner = it.ownerKey ?? it.assignee;
  if (!owner) return false;
  const theirs = (t: number) => m.utterances[t]?.speaker === owner;
  // A recap's "Did I miss anything?" — "No, that's it" refuses nothing.
  const askedOfThem = !it.recap && it.assignedBy !== null && it.assignedBy !== owner && !theirs(it.turn);
  for (let t = it.turn + 1; t <= it.turn + 3 && t < m.utterances.length; t++) {
    if (!theirs(t)) continue;
    const text = m.utterances[t]?.text ?? "";
    // The first reply of the person asked; later turns of theirs only when they withdraw in so many words.
    if (askedOfThem && !it.accepted && REFUSAL.test(text)) return true;
    if (WITHDRAWN.test(text)) return true;
    if (askedOfThem) return false;
  }
  return false;
}

/**
 * Said as a maybe or a joke: "Maybe I'll bring cake for everyone, ha", "I might look at the logs". Not an action item;
 * the notes list the hedged ones as possible items for a person to accept.
 */
export function unsure(it: Pick<Draft, "task" | "turn">, m: Pick<Meeting, "sents">): boolean {
  const s = sourceSentence(it.task, m.sents[it.turn] ?? []);
  return s !== null && (HEDGE.test(s) || JOKE.test(s));
}

/** The first answer refuses: "No", "Nope", "Not this sprint", "I can't", "Sorry, I'm out Monday", "I'm swamped". */
const REFUSAL =
  /^(?:(?:um|uh|oh|well|so|sorry|honestly|ah)[\s,.]+)*(?:no(?![\s,]+(?:problem|worries|doubt|that['’]s (?:it|all|fine|right)|that works|all good|sounds good|go ahead|i['’]m good))\b|nope\b|not (?:this|that|me|now|today|until|before|right now|a chance|happening|going to happen)\b|i can['’]?t\b|can['’]?t\b|i cannot\b|i won['’]t\b|i don['’]t (?:have (?:the )?(?:time|bandwidth|capacity)|think i can)\b|i['’]m (?:out|away|off|not able|swamped|buried|slammed|maxed)\b|unfortunately\b)/i;
/** The owner takes it back in so many words. */
const WITHDRAWN =
  /\b(?:(?:then|so|okay,?|ok,?) i won['’]t\b|i['’]ll hold off\b|i won['’]t (?:bother|do (?:it|that))\b|i['’]ll leave it(?: then)?[.!]?$|not doing (?:it|that) then\b)/i;
/** "Maybe I'll…", "I might…", "perhaps I'll…" before the work: a maybe, not a promise. */
const HEDGE = /\b(?:maybe|perhaps|possibly)\s+(?:i['’]ll|i will|i could|i can|we['’]ll|we could)\b|\bi\s+might\b/i;
/** Laughter after it in the same sentence ("…, ha.", "haha", "lol"). */
const JOKE = /[,.!]\s*(?:ha(?:ha)*|lol|heh|hah|kidding|just kidding)[.!]*\s*$/i;
