// Action items scored against the AMI annotators' ACTIONS (../shared/corpus/real-meetings).
// A prediction matches an item when their content words overlap (Dice >= MATCH_DICE, bench/lib/match.ts),
// one to one, best pairs first. Precision = matched / predicted; recall = matched / annotated; owner
// accuracy over matched pairs (the predicted owner is one of the item's owners; an item without an owner
// accepts any). The annotators list only the main actions, so precision is a lower bound.
import type { ActionItemDraft } from "../../contract/transcript";
import { dice, words } from "./match";
import type { RealActionItem, RealMeeting } from "./real-meetings";

export const MATCH_DICE = 0.3;

export interface ActionScore {
  tp: number;
  fp: number;
  fn: number;
  ownerOk: number;
  predicted: number;
  /** Items of fewer than three words. */
  short: number;
  /** Items whose owner is not a speaker of the meeting. */
  strangers: number;
  hours: number;
}

export const emptyActionScore = (): ActionScore => ({ tp: 0, fp: 0, fn: 0, ownerOk: 0, predicted: 0, short: 0, strangers: 0, hours: 0 });

export function addActionScore(a: ActionScore, b: ActionScore): void {
  for (const k of Object.keys(a) as (keyof ActionScore)[]) a[k] += b[k];
}

/** The content words of a task beyond its verb (its first word): what the task is about. */
const objectWords = (task: string) => words(task.replace(/^\s*\S+/, ""));

/**
 * Whether two tasks share a word beyond their verbs. With Dice alone, short tasks match on the verb:
 * "Work from the sun" and "Work on a prototype" score 0.5. The strict figure also asks for this.
 */
export function sharesObject(a: string, b: string): boolean {
  const B = objectWords(b);
  return [...objectWords(a)].some((w) => B.has(w));
}

export function scoreRealActions(
  pred: ActionItemDraft[],
  meeting: RealMeeting,
  onPair?: (p: ActionItemDraft, r: RealActionItem | null) => void,
  strict = false,
): ActionScore {
  const refs = meeting.actionItems ?? [];
  const candidates: { p: number; r: number; sim: number }[] = [];
  pred.forEach((p, pi) =>
    refs.forEach((r, ri) => {
      const sim = dice(p.task, r.task);
      if (sim >= MATCH_DICE && (!strict || sharesObject(p.task, r.task))) candidates.push({ p: pi, r: ri, sim });
    }),
  );
  candidates.sort((a, b) => b.sim - a.sim);
  const usedP = new Set<number>();
  const usedR = new Set<number>();
  const s = emptyActionScore();
  for (const c of candidates) {
    if (usedP.has(c.p) || usedR.has(c.r)) continue;
    usedP.add(c.p);
    usedR.add(c.r);
    const r = refs[c.r];
    const p = pred[c.p];
    if (!r || !p) continue;
    s.tp++;
    if (!r.owners.length || (p.assignee !== null && r.owners.includes(p.assignee))) s.ownerOk++;
    onPair?.(p, r);
  }
  pred.forEach((p, i) => !usedP.has(i) && onPair?.(p, null));
  s.fp = pred.length - usedP.size;
  s.fn = refs.length - usedR.size;
  s.predicted = pred.length;
  s.short = pred.filter((p) => p.task.split(/\s+/).filter(Boolean).length < 3).length;
  s.strangers = pred.filter((p) => p.assignee !== null && !meeting.speakers.includes(p.assignee)).length;
  s.hours = meeting.durationSeconds / 3600;
  return s;
}
