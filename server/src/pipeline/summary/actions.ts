// Action items from meeting utterances (issue 30: candidates → scorer → selection). The rules follow how people
// hand out, accept, pass on and take back work in conversation:
//   - first-person commitments ("I'll send the deck", "my plan is to…", "let me look into it, and I can…");
//   - requests to a named person or answered by the next speaker ("Priya, can you…?", "would you mind…ing",
//     "it'd be great if you could…", "please…" + "Sure") and offers that are accepted ("I could…" + "Do it");
//   - explicit markers ("Action item for Dana: …") and motions bound by the chair ("Sam, that one's yours");
//   - an open need ("someone needs to…", "can someone…?") taken by a volunteer ("I'll do it");
//   - hand-overs ("never mind, Dev's got it"), corrections ("No, wait… I'll move them to me") and dates given
//     in the replies ("Early next week, yeah", "Let's say the fifth for both of you").
// They skip past tense, hypotheticals, reported speech, deferred wishes ("at some point"), jokes, running the
// meeting ("call the roll"), offers nobody accepts and withdrawn offers.
// Where things are: the walk and its proposals (action-walk.ts); the rules, pure functions that propose candidates
// (action-rules-others.ts: work put on someone; action-rules-own.ts: what the speaker takes on); the phrases
// (speech-acts.ts), owners (owners.ts) and task wording (task-text.ts); the trained scorer and its own candidates
// (action-model.ts); the selection (action-select.ts); possible items (possible-items.ts).
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import type { ModelOptions } from "./action-model";
import {
  addressedImperative,
  assignment,
  division,
  handOver,
  letsHave,
  marker,
  namedNextStepRule,
  namedPresent,
  nextStepForYou,
  participantTask,
  recapLine,
  request,
  wantFrom,
} from "./action-rules-others";
import { dateChanged } from "./due-date-changes";
import { commitment, commitmentsIn, followUpDates, joint, need, offerAsked, plansOfTurn, volunteer, withdrawAll } from "./action-rules-own";
import { selectActionItems, selectWithPossible } from "./action-select";
import { readMeeting, Walk, type Draft } from "./action-walk";
import { addressedName, makeContext } from "./owners";
import { CORRECTION, WITHDRAW } from "./speech-acts";

export { resolveGenericLabels } from "./owners";

/**
 * Action items in the meeting: the rules' candidates, then the selection with what the learned scorer
 * (action-model.ts) keeps and adds. `meetingDate` anchors "by Friday"; `model` overrides the scorer's settings
 * (false: rules only), for training.
 */
export function extractActionItems(utterances: Utterance[], meetingDate: Date, model: ModelOptions | false = {}): ActionItemDraft[] {
  const m = readMeeting(utterances, meetingDate, makeContext(utterances));
  return selectActionItems(ruleCandidatesOf(new Walk(m)), m, model);
}

/** The notes' action items: `extractActionItems`'s, then the possible ones (`suggested`: a person accepts or dismisses them). */
export function actionItemsWithPossible(utterances: Utterance[], meetingDate: Date): ActionItemDraft[] {
  const m = readMeeting(utterances, meetingDate, makeContext(utterances));
  return selectWithPossible(ruleCandidatesOf(new Walk(m)), m);
}

/** The rules' proposals as the walk left them, before the selection (what the business scorer reads of each item's rule). */
export function ruleDrafts(utterances: Utterance[], meetingDate: Date): Draft[] {
  return ruleCandidatesOf(new Walk(readMeeting(utterances, meetingDate, makeContext(utterances))));
}

/** Every turn, every sentence: the rules' proposals, applied in order. */
function ruleCandidatesOf(walk: Walk): Draft[] {
  const r = walk.r;
  for (let t = 0; t < walk.m.utterances.length; t++) {
    walk.startTurn(t);
    for (const [i, sentence] of r.turnSents.entries()) readSentence(walk, sentence, i);
    walk.apply(plansOfTurn(r, walk.plans));
    // A thread that moves a task's date claims the turn's date before it dates the latest undated item.
    walk.apply(dateChanged(r) ?? followUpDates(r));
  }
  return walk.items;
}

/** One sentence: the rules in the order they are tried; a rule that claims the sentence ends it. */
function readSentence(walk: Walk, sentence: string, i: number): void {
  const r = walk.r;
  let s = sentence;
  const who = addressedName(s, r.ctx, r.me);
  if (who) walk.apply([{ op: "turn", addressee: who }]);

  // Taking back: drop what this turn offered, pass my task on ("never mind, Dev's got it"), read on after it.
  const withdraw = WITHDRAW.exec(s);
  if (withdraw) {
    walk.apply(withdrawAll(r));
    walk.apply(handOver(r, s));
    s = s.slice((withdraw.index ?? 0) + withdraw[0].length).replace(/^[\s,.;:!-]+/, "");
    if (!s) return;
  }
  if (CORRECTION.test(s)) walk.apply([{ op: "turn", correcting: true }]);

  if (walk.apply(assignment(r, s))) return;
  if (walk.apply(marker(r, s, i))) return;
  if (walk.apply(recapLine(r, s))) return;
  if (walk.apply(participantTask(r, s, i))) return;
  if (walk.apply(nextStepForYou(r, s, i))) return;
  if (walk.apply(namedNextStepRule(r, s, i))) return;
  if (walk.apply(letsHave(r, s, i))) return;
  walk.apply(division(r, s, i));
  walk.apply(joint(r, s, i));
  if (walk.apply(offerAsked(r, s))) return;
  if (walk.apply(request(r, s, i))) return;
  if (walk.apply(addressedImperative(r, s, i))) return;
  walk.apply(need(r, s, i));
  walk.apply(namedPresent(r, s, i));

  const c = commitmentsIn(r, s, i);
  if (c.volunteers) {
    if (!r.bound) walk.apply(volunteer(r, s, c));
    if (r.bound && !c.firstReal) return;
  }
  const before = r.created.length;
  for (const clause of c.clauses) walk.apply(commitment(r, clause, s, i, c.rest, c.generic));
  // What the speaker wants from the person addressed, when the sentence gave nothing else.
  if (r.created.length === before && !r.bound) walk.apply(wantFrom(r, s, i));
}
