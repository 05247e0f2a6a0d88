// The selection of action items from the rules' candidates (action-walk.ts) and the scorer's (action-model.ts):
// what a long meeting keeps, repeats dropped (a recap restating an item gives it the recap's date, the final word
// on a date changed during the meeting), tasks tidied and owners checked (precision.ts), then the scorer's step
// (withModelItems: the rules' items in long meetings must pass the scorer too, and the scorer adds the work the
// rules missed, up to its cap per thousand words); for the notes, then the possible items (possible-items.ts).
import type { ActionItemDraft } from "../../../../contract/transcript";
import { actionCandidates, withModelItems, type ModelOptions } from "./action-model";
import { nearNextSteps, type Draft, type Meeting } from "./action-walk";
import { possibleActionItems } from "./possible-items";
import { keepsTask, preciseItems } from "./precision";
import { firstWord } from "./task-text";
import { contentWords, escapeRegExp, sharesWord } from "./text";

/** The action items of a meeting from the rules' candidates; `model` false: the rules' alone (for training). */
export function selectActionItems(drafts: Draft[], m: Meeting, model: ModelOptions | false = {}): ActionItemDraft[] {
  // In a long meeting people say "I'll…" all the time about the talk itself; what stays to do is handed out at
  // the wrap-up ("for the next meeting…") or given to someone by name or role.
  const kept = m.long ? drafts.filter((it) => it.explicit || nearNextSteps(m, it.turn)) : drafts;
  // Only work a person can act on takes part in the merging of repeats: a recap ("Marc runs the dispatcher
  // training on the twentieth") restating a broken-off task ("Set up the training for") would go down with it.
  const actionable = kept.filter((it) => keepsTask(it.task) && !notForLater(it, m));
  const items = dedupe(actionable).map(({ task, assignee, dueDate, sourceStart }) => ({ task, assignee, dueDate, sourceStart }));
  const precise = preciseItems(items, m.ctx);
  if (model === false) return precise;
  // The scorer's clauses are read by the same check: "let me check their email" is its clause too.
  const turnOf = new Map(m.utterances.map((u, t) => [u.start, t]));
  return withModelItems(precise, m.utterances, m.ctx, m.meetingDate, model).filter((it) => {
    const turn = it.sourceStart === null ? undefined : turnOf.get(it.sourceStart);
    return turn === undefined || !notForLater({ task: it.task, turn }, m);
  });
}

/**
 * The notes' action items: the selected ones, then the possible ones (the scorer's unsure band, `suggested`). The
 * scorer's candidates are found once for both.
 */
export function selectWithPossible(drafts: Draft[], m: Meeting): ActionItemDraft[] {
  const candidates = actionCandidates(m.utterances, m.ctx);
  const items = selectActionItems(drafts, m, { candidates });
  return [...items, ...possibleActionItems(m.utterances, m.meetingDate, items, undefined, { ctx: m.ctx, candidates })];
}

/** Drops repeats: the same task twice, or a recap line restating an earlier item of the same owner (copies: the walk's candidates stay as proposed). */
function dedupe(items: Draft[]): Draft[] {
  const out: Draft[] = [];
  for (const it of items) {
    const same = out.find((o) => o.assignee === it.assignee && sameWords(o.task, it.task));
    const restated = it.recap && out.find((o) => o.assignee === it.assignee && !o.recap && sharesObject(o.task, it.task));
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
      if (restated && it.dueDate) kept.dueDate = it.dueDate;
      else kept.dueDate ??= it.dueDate;
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
  return sents.find((s) => has(s, verb) && next && has(s, next)) ?? sents.find((s) => has(s, verb)) ?? null;
}

/** "Let me (just, uh, I'll) check / pull up / look at…": the speaker does it now. */
const LOOKUP_NOW =
  /\blet\s+me\b(?:[\s,]+(?:just|quickly|quick|real|uh|um|so|i['’]ll|i will))*[\s,]+(?:check|pull|bring|look|open|find|share|see|read|grab)\b/i;
/** A look-up, not an inquiry of someone ("check with legal", "look into it" are work for later). */
const LOOKUP_VERB = /^(?:check(?!\s+(?:with|in|back|on)\b)|pull up|bring up|look (?:at|up)|open|find(?!\s+out)|share|see|read|grab)\b/i;
/** A promise of an answer later: the look-up is work after the meeting. */
const LATER =
  /\b(?:get back|come back|circle back|follow up|let (?:you|them|\p{Lu}\p{L}+) know|report back|by (?:monday|tuesday|wednesday|thursday|friday|tomorrow|end of|eod|next))\b/iu;
/** A standup's plan for the day ("Today I'm going to…", "And today I'll…"), in a turn that reports status. */
const TODAY = /^(?:(?:and|so|then|um|uh)[\s,]+)*today,?\s+(?:i['’]ll|i will|i['’]m|i am)\b/i;
const STATUS = /\b(?:yesterday|no blockers?|blocked on|my blockers?)\b/i;
