// A small learned scorer for action items in real speech. The rules in actions.ts follow how written
// dialogue hands out work; people in real meetings mostly say it in passing ("so you're gonna be working on
// the look and feel", "I'll type up the minutes", "we have to find out about the batteries"). Here every
// clause that puts work on someone (a subject, a modal of future or obligation, a verb) is a candidate; a
// logistic regression over general features of the sentence and its place in the meeting (who is meant,
// which modal, the verb, next-steps talk nearby, position, hedges, questions, past tense) scores it, and
// only candidates above the threshold chosen by cross-validation stay. The weights and the threshold come
// from bench/train-action-model.ts (trained on the real-meetings train split) and live in
// action-model-weights.ts. No word of any meeting's subject is a feature: only the verbs of the task.
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { ACTION_MODEL } from "./action-model-weights";
import { cleanSpeech } from "./clean";
import { GENERIC_LABEL, isName, NAME, resolveOwner, type Context } from "./owners";
import { findDueDates, pickDueDate } from "./due-date";
import { isActionableTask, participantOwner } from "./precision";
import { NEXT_STEPS } from "./speech-acts";
import { cleanTask, contentWords, gerundToBase, TASK_VERBS } from "./task-text";

export interface Candidate {
  task: string;
  owner: string | null;
  turn: number;
  /** The clause's words after the verb: where its due date is said, if any. */
  clause: string;
  features: Record<string, number>;
}

const ESCAPE = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const ROLE_SUFFIX = "(?:\\s+(?:designer|expert|executive|person|specialist|manager|guy|people|team))?";

