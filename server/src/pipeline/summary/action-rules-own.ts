// Action-item rules for what the speaker takes on: first-person commitments ("I'll send the deck", "let me…",
// "my plan is to…"), volunteering for an open need or accepting a request ("Sure, I'll…"), offers asked about or
// accepted, joint tasks, corrections and taking back, and dates said in the replies. Each is a pure function of
// the walk's Reader that returns its proposals (action-walk.ts).
import type { Claim, Draft, Op, Reader } from "./action-walk";
import { findDueDates, pickDueDate } from "./due-date";
import { dateOfRaisedWork } from "./due-date-changes";
import { speakerDisplay, splitSentences } from "./owners";
import {
  ACCEPT_START,
  commitmentClauses,
  DATE_CORRECTION,
  DEADLINE_STATEMENT,
  DOING_NOW,
  divisionOfLabour,
  findNeed,
  GENERIC_ACCEPT,
  isStandupStatus,
  imperativeIn,
  isConditional,
  isDateReply,
  isOfferOnly,
  isReported,
  jointProposal,
  LAUGHTER,
  NON_TASK_AFTER_WILL,
  OFFER_ACCEPT,
  offerQuestion,
  PROCEDURAL,
  stripLeadFillers,
  type Clause,
} from "./speech-acts";
import {
  cleanTask,
  firstWord,
  fullerName,
  gerundToBase,
  inheritObject,
  isWeak,
  pointsBack,
  resolvePronounObject,
  TASK_VERBS,
  youToName,
} from "./task-text";
import { contentWords, sharesWord } from "./text";

