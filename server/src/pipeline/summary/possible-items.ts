// "Possible action items" (issue 30, decision 034): work the action-item scorer (action-model.ts) found but was
// unsure of. It is not an action item until a person accepts it; the meeting page lists it apart with Accept and
// Dismiss, and nothing counts it (exports, CSV, counts, mails, integrations) while it is only possible.
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { actionCandidates, scoreCandidate, type Candidate } from "./action-model";
import { ACTION_MODEL } from "./action-model-weights";
import { findDueDates, pickDueDate } from "./due-date";
import { makeContext, type Context } from "./owners";
import { isActionableTask, participantOwner } from "./precision";
import { wordOverlap } from "./text";

/**
 * The unsure band: a clause the scorer gives at least this probability, but that the selection did not keep (below
 * ACTION_MODEL.threshold, 0.15 when this was written, or dropped by the per-hour cap), is a possible action item.
 * Two thirds of the threshold, chosen on the AMI train split (bench/possible-items.bench.ts, decision 034): lower
 * bands add mostly talk about the work (0.075: 2.9 possibles a meeting, 8% of them a missed reference item; 0.10:
 * 1.9 a meeting, 12%), and a list of possibles nobody would accept teaches people to ignore it.
 */
export const POSSIBLE_ACTION_MIN_SCORE = (ACTION_MODEL.threshold * 2) / 3;
/** At most this many possibles per meeting, the best-scored: suggestions, not a second list to triage. */
export const MAX_POSSIBLE_ACTION_ITEMS = 3;

/** Share of content words two tasks have in common (Dice). */
const overlap = wordOverlap;

/**
 * The possible action items of a meeting, in the order said, each `suggested: true`: clauses in the unsure band
 * that are actionable and not the same work as an item already kept (`kept`: the selection's items) or as a
 * better-scored possible. `given`: the meeting's context and scorer candidates when the selection already has them.
 */
export function possibleActionItems(
  utterances: Utterance[],
  meetingDate: Date,
  kept: ActionItemDraft[],
  band: { min: number; max: number; count?: number } = { min: POSSIBLE_ACTION_MIN_SCORE, max: Infinity },
  given?: { ctx: Context; candidates: Candidate[] },
): ActionItemDraft[] {
  if (!utterances.length) return [];
  const ctx = given?.ctx ?? makeContext(utterances);
  const unsure = (given?.candidates ?? actionCandidates(utterances, ctx))
    .map((c, order) => ({ c, order, score: scoreCandidate(c) }))
    .filter(({ c, score }) => score >= band.min && score < band.max && isActionableTask(c.task))
    .sort((a, b) => b.score - a.score || a.order - b.order);
  const picked: typeof unsure = [];
  for (const u of unsure) {
    if (picked.length >= (band.count ?? MAX_POSSIBLE_ACTION_ITEMS)) break;
    if (kept.some((k) => overlap(k.task, u.c.task) > 0.5) || picked.some((p) => overlap(p.c.task, u.c.task) > 0.5)) continue;
    picked.push(u);
  }
  return picked
    .sort((a, b) => a.order - b.order)
    .map(({ c }) => ({
      task: c.task,
      assignee: participantOwner(c.owner, ctx),
      dueDate: pickDueDate(findDueDates(c.clause, meetingDate))?.date ?? null,
      sourceStart: utterances[c.turn]?.start ?? null,
      suggested: true,
    }));
}
