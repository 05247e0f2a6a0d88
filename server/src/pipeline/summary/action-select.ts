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
import { keepsTask, preciseItems } from "./precision";
import { firstWord } from "./task-text";
import { contentWords, sharesWord } from "./text";

/** The action items of a meeting from the rules' candidates; `model` false: the rules' alone (for training). */
export function selectActionItems(drafts: Draft[], m: Meeting, model: ModelOptions | false = {}): ActionItemDraft[] {
  // In a long meeting people say "I'll…" all the time about the talk itself; what stays to do is handed out at
  // the wrap-up ("for the next meeting…") or given to someone by name or role.
  const kept = m.long ? drafts.filter((it) => it.explicit || nearNextSteps(m, it.turn)) : drafts;
  // Only work a person can act on takes part in the merging of repeats: a recap ("Marc runs the dispatcher
  // training on the twentieth") restating a broken-off task ("Set up the training for") would go down with it.
  const actionable = kept.filter((it) => keepsTask(it.task));
  const items = datesOfEvents(datesSaidBefore(dedupe(actionable, m), m), m).map(({ task, assignee, dueDate, sourceStart }) => ({
    task,
    assignee,
    dueDate,
    sourceStart,
  }));
  const precise = preciseItems(items, m.ctx);
  return model === false ? precise : withModelItems(precise, m.utterances, m.ctx, m.meetingDate, model);
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