/** "Who's talking to the agency?": the room asked who does some work, the verb in the progressive. */
const WHO_DOING = /^(?:(?:and|so|okay|ok|oh|then|one more)[,.]?\s+)*who(?:['’]s| is)\s+(\p{Ll}+ing)\b(.*?)\?\s*$/iu;
/** Questions of the meeting itself ("Who's presenting?", "Who's joining?") and of who is responsible. */
const WHO_NOT_WORK = /^(?:own|take|handle|get|do|make|work|look|have|run|go|come|join|be|present|lead|chair|speak)$/i;

/** An open question for a volunteer in the progressive ("Who's putting the file on the agenda?"): a need. */
function whoIsDoing(s: string): { task: string; strong: boolean } | null {
  const [, gerund = "", rest = ""] = WHO_DOING.exec(s.trim()) ?? [];
  const verb = gerundToBase(gerund);
  if (!gerund || WHO_NOT_WORK.test(verb) || !TASK_VERBS.has(verb)) return null;
  if (/\b(?:what|which|whom?|how|when|where|why|now|right now|at the moment)\b/i.test(rest)) return null;
  const task = cleanTask(`${verb}${rest}`);
  return task.split(/\s+/).length >= 2 ? { task, strong: true } : null;
}

/** Everything this turn offered is taken back ("never mind", "scratch that"). */
export function withdrawAll(r: Reader): Op[] {
  return r.created.map((item) => ({ op: "remove", item }));
}

/** "Let's both go through the survey early next week" + "Deal": the proposer owns a joint task they do not split. */
export function joint(r: Reader, s: string, i: number): Op[] {
  const raw = jointProposal(s);
  if (!raw || !r.me || r.turnSents.some((x) => divisionOfLabour(x))) return [];
  const task = cleanTask(raw);
  if (!task || isWeak(task)) return [];
  const due = r.dueDate([s, ...r.turnSents.slice(i + 1)]);
  const reply = r.nextReply();
  if (due || (reply && (OFFER_ACCEPT.test(stripLeadFillers(reply.text)) || ACCEPT_START.test(stripLeadFillers(reply.text)))))
    return [{ op: "add", item: r.draft("joint", { task, owner: r.me, due }) }];
  return [];
}

/** "Do you want me to…?" + "Yes, please. Just tell her…": the person offering owns it; the reply may say what exactly. */
export function offerAsked(r: Reader, s: string): Claim {
  const offer = offerQuestion(s);
  const reply = r.nextReply();
  if (!offer || !reply || !r.me) return null;
  // "Should I post in the channel?" — "Yes please" — "Posting now.": done in the meeting.
  const after = r.utterances[r.t + 2];
  if (after && after.speaker === r.u.speaker && DOING_NOW.test(stripLeadFillers(after.text))) return [];
  const answer = stripLeadFillers(reply.text);
  if (!OFFER_ACCEPT.test(answer) && !/^(?:yes|yeah|yep|sure)\b/i.test(answer)) return null;
  const replySents = splitSentences(answer);
  const instruction = replySents.map((x) => imperativeIn(x)).find(Boolean) ?? null;
  const raw = instruction ?? offer;
  if (NON_TASK_AFTER_WILL.test(raw) || PROCEDURAL.test(raw)) return null;
  const task = cleanTask(raw);
  if (!task || (!instruction && !TASK_VERBS.has(firstWord(task)))) return null;
  const due = r.dueDate(instruction ? replySents.filter((x) => imperativeIn(x)) : [s]);
  return [{ op: "add", item: r.draft("offerAsked", { task, owner: r.me, due, sourceTurn: r.t + 1 }) }];
}

/** Open needs ("someone needs to renew it", "can someone…?"), for a volunteer to take later. */
export function need(r: Reader, s: string, i: number): Op[] {
  const found = findNeed(s, cleanTask) ?? whoIsDoing(s);
  if (!found) return [];
  const dueTexts = [s, ...r.turnSents.slice(i + 1)];
  // "The permit expires on the 30th. Someone needs to renew it.": a deadline stated just before counts.
  const before = r.turnSents[i - 1];
  if (before && DEADLINE_STATEMENT.test(before)) dueTexts.push(before);
  return [{ op: "need", need: { task: found.task, turn: r.t, strong: found.strong, dueTexts } }];
}

/** A volunteer or the addressee taking something on; null when it binds to no request or need. */
function bind(r: Reader, commitTask: string, dueTexts: string[], generic: boolean): Claim {
  if (!r.me) return null;
  const openNeed = [...r.needs].reverse().find((n) => r.t - n.turn <= 3 && r.t >= n.turn && (n.strong || generic));
  const mine = r.askedOf(r.me);
  // "Sure, I'll…" right after being asked; once they have said yes, a new "I'll…" must be about the same thing.
  const acceptsRequest = !!mine && !mine.accepted && ACCEPT_START.test(stripLeadFillers(r.u.text)) && r.t - mine.turn <= 2;
  const answersMine =
    !!mine &&
    (generic || acceptsRequest || isWeak(commitTask) || pointsBack(commitTask) || takesIt(commitTask) || sharesWord(mine.task, commitTask));
  // A reply to what I was just asked is about that, not an older need ("could you take six?" "I can do three").
  if (mine && (!openNeed || openNeed.turn < mine.turn)) return answersMine ? acceptInto(r, mine, commitTask, dueTexts) : null;
  // A volunteer names the need's task, points back at it, or just says "I'll do it".
  if (
    openNeed &&
    (generic || isWeak(commitTask) || takesIt(commitTask) || isWeak(openNeed.task) || sharesWord(openNeed.task, commitTask))
  ) {
    const task = isWeak(openNeed.task) && !isWeak(commitTask) ? commitTask : openNeed.task;
    return [
      { op: "takeNeed", need: openNeed },
      { op: "add", item: r.draft("volunteer", { task, owner: r.me, due: r.dueDate([...dueTexts, ...openNeed.dueTexts]) }), bind: true },
    ];
  }
  if (mine && answersMine) return acceptInto(r, mine, commitTask, dueTexts);
  return null;
}

/**
 * "I'll do it with the status update", "I can take that one after lunch": taking on what was just asked, said with
 * when or how; the words after the pointer name no other work.
 */
const takesIt = (task: string) =>
  /^(?:do|take|handle|grab|own|cover|sort)\s+(?:it|that|this|them|those)(?:\s+one)?\b(?!\s+(?:to|into)\b)/i.test(task);

/** Accepting a request: the reply's date and a clearer task fill in; a request's own date stays unless the reply sets a deadline. */
function acceptInto(r: Reader, mine: Readonly<Draft>, commitTask: string, dueTexts: string[]): Op[] {
  const ops: Op[] = [];
  const siblings =
    mine.requestTurn === null ? [mine] : r.items.filter((it) => it.requestTurn === mine.requestTurn && it.ownerKey === mine.ownerKey);
  if (siblings.length > 1) ops.push(...datesPerPart(r, siblings));
  else {
    const due = r.dueIn(dueTexts);
    if (due && (!mine.dueDate || due.deadline || DATE_CORRECTION.test(r.u.text)))
      ops.push({ op: "set", item: mine, set: { dueDate: due.date } });
  }
  // "Can you send it to Dana as well?" — "I'll send the pilot agreement to you and Dana": the reply names what "it" was.
  const samePointer = /^\p{L}+\s+(?:it|that|this|them|those)\b/iu.test(mine.task) && firstWord(mine.task) === firstWord(commitTask);
  if ((mine.weakTask || pointsBack(mine.task) || samePointer) && !isWeak(commitTask) && !pointsBack(commitTask)) {
    // A pure pointer ("Adapt that") is replaced; a short task keeps its words in brackets.
    const task =
      contentWords(mine.task).size <= 1 || pointsBack(mine.task) || samePointer ? commitTask : `${commitTask} (${mine.task.toLowerCase()})`;
    ops.push({ op: "set", item: mine, set: { task, weakTask: isWeak(task) } });
  }
  for (const item of siblings) ops.push({ op: "set", item, set: { sourceStart: r.u.start, turn: r.t, accepted: true } });
  ops.push({ op: "bind", item: mine });
  return ops;
}

/** One request, several tasks: each dated sentence of the reply goes to the task it mentions ("pinning it… today. The write-up, tomorrow"). */
function datesPerPart(r: Reader, parts: readonly Readonly<Draft>[]): Op[] {
  // The dates as they are decided sentence by sentence: a later sentence sees what an earlier one gave.
  const dates = new Map(parts.map((p) => [p, p.dueDate]));
  for (const sentence of r.turnSents) {
    const due = r.dueIn([sentence]);
    if (!due) continue;
    const about = parts.filter((p) => sharesWord(p.task, sentence));
    for (const p of about.length ? about : parts.filter((x) => !dates.get(x))) if (!dates.get(p) || about.length) dates.set(p, due.date);
  }
  return parts.filter((p) => dates.get(p) !== p.dueDate).map((p) => ({ op: "set", item: p, set: { dueDate: dates.get(p) ?? null } }));
}

/** A sentence's first-person clauses, read as commitments: "I'll rework the alert, and I'll have a PR up" is one task. */
export interface Commitments {
  /** The sentence volunteers ("I'll take it", "that's on me") with no condition before it. */
  volunteers: boolean;
  generic: boolean;
  /** The first clause that names work of its own. */
  firstReal: Clause | undefined;
  clauses: Clause[];
  rest: string[];
}

const usable = (c: Clause) => !isConditional(c.before) && !isReported(c.before) && !/^\s*(?:never|not)\b/i.test(c.phrase);

function clauseTask(c: Clause): string {
  if (NON_TASK_AFTER_WILL.test(c.phrase) || /^not\b/i.test(c.phrase)) return "";
  return cleanTask(c.phrase);
}

export function commitmentsIn(r: Reader, s: string, i: number): Commitments {
  const generic = GENERIC_ACCEPT.test(s);
  const found = commitmentClauses(s);
  const firstReal = found.find((c) => usable(c) && !GENERIC_ACCEPT.test(c.text));
  // "I'll rework the alert, and I'll have a PR up": one task; "I'll call them or I'll find another": one task.
  const clauses: Clause[] = [];
  for (const c of found) {
    const prev = clauses[clauses.length - 1];
    if (prev && c.link === "or") continue;
    if (prev && c.link === "and" && usable(prev) && clauseTask(prev) && !GENERIC_ACCEPT.test(prev.text) && clauseTask(c)) {
      prev.phrase = `${prev.phrase.replace(/[\s,]*\band(?:\s+then)?[\s,]*$/i, "")} and ${c.phrase}`;
      prev.text = `${prev.text} ${c.text}`;
      continue;
    }
    clauses.push({ ...c });
  }
  const volunteers = generic && !isConditional(s.slice(0, GENERIC_ACCEPT.exec(s)?.index ?? 0));
  return { volunteers, generic, firstReal, clauses, rest: r.turnSents.slice(i + 1) };
}

/** "That's on me. I'll sort it out tomorrow": the volunteering binds first (to a request or a need). */
export function volunteer(r: Reader, s: string, c: Commitments): Claim {
  // "Will do. And, Maggie, could you get legal to look at it by end of next week?": a date asked of someone else is theirs.
  const mine = c.rest.filter((x) => !/\b(?:could|can|would|will) you\b/i.test(x));
  return bind(r, c.firstReal ? cleanTask(c.firstReal.phrase) : "", [s, ...mine], true);
}

/** One first-person clause: a new item, more about what the speaker took on, or nothing (a hedge, a joke, an offer nobody took). */
export function commitment(r: Reader, c: Clause, s: string, i: number, rest: string[], generic: boolean): Op[] {
  if (!r.me || isConditional(c.before) || isReported(c.before) || /^\s*(?:never|not)\b/i.test(c.phrase)) return [];
  if (isStandupStatus(c.before, r.u.text)) return [];
  // A bare "I send the plan by Thursday" in a recap restates what the recap's own rule reads.
  const barePresent = /^i$/i.test(c.text.split(/\s+/)[0] ?? "");
  if (barePresent && r.inRecap()) return [];
  if (GENERIC_ACCEPT.test(c.text) && isWeak(cleanTask(c.phrase))) return [];
  if (NON_TASK_AFTER_WILL.test(c.phrase) || /^not\b/i.test(c.phrase)) return [];
  const verb = firstWord(cleanTask(c.phrase));
  if (c.kind === "letMe" && !TASK_VERBS.has(verb)) return [];
  // A laughing reply ("Ha. I'll hold your coat.") is a joke unless it names real work.
  if (LAUGHTER.test(r.u.text) && !TASK_VERBS.has(verb)) return [];
  let task = cleanTask(c.phrase);
  if (!task || PROCEDURAL.test(task)) return [];
  task = youToName(task, r.interlocutor());
  // "I send the order form by Thursday" said back after "I'll send you the revised order form": a restatement.
  if (barePresent && r.items.some((it) => it.ownerKey === r.me && sharesWord(it.task, task))) return [];
  // "I'll check it": what "it" is, from a topic said just before ("The licensing, I'll check it") or a need.
  if (isWeak(task) || pointsBack(task)) task = resolvePronounObject(task, [c.before, ...r.contextBefore(i)]);
  // The clause's own words carry its date; then the sentence, the rest of the turn and a deadline just stated.
  const dueTexts = [c.text, s, ...rest];
  const prevSentence = r.turnSents[i - 1];
  if (prevSentence && DEADLINE_STATEMENT.test(prevSentence)) dueTexts.push(prevSentence);

  const b = r.bound;
  if (b) {
    // Further words of a volunteer in the same turn: the date and a clearer task if the bound one was weak.
    const ops: Op[] = [];
    const due = r.dueDate(dueTexts);
    if (due) ops.push({ op: "set", item: b, set: { dueDate: due } });
    if (b.weakTask && !isWeak(task))
      ops.push({
        op: "set",
        item: b,
        set: { task: contentWords(b.task).size <= 1 ? task : `${task} (${b.task.toLowerCase()})`, weakTask: false },
      });
    return ops;
  }
  if (c.kind !== "could" && c.kind !== "plan") {
    const bound = bind(r, task, dueTexts, generic);
    if (bound) return bound;
  }

  const mineThisTurn = [...r.created].reverse().find((d) => d.ownerKey === r.me);
  if (r.correcting && mineThisTurn && !isWeak(task)) {
    // "No, wait, he's out. I'll move them to me": the corrected version replaces the first.
    return [
      {
        op: "set",
        item: mineThisTurn,
        set: { task: inheritObject(task, mineThisTurn.task), dueDate: r.dueDate(dueTexts) ?? mineThisTurn.dueDate },
      },
      { op: "turn", correcting: false },
    ];
  }
  if (isWeak(task) || (mineThisTurn && /^\p{L}[\p{L}-]*\s+(?:it|them|that|this|those)\b/iu.test(task))) {
    // "Let me sort that out tomorrow", "I'll send it Friday with the minutes": more about what I just took on;
    // "By when?" — "I'll have it to you by EOD Thursday": the date of what I took on a turn or two before.
    const due = r.dueDate([c.text]);
    const earlier = mineThisTurn ? undefined : r.recentOf(r.me);
    if (mineThisTurn && due) return [{ op: "set", item: mineThisTurn, set: { dueDate: due } }];
    if (earlier && due && (!earlier.dueDate || DATE_CORRECTION.test(s))) return [{ op: "set", item: earlier, set: { dueDate: due } }];
    return [];
  }
  // "I'll tell them at the tasting": the thing or people the talk just named ("The servers will know").
  task = resolvePronounObject(task, [c.before, ...r.contextBefore(i)]);
  // "I'll take the backend": the thing in the fuller name it was given just before.
  task = fullerName(task, [c.before, ...r.sentencesBefore(i)]);
  const due = r.dueDate(dueTexts);
  if (c.kind === "plan") return [{ op: "plan", task, due }];
  const reply = r.nextReply();
  const welcomed = !!reply && OFFER_ACCEPT.test(stripLeadFillers(reply.text));
  if (c.kind === "could") {
    // "I could take another pass" + "Do it, please": the offer becomes a task where it is accepted.
    // "I'd have to tell the agency by the 27th" + "Do that": telling others is work; telling the room is not.
    const tellsOthers = verb === "tell" && !/^tell\s+(?:you|us|me|everyone|everybody)\b/i.test(task);
    if (!welcomed || !(TASK_VERBS.has(verb) || tellsOthers)) return [];
    const item = r.draft("offerAccepted", {
      task,
      owner: r.me,
      due: due ?? r.dueDate([reply!.text]),
      sourceTurn: r.t + 1,
      assignedBy: speakerDisplay(reply!.speaker, r.ctx),
    });
    return [{ op: "add", item }];
  }
  if (c.kind === "can" || isOfferOnly(c.phrase)) {
    // "I can…" is an offer; it is a commitment when it has a date or the next speaker accepts it.
    // "I can have the quote written up by Tuesday" promises a delivery.
    if (!(due && !isOfferOnly(c.phrase)) && !welcomed && !standingOffer(r, c, s, task)) return [];
    // "I can have the quote written up by Tuesday" promises a delivery; "I can do the February ones" names work.
    if (!TASK_VERBS.has(verb) && !(verb === "have" && due) && !(verb === "do" && !isWeak(task))) return [];
    if (welcomed)
      return [{ op: "add", item: r.draft("offerAccepted", { task, owner: r.me, due, assignedBy: speakerDisplay(reply!.speaker, r.ctx) }) }];
  }
  return [{ op: "add", item: r.draft("commitment", { task, owner: r.me, due }) }];
}

/**
 * "I can make the tickets.", "CSV bug." — "I can grab that.": a plain "I can" with real work, said without a hedge
 * and not turned down or taken by someone else in the reply, is how people take work on in a working meeting; an
 * offer that waits for a yes ("I can do it if you want"), a hedged one ("I can maybe…") or a question is not.
 */
function standingOffer(r: Reader, c: Clause, s: string, task: string): boolean {
  if (c.kind !== "can" || isOfferOnly(c.phrase) || /\?\s*$/.test(s) || OFFER_HEDGE.test(s)) return false;
  // "more than I can take back", "then I can take it to her": a relative clause or a consequence, not an offer;
  // "I can approve it on this call": done in the meeting; "I can help with…" names no work of its own.
  if (/\b(?:than|that|what|which|who|then|so)\s*$/i.test(c.before) || /\b(?:on this call|right now|now|here)\b/i.test(c.phrase))
    return false;
  if (isWeak(task) || pointsBack(task) || !TASK_VERBS.has(firstWord(task)) || /^(?:help|think|reach|look)\b/i.test(task)) return false;
  // "I can take the flaky test" takes work; "I can take forever" does not.
  if (/^take\b/i.test(task) && !/^take\s+(?:the|a|an|this|that|those|these|on|over|care)\b/i.test(task)) return false;
  // "I can get a number. Actually, put it in the export request": taken back in the same turn.
  const after = r.turnSents.slice(r.turnSents.indexOf(s) + 1).join(" ");
  if (/^(?:actually|or|never mind|no)\b/i.test(after.trim())) return false;
  const reply = r.nextReply();
  return !reply || !TURNED_DOWN.test(stripLeadFillers(reply.text));
}
const OFFER_HEDGE = /\b(?:maybe|perhaps|probably|possibly|i guess|i think i can|i suppose|might|in theory|if)\b/i;
/** The reply turns the offer down or takes it over: "No, leave it", "Actually, I'll do it", "Don't worry, I've got it". */
const TURNED_DOWN =
  /^(?:no\b|nope\b|nah\b|not\b|don['’]t\b|actually\b|wait\b|hold on\b|better not\b|let['’]?s not\b|please don['’]t\b)|\bi['’]ll (?:do|take|handle) (?:it|that)\b|\bi['’]ve got (?:it|that)\b|\bno need\b/i;

/** "My plan is to…" frames the turn; it is the item only when nothing more concrete was said. */
export function plansOfTurn(r: Reader, plans: readonly { task: string; due: string | null }[]): Op[] {
  if (!r.me || r.created.some((c) => c.ownerKey === r.me)) return [];
  return plans.map((p) => ({ op: "add", item: r.draft("plan", { task: p.task, owner: r.me, due: p.due }) }));
}

/**
 * Dates said after the item: a short reply that only names a date ("Early next week, yeah", "By the Wednesday
 * before, if you can") dates the latest undated item; "for both of you" dates all recent undated ones; the
 * owner's "Oh, right. By the third." corrects theirs.
 */
export function followUpDates(r: Reader): Op[] {
  if (r.created.length || r.bound || !r.me) return [];
  const text = r.u.text;
  if (text.split(/\s+/).length > 25) return [];
  const due = r.dueIn([text]);
  if (!due) return [];
  if (/\bfor (?:both|all|each) of you\b|\bfor (?:you )?both\b|\bfor everyone\b/i.test(text))
    return r.items.filter((it) => !it.dueDate && r.t - it.turn <= 6).map((item) => ({ op: "set", item, set: { dueDate: due.date } }));
  const last = [...r.items].reverse().find((it) => it.ownerKey === r.me && r.t - it.turn <= 3 && r.t > it.turn);
  if (last && last.dueDate && DATE_CORRECTION.test(text) && (due.deadline || /\bmake it\b/i.test(text)))
    return [{ op: "set", item: last, set: { dueDate: due.date } }];
  // Only a reply shaped as a date ("Early next week, yeah", "Would Friday work?") dates the last undated item,
  // and not when the turn before brought up a date of its own (the reply is about that one).
  const reply = r.turnSents.map((x) => ({ x, m: pickDueDate(findDueDates(x, r.m.meetingDate)) })).find((x) => x.m);
  if (!reply || !isDateReply(reply.x, reply.m!.index)) return [];
  const undated = [...r.items].reverse().find((it) => r.t - it.turn <= 2 && r.t > it.turn);
  if (!undated || undated.dueDate) return [];
  if (dateOfRaisedWork(r.turnSents.slice(0, r.turnSents.indexOf(reply.x)), undated.task)) return [];
  if (undated.turn < r.t - 1 && findDueDates(r.utterances[r.t - 1]?.text ?? "", r.m.meetingDate).length) return [];
  return [{ op: "set", item: undated, set: { dueDate: r.dueDate([reply.x]) } }];
}