// The modal that puts the work on someone, grouped: future (will, gonna), obligation (have to, need to,
// must, supposed to), advice (should), ability/offer (can, could), wish (want to, would like to).
const MODALS: [string, string][] = [
  ["will", "(?:['’]ll|will|(?:['’]re|['’]m|am|are|is|['’]s)?\\s*(?:gonna|going to))"],
  ["must", "(?:(?:have|has|['’]ve|['’]s)\\s+(?:got\\s+)?to|got to|gotta|needs? to|must|(?:['’]re|['’]m|am|are|is)\\s+supposed to)"],
  ["should", "(?:should|ought to)"],
  ["can", "(?:can|could|may|might)"],
  ["want", "(?:wanna|want to|wants to|would like to|['’]d like to)"],
];
const MODAL_RE = MODALS.map(([, r]) => r).join("|");
const ADVERBS = "(?:(?:just|also|then|probably|all|both|maybe|still|really|actually|definitely|first|now|each|perhaps|then)\\s+)*";
const PRONOUN_SUBJECT = "i|we|you|everyone|everybody|each of you|all of you|you guys|you both|you two|they|he|she";
/** The clause pattern for one meeting: pronouns, the participants' labels ("the industrial designer"), or names. */
function clauseRe(labels: string[]): RegExp {
  const names = labels
    .map((l) => l.replace(/\s*\(.*$/, "").trim())
    .filter((l) => l.length >= 3)
    .map((l) => `(?:the\\s+|our\\s+)?${ESCAPE(l)}${ROLE_SUFFIX}`);
  const subject = `(${[PRONOUN_SUBJECT, ...names, NAME].join("|")})(?:,?\\s+(?:that['’]s|which is|who is)\\s+\\p{L}+,?)?`;
  return new RegExp(
    `(?<![\\p{L}'’])${subject}\\s*(${MODAL_RE})\\s+(?:not\\s+)?${ADVERBS}(?:be\\s+)?${ADVERBS}(\\p{L}[\\p{L}'’-]*)\\b`,
    "giu",
  );
}

/** Where the next person's part starts in a list of assignments (", and marketing…", ", Kendra the…"). */
function nextPartRe(labels: string[]): RegExp[] {
  const names = labels
    .map((l) => l.replace(/\s*\(.*$/, "").trim())
    .filter((l) => l.length >= 3)
    .map((l) => ESCAPE(l));
  const lead = ",\\s*(?:and\\s+)?(?:for\\s+)?(?:the\\s+|our\\s+)?";
  return [new RegExp(`${lead}(?:${[...names, "you"].join("|")})\\b`, "iu"), new RegExp(`${lead}${NAME}`, "u")];
}

const LETS = /\blet['’]?s\s+(?:just\s+|also\s+)?(\p{L}[\p{L}'’-]*)\b([^.?!]*)/giu;
const YOUR_TASK =
  /\b(?:your|my|our)\s+(?:individual\s+|next\s+|main\s+)?(?:tasks?|jobs?|assignments?|actions?|homework|role)\s+(?:is|are|will be|for\s+\w+\s+is)\s+(?:to\s+)?(\p{L}[\p{L}'’-]*)\b([^.?!]*)/giu;

// Verbs that are never the work itself.
const NOT_WORK = new Set(
  "be have say see know mean guess suppose wonder like love hate feel seem go come get let need want hope believe remember forget agree disagree understand hear".split(
    " ",
  ),
);
const HEDGE = /\b(?:maybe|perhaps|probably|i think|i guess|i suppose|might|possibly|i don['’]t know|not sure)\b/i;
const PAST = /\b(?:was|were|did|had|yesterday|last (?:time|week|meeting)|already|would have|could have|should have)\b/i;
const CONDITIONAL = /\b(?:if|unless|whether|when|once)\b/i;
const NEGATION = /\b(?:not|n['’]t|never|no need)\b/i;
const IN_MEETING = /^(?:talk|discuss|go|show|present|start|say|tell|move|pass|close|open|end|finish|wrap|stop|continue|begin|skip)\b/i;
const TIME_AHEAD = /\b(?:next|tomorrow|later|after|before|by|until|tonight|soon|afterwards|meantime|then)\b/i;

interface Found {
  subject: string;
  subjectText: string;
  modal: string;
  verb: string;
  rest: string;
  progressive: boolean;
  before: string;
}

function modalGroup(m: string): string {
  const lower = m.toLowerCase();
  for (const [name, re] of MODALS) if (new RegExp(`^${re}$`, "i").test(lower)) return name;
  return "will";
}

function subjectKind(subject: string, labels: string[]): string {
  const lower = subject.toLowerCase();
  if (new RegExp(`^(?:${PRONOUN_SUBJECT})$`).test(lower)) return lower;
  if (
    labels.some((l) =>
      lower.includes(
        l
          .replace(/\s*\(.*$/, "")
          .trim()
          .toLowerCase(),
      ),
    )
  )
    return "label";
  return isName(subject) ? "name" : "other";
}

function clausesIn(sentence: string, clause: RegExp, nextPart: RegExp[], labels: string[]): Found[] {
  const out: Found[] = [];
  const matches = [...sentence.matchAll(clause)];
  matches.forEach((m, i) => {
    // The clause pattern's three groups (subject, modal, verb) take part in every match.
    const [, subjectText = "", modal = "", verb = ""] = m;
    const subject = subjectKind(subjectText, labels);
    if (subject === "other") return;
    const end = (m.index ?? 0) + m[0].length;
    // The task runs to the next clause or the next person's part of a list of assignments.
    let rest = sentence.slice(end, matches[i + 1]?.index ?? sentence.length);
    for (const re of nextPart) {
      const next = re.exec(rest);
      if (next) rest = rest.slice(0, next.index);
    }
    out.push({
      subject,
      subjectText,
      modal: modalGroup(modal.trim()),
      verb,
      rest,
      progressive: /\bbe\s+/i.test(m[0]) || /ing$/i.test(verb),
      before: sentence.slice(0, m.index ?? 0),
    });
  });
  for (const m of sentence.matchAll(LETS))
    out.push({
      subject: "lets",
      subjectText: "",
      modal: "lets",
      verb: m[1] ?? "",
      rest: m[2] ?? "",
      progressive: false,
      before: sentence.slice(0, m.index ?? 0),
    });
  for (const m of sentence.matchAll(YOUR_TASK))
    out.push({
      subject: "yourtask",
      subjectText: "",
      modal: "task",
      verb: m[1] ?? "",
      rest: m[2] ?? "",
      progressive: false,
      before: sentence.slice(0, m.index ?? 0),
    });
  return out;
}

/** The participant label said in `text` nearest its end ("as the industrial designer, you…"), if any. */
function labelIn(text: string, labels: string[]): string | null {
  const lower = text.toLowerCase();
  let best: { l: string; at: number } | null = null;
  for (const l of labels) {
    const name = l.replace(/\s*\(.*$/, "").trim();
    if (name.length < 3) continue;
    const m = [...lower.matchAll(new RegExp(`\\b${ESCAPE(name.toLowerCase())}${ROLE_SUFFIX}\\b`, "g"))].pop();
    if (m && (!best || (m.index ?? 0) > best.at)) best = { l, at: m.index ?? 0 };
  }
  return best?.l ?? null;
}

/** Longer spoken tasks are cut: the point of a task is in its first words. */
const MAX_TASK_WORDS = 12;

/** What the features need to know about the meeting: next-steps talk, the chair, each speaker's share. */
function meetingInfo(utterances: Utterance[]) {
  const nextSteps = utterances.map((u) => NEXT_STEPS.test(u.text));
  // The chair: who opens the meeting with a substantive turn.
  const chair = utterances.find((u) => u.text.split(/\s+/).length >= 8)?.speaker ?? null;
  const words = new Map<string, number>();
  let total = 0;
  for (const u of utterances) {
    const w = u.text.split(/\s+/).length;
    words.set(u.speaker, (words.get(u.speaker) ?? 0) + w);
    total += w;
  }
  return { nextSteps, chair, words, total };
}
type MeetingInfo = ReturnType<typeof meetingInfo>;

/** Features of where and by whom a task is said, shared by the clauses and the rules' items. */
function placeFeatures(feats: Record<string, number>, utterances: Utterance[], t: number, info: MeetingInfo, task: string): void {
  const u = utterances[t];
  if (!u) return;
  const n = utterances.length;
  if (u.speaker === info.chair) feats.chair = 1;
  feats.speakerShare = (info.words.get(u.speaker) ?? 0) / Math.max(1, info.total);
  const pos = t / Math.max(1, n - 1);
  feats.pos = pos;
  feats.posLast15 = pos >= 0.85 ? 1 : 0;
  feats.posFirst15 = pos <= 0.15 ? 1 : 0;
  if (info.nextSteps.slice(Math.max(0, t - 6), t + 7).some(Boolean)) feats.nearNextSteps = 1;
  if (IN_MEETING.test(task)) feats.inMeetingVerb = 1;
  const verb = (task.split(/\s+/)[0] ?? "").toLowerCase();
  // The verb itself (only verbs frequent in training have a weight) and its class.
  feats[`verb:${verb}`] = 1;
  feats[`verbclass:${TASK_VERBS.has(verb) ? "task" : "other"}`] = 1;
  feats.taskWords = Math.min(MAX_TASK_WORDS, task.split(/\s+/).length) / MAX_TASK_WORDS;
  feats.contentWords = Math.min(8, contentWords(task).size) / 8;
  feats.turnWords = Math.min(1, Math.log1p(u.text.split(/\s+/).length) / 6);
  if (/\?/.test(utterances[t - 1]?.text ?? "")) feats.afterQuestion = 1;
  // The shape of the object: a noun phrase ("the components concept") or only a pronoun or a preposition.
  const after = task
    .split(/\s+/)
    .slice(1, 4)
    .map((w) => w.toLowerCase());
  if (
    /^(?:the|a|an|our|your|my|some|their|this|these|those)$/.test(after[0] ?? "") ||
    /^(?:the|a|an|our|your|my|some)$/.test(after[1] ?? "")
  )
    feats.objDeterminer = 1;
  if (after.some((w) => /^(?:it|that|this|them|you|me|us|there|here)$/.test(w))) feats.objPronoun = 1;
  if (/\b(?:what|how|whether|if|which|where)\b/i.test(task)) feats.objQuestionWord = 1;
  if (/,/.test(task)) feats.comma = 1;
}

/** Every clause of the meeting that puts work on someone, with its features. */
export function actionCandidates(utterances: Utterance[], ctx: Context): Candidate[] {
  const labels = ctx.speakers.filter((s) => s.trim() && !GENERIC_LABEL.test(s));
  const info = meetingInfo(utterances);
  const clause = clauseRe(labels);
  const nextPart = nextPartRe(labels);
  const out: Candidate[] = [];
  for (const [t, u] of utterances.entries()) {
    const sentences = cleanSpeech(u.text).split(/(?<=[.?!])\s+/);
    for (const [si, s] of sentences.entries()) {
      for (const f of clausesIn(s, clause, nextPart, labels)) {
        const verb = (/ing$/i.test(f.verb) ? gerundToBase(f.verb) : f.verb).toLowerCase();
        if (NOT_WORK.has(verb) && !/^\s+(?:out|in touch|back to|together)\b/i.test(f.rest)) continue;
        // "I'll make sure to put up the minutes": the task is what follows.
        let task = cleanTask(`${verb}${f.rest}`.replace(/^make sure (?:to |that (?:i |we |you )?)?/i, ""));
        const tw = task.replace(/…$/, "").split(/\s+/);
        if (tw.length > MAX_TASK_WORDS) task = tw.slice(0, MAX_TASK_WORDS).join(" ");
        task = task.replace(/[\s,]+(?:and|or|but|the|a|an|of|to|for|with|on|in|at|that|so|like|about|this|uh|um)$/i, "");
        if (!isActionableTask(task)) continue;
        const named = labelIn(`${sentences[si - 1] ?? ""} ${f.before}`, labels);
        let owner: string | null = null;
        if (f.subject === "i") owner = u.speaker;
        else if (f.subject === "you" || f.subject === "yourtask") owner = named;
        else if (f.subject === "label") owner = labelIn(f.subjectText, labels);
        else if (f.subject === "name") owner = resolveOwner(f.subjectText, ctx);
        const subj = /^(?:each of you|all of you|everybody)$/.test(f.subject)
          ? "everyone"
          : f.subject.replace(/^you (?:guys|both|two)$/, "you");
        const feats: Record<string, number> = {
          bias: 1,
          [`subj:${subj}`]: 1,
          [`modal:${f.modal}`]: 1,
          [`subj-modal:${subj}-${f.modal}`]: 1,
        };
        placeFeatures(feats, utterances, t, info, task);
        if (f.progressive) feats.progressive = 1;
        if (named) feats.labelNamed = 1;
        if (NEXT_STEPS.test(s)) feats.nextStepsHere = 1;
        if (HEDGE.test(f.before) || HEDGE.test(s)) feats.hedge = 1;
        if (PAST.test(f.before)) feats.past = 1;
        if (CONDITIONAL.test(f.before)) feats.conditional = 1;
        if (NEGATION.test(f.before.slice(-40)) || /^\s*not\b/i.test(f.rest)) feats.negation = 1;
        if (/\?\s*$/.test(s)) feats.question = 1;
        if (TIME_AHEAD.test(f.rest)) feats.timeAhead = 1;
        // Who hands out work where: the chair at the wrap-up, to "you" or a role.
        const wrapUp = feats.nearNextSteps || feats.posLast15;
        if (wrapUp && feats.chair) feats["wrapUp:chair"] = 1;
        if (wrapUp) feats[`wrapUp:subj:${subj}`] = 1;
        if (feats.chair) feats[`chair:subj:${subj}`] = 1;
        out.push({ task, owner, turn: t, clause: `${verb}${f.rest}`, features: feats });
      }
    }
  }
  return out;
}

/** A rule's item as a candidate (scored in long meetings, where the rules alone over-produce). */
function ruleCandidate(item: ActionItemDraft, utterances: Utterance[], info: MeetingInfo): Candidate | null {
  const t = utterances.findIndex((u) => u.start === item.sourceStart);
  if (t < 0) return null;
  const feats: Record<string, number> = { bias: 1, rule: 1, [item.assignee ? "rule:owner" : "rule:noOwner"]: 1 };
  placeFeatures(feats, utterances, t, info, item.task);
  if (item.assignee === utterances[t]?.speaker) feats["rule:ownerIsSpeaker"] = 1;
  return { task: item.task, owner: item.assignee, turn: t, clause: "", features: feats };
}

/** The rules' items of a meeting as candidates, for training and for the gate in long meetings. */
export function ruleCandidates(items: ActionItemDraft[], utterances: Utterance[]): Candidate[] {
  const info = meetingInfo(utterances);
  return items.map((it) => ruleCandidate(it, utterances, info)).filter((c): c is Candidate => c !== null);
}

export function scoreCandidate(c: Candidate, weights: Record<string, number> = ACTION_MODEL.weights): number {
  let z = 0;
  for (const [k, v] of Object.entries(c.features)) z += (weights[k] ?? 0) * v;
  return 1 / (1 + Math.exp(-z));
}

/** Two tasks about the same thing (content-word overlap): only the better-scored is kept. */
function similar(a: string, b: string): boolean {
  const A = contentWords(a);
  const B = contentWords(b);
  let n = 0;
  for (const w of A) if (B.has(w)) n++;
  return A.size + B.size > 0 && (2 * n) / (A.size + B.size) >= 0.5;
}

/** The candidates the model keeps: above the threshold, the best of near-duplicates, at most a few per hour. */
export function selectCandidates(cands: Candidate[], wordsInMeeting: number, opts: ModelOptions = {}): (Candidate & { score: number })[] {
  const threshold = opts.threshold ?? ACTION_MODEL.threshold;
  const cap = Math.max(1, Math.ceil((wordsInMeeting / 1000) * (opts.perThousandWords ?? ACTION_MODEL.perThousandWords)));
  const scored = cands.map((c) => ({ ...c, score: scoreCandidate(c, opts.weights) })).filter((c) => c.score >= threshold);
  scored.sort((a, b) => b.score - a.score);
  const kept: (Candidate & { score: number })[] = [];
  for (const c of scored) {
    if (kept.length >= cap) break;
    if (kept.some((k) => similar(k.task, c.task))) continue;
    kept.push(c);
  }
  return kept.sort((a, b) => a.turn - b.turn);
}

export interface ModelOptions {
  threshold?: number;
  /** Long meetings: the rules' items must score at least this too. */
  ruleThreshold?: number;
  perThousandWords?: number;
  weights?: Record<string, number>;
  /** The meeting's candidates when already computed (training reuses them). */
  candidates?: Candidate[];
}

/** Words above which a meeting is long: past about 20 minutes of talk. */
export const LONG_MEETING_WORDS = 3000;

/**
 * The rules' items plus what the model keeps beyond them: a model item about the same thing as a rule
 * item is left out; its owner must be a participant, its date an explicit phrase.
 * In a long meeting the rules' items must pass the scorer too: there most "I'll…" is about the talk itself.
 */
export function withModelItems(
  ruleItems: ActionItemDraft[],
  utterances: Utterance[],
  ctx: Context,
  meetingDate: Date,
  opts: ModelOptions = {},
): ActionItemDraft[] {
  const words = utterances.reduce((n, u) => n + u.text.split(/\s+/).length, 0);
  const weights = opts.weights ?? ACTION_MODEL.weights;
  const ruleThreshold = opts.ruleThreshold ?? ACTION_MODEL.ruleThreshold;
  let rules = ruleItems;
  if (words > LONG_MEETING_WORDS) {
    const info = meetingInfo(utterances);
    rules = ruleItems.filter((it) => {
      const c = ruleCandidate(it, utterances, info);
      return !c || scoreCandidate(c, weights) >= ruleThreshold;
    });
  }
  const extra = selectCandidates(opts.candidates ?? actionCandidates(utterances, ctx), words, opts)
    .filter((c) => !rules.some((r) => similar(r.task, c.task)))
    .map((c) => ({
      task: c.task,
      assignee: participantOwner(c.owner, ctx),
      dueDate: pickDueDate(findDueDates(c.clause, meetingDate))?.date ?? null,
      sourceStart: utterances[c.turn]?.start ?? null,
    }));
  const all = [...rules, ...extra];
  // In the order said, where the transcript has times.
  return all.every((it) => it.sourceStart !== null) ? all.sort((a, b) => a.sourceStart! - b.sourceStart!) : all;
}
