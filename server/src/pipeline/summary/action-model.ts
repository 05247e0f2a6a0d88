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
import { assignmentFinder, initials } from "./assignments";
import { cleanSpeech } from "./clean";
import { GENERIC_LABEL, isName, meetingNames, NAME, resolveOwner, type Context } from "./owners";
import { findDueDates, pickDueDate } from "./due-date";
import { isActionableTask, participantOwner } from "./precision";
import { isReported, NEXT_STEPS } from "./speech-acts";
import { cleanTask, DANGLING_END, gerundToBase, TASK_VERBS } from "./task-text";
import { contentWords, dice, escapeRegExp as ESCAPE, ROLE_SUFFIX, splitSentences } from "./text";

export interface Candidate {
  task: string;
  owner: string | null;
  turn: number;
  /** The clause's words after the verb: where its due date is said, if any. */
  clause: string;
  features: Record<string, number>;
}

// The modal that puts the work on someone, grouped: obligation (have to, need to, must, supposed to; first,
// so that "will have to work" is one), future (will, gonna), advice (should), ability/offer (can, could),
// wish (want to, would like to).
const MODALS: [string, string][] = [
  [
    "must",
    "(?:(?:have|has|['’]ve|['’]s)\\s+(?:got\\s+)?to|got to|gotta|needs? to|must|(?:will|['’]ll|(?:['’]re|['’]m|am|are|is|['’]s)?\\s*(?:gonna|going to))\\s+(?:have|need)\\s+to|(?:['’]re|['’]m|am|are|is)\\s+supposed to)",
  ],
  ["will", "(?:['’]ll|will|(?:['’]re|['’]m|am|are|is|['’]s)?\\s*(?:gonna|going to))"],
  ["should", "(?:should|ought to)"],
  ["can", "(?:can|could|may|might)"],
  ["want", "(?:wanna|want to|wants to|would like to|['’]d like to)"],
  // "the marketing expert is coming up with…", "you're working on…": an arrangement, said of others only.
  ["prog", "(?:is|are|['’]re|['’]s)"],
];
const MODAL_RE = MODALS.map(([, r]) => r).join("|");
const ADVERBS = "(?:(?:just|also|then|probably|all|both|maybe|still|really|actually|definitely|first|now|each|perhaps|together)\\s+)*";
const PRONOUN_SUBJECT =
  "i|we|you|everyone|everybody|each of you|all of you|both of you|the two of you|you guys|you both|you two|they|he|she";
/** The clause pattern for one meeting: pronouns, the participants' labels ("the industrial designer"), or names. */
function clauseRe(labels: string[]): RegExp {
  const names = labels
    .map((l) => l.replace(/\s*\(.*$/, "").trim())
    .filter((l) => l.length >= 3)
    .map((l) => `(?:the\\s+|our\\s+)?${ESCAPE(l)}${ROLE_SUFFIX}`);
  const subject = `(${[PRONOUN_SUBJECT, `(?:${NAME}|you)\\s+and\\s+${NAME}`, ...names, NAME].join("|")})(?:,?\\s+(?:that['’]s|which is|who is)\\s+\\p{L}+,?|,\\s*${NAME}(?:\\s+and\\s+${NAME})?\\s*,)?`;
  return new RegExp(
    `(?<![\\p{L}'’])${subject}(?:\\s+|(?=['’]))(${MODAL_RE})\\s+(?:not\\s+)?${ADVERBS}(?:be\\s+)?${ADVERBS}(\\p{L}[\\p{L}'’-]*)\\b`,
    "giu",
  );
}

/**
 * Work asked of someone by name: "I'll ask the Marketing Expert to find out…", "I'd like you two to work on…",
 * "I suggest that the Industrial Designer and the User Interface Designer work together", "for Kate to do the
 * components". Groups: the person asked, the verb.
 */
function askedRe(labels: string[]): RegExp {
  const names = labels
    .map((l) => l.replace(/\s*\(.*$/, "").trim())
    .filter((l) => l.length >= 3)
    .map((l) => `(?:the\\s+|our\\s+)?${ESCAPE(l)}${ROLE_SUFFIX}`);
  const person = `(?:${names.join("|")}|${NAME})(?:\\s+and\\s+(?:${names.join("|")}|${NAME}))?`;
  const object = `${person}|you(?:\\s+(?:two|guys|both|all))?|the two of you|both of you|each of you|all of you|everyone|everybody|you\\s+and\\s+${NAME}|us|them`;
  const verb = `${ADVERBS}(?:try\\s+(?:to|and)\\s+)?(\\p{L}[\\p{L}'’-]*)\\b`;
  return new RegExp(
    `\\b(?:(?:ask|want|like|need|expect|get)(?:s|ed|ing)?\\s+(${object}),?\\s+to\\s+${verb}|(?:suggest|propose)(?:s|ed)?\\s+that\\s+(${object})\\s+(?:should\\s+)?${verb}|\\bfor\\s+(?:you,?\\s+)?(${person}),?\\s+to\\s+${verb})`,
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
  return [
    new RegExp(`${lead}(?:${[...names, "you"].join("|")})\\b`, "iu"),
    new RegExp(`${lead}${NAME}`, "u"),
    // "…to do the user interface and for you the trend-watching"
    /\s+and\s+for\s+you\b/iu,
  ];
}

/** "Let's…", to the next "let's" in the same sentence ("let's go with the round one, let's explore the two-piece"). */
const LETS = /\blet['’]?s\s+(?:just\s+|also\s+)?(\p{L}[\p{L}'’-]*)\b((?:(?!\blet['’]?s\b)(?:[^.?!]|\.(?=\d)))*)/giu;
/** A request put as a question: "Can you e-mail your slides as well?", "Would you mind writing it up?". */
const REQUEST =
  /\b(?:can|could|would|will)\s+you\s+(?:(?:guys|two|both|all)\s+)?(?:please\s+)?(?:mind\s+)?(?:just\s+|also\s+)?(\p{L}[\p{L}'’-]*)\b((?:[^.?!]|\.(?=\d))*)\?/giu;
const YOUR_TASK =
  /\b(?:your|my|our)\s+(?:individual\s+|next\s+|main\s+)?(?:tasks?|jobs?|assignments?|actions?|homework|role)\s+(?:is|are|will be|for\s+\w+\s+is)\s+(?:to\s+)?(\p{L}[\p{L}'’-]*)\b((?:[^.?!]|\.(?=\d))*)/giu;

/** Pattern, subject, subject as said, modal: "let's…", "can you…?", "your task is to…". */
const FIXED_FORMS: [RegExp, string, string, string][] = [
  [LETS, "lets", "", "lets"],
  [REQUEST, "you", "you", "request"],
  [YOUR_TASK, "yourtask", "", "task"],
];

// Verbs that are never the work itself.
const NOT_WORK = new Set(
  "be have say see know mean guess suppose wonder like love hate feel seem go come get let need want hope believe remember forget agree disagree understand hear receive".split(
    " ",
  ),
);
const HEDGE = /\b(?:maybe|perhaps|probably|i think|i guess|i suppose|might|possibly|i don['’]t know|not sure)\b/i;
const PAST = /\b(?:was|were|did|had|yesterday|last (?:time|week|meeting)|already|would have|could have|should have)\b/i;
const CONDITIONAL = /\b(?:if|unless|whether|when|once)\b/i;
const NEGATION = /\b(?:not|n['’]t|never|no need)\b/i;
// Things people make for after the meeting, in any trade: the object of work that is handed out.
const WORK_PRODUCT =
  /\b(?:report|presentation|slides?|deck|design|evaluation|requirements?|specs?|specification|proposal|draft|plan|summary|minutes|budget|prototype|analysis|review|document(?:ation)?|list|e-?mail|agenda|schedule|estimate|questionnaire|survey|research|concept|study|mock-?ups?|quote|contract|invoice|memo|notes|models?|sketch(?:es)?|drawings?|figures|numbers|costs?|pricing|materials)\b/i;
/** "In thirty minutes", "for a few minutes": a length of time, not the meeting's minutes. */
const DURATION =
  /\b(?:\d+|a few|few|a couple of|several|half an?|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|fifty|sixty|ninety)(?:[\s-]+\w+)?\s+(?:minutes|hours)\b/gi;
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
  // "Poppy and Tara will…": two people, as "you two". Each must be a person: the pattern is case-blind, so
  // "the minutes and we will meet" also reaches here.
  if (/\s+and\s+/.test(subject))
    return subject.split(/\s+and\s+/).every((p) => /^you$/i.test(p) || subjectKind(p, labels) !== "other") ? "you two" : "other";
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

/** The task after a clause's verb: it runs to the next clause or the next person's part of a list of assignments. */
function partRest(sentence: string, from: number, nextClause: number | undefined, nextPart: RegExp[]): string {
  let rest = sentence.slice(from, nextClause ?? sentence.length);
  for (const re of nextPart) {
    const next = re.exec(rest);
    if (next) rest = rest.slice(0, next.index);
  }
  return rest;
}

function clausesIn(sentence: string, clause: RegExp, asked: RegExp, nextPart: RegExp[], labels: string[]): Found[] {
  const out: Found[] = [];
  const askedMatches = [...sentence.matchAll(asked)];
  askedMatches.forEach((m, i) => {
    const [, a1, v1, a2, v2, a3, v3] = m;
    const who = (a1 ?? a2 ?? a3 ?? "").replace(/^us$/i, "we").replace(/^them$/i, "they");
    const subject = subjectKind(who, labels);
    if (subject === "other" || subject === "i") return;
    out.push({
      subject,
      subjectText: who,
      modal: "asked",
      verb: v1 ?? v2 ?? v3 ?? "",
      rest: partRest(sentence, (m.index ?? 0) + m[0].length, askedMatches[i + 1]?.index, nextPart),
      progressive: false,
      before: sentence.slice(0, m.index ?? 0),
    });
  });
  // "I'll ask the designer to find out": the work is the designer's (above), not the asking.
  const askedAt = new Set(out.map((f) => f.before.length));
  const matches: RegExpExecArray[] = [];
  clause.lastIndex = 0;
  for (let m = clause.exec(sentence); m; m = clause.exec(sentence)) {
    // The pattern is case-blind, so "the minutes and we will meet" reads "minutes and we" as two names: no
    // clause starts there, and the next word may start the real one.
    if (/\s+and\s+/.test(m[1] ?? "") && subjectKind(m[1] ?? "", labels) === "other") clause.lastIndex = m.index + 1;
    else matches.push(m);
  }
  matches.forEach((m, i) => {
    // The clause pattern's three groups (subject, modal, verb) take part in every match.
    const [, subjectText = "", modal = "", verb = ""] = m;
    const subject = subjectKind(subjectText, labels);
    if (subject === "other") return;
    const group = modalGroup(modal.trim());
    if (group === "prog" && (!/ing$/i.test(verb) || !/^(?:label|name|you|you two)$/.test(subject))) return;
    const end = (m.index ?? 0) + m[0].length;
    if (askedAt.has(end - verb.length)) return;
    out.push({
      subject,
      subjectText,
      modal: group,
      verb,
      rest: partRest(sentence, end, matches[i + 1]?.index, nextPart),
      progressive: /\bbe\s+/i.test(m[0]) || /ing$/i.test(verb),
      before: sentence.slice(0, m.index ?? 0),
    });
  });
  // Forms that say who and how by themselves: the pattern gives the verb and the rest.
  for (const [re, subject, subjectText, modal] of FIXED_FORMS)
    for (const m of sentence.matchAll(re))
      out.push({
        subject,
        subjectText,
        modal,
        verb: m[1] ?? "",
        rest: m[2] ?? "",
        progressive: false,
        before: sentence.slice(0, m.index ?? 0),
      });
  return out;
}

const ASPECT = /^(?:start|begin|keep|continue|carry on)$/i;
const ASPECT_REST = /^\s+(\p{L}+ing)\b(.*)$/iu;
const TRY_REST = /^\s+(?:to|and)\s+(\p{L}[\p{L}'’-]*)\b(.*)$/iu;
/** "What I'd like you to do is work on a model": the work is what follows "is". */
const CLEFT_REST = /^\s+is\s+(?:to\s+|just\s+)?(?!(?:a|an|the|that|this|it|not|really|basically)\b)(\p{L}[\p{L}'’-]*)\b(.*)$/iu;
/** "do the final questionnaire and do the meeting summary": two pieces of work, each with its verb and object. */
const AND_VERB = /\s+and\s+(?:then\s+|also\s+)?(\p{L}+)\s+(?=(?:the|a|an|some|our|your|my|this|that|these)\s)/iu;
function splitCoordinated(f: Found): Found[] {
  const m = AND_VERB.exec(f.rest);
  const second = m?.[1]?.toLowerCase();
  // "design and build the prototype" is one piece of work: the first verb needs an object of its own.
  if (!m || !second || !m.index || (!TASK_VERBS.has(second) && second !== f.verb.toLowerCase())) return [f];
  return [
    { ...f, rest: f.rest.slice(0, m.index) },
    { ...f, verb: m[1] ?? second, rest: f.rest.slice((m.index ?? 0) + m[0].length - 1) },
  ];
}

/** The verb that names the work: "start evaluating X" is "evaluate X", "try to find" is "find". */
function mainVerb(f: Found): Found {
  const base = (/ing$/i.test(f.verb) ? gerundToBase(f.verb) : f.verb).toLowerCase();
  const aspect = ASPECT.test(base) ? ASPECT_REST.exec(f.rest) : null;
  if (aspect) return { ...f, verb: aspect[1] ?? f.verb, rest: aspect[2] ?? "" };
  const tried = base === "try" ? TRY_REST.exec(f.rest) : null;
  if (tried) return { ...f, verb: tried[1] ?? f.verb, rest: tried[2] ?? "" };
  const cleft = base === "do" ? CLEFT_REST.exec(f.rest) : null;
  if (cleft) return mainVerb({ ...f, verb: cleft[1] ?? f.verb, rest: cleft[2] ?? "" });
  return f;
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

/** The participant spoken to: a label that ends `text` but for punctuation and fillers ("Marketing, " / "as the designer, so"). */
function vocative(text: string, labels: string[]): string | null {
  const lower = text.toLowerCase();
  for (const l of labels) {
    const name = l
      .replace(/\s*\(.*$/, "")
      .trim()
      .toLowerCase();
    if (name.length < 3) continue;
    const re = new RegExp(`\\b${ESCAPE(name)}${ROLE_SUFFIX}\\b[\\s,.:;!?-]*(?:(?:and|so|then|now|okay|um|uh)\\b[\\s,.:;!?-]*)*$`, "i");
    if (re.test(lower)) return l;
  }
  return null;
}

/** Longer spoken tasks are cut: the point of a task is in its first words. */
const MAX_TASK_WORDS = 12;

/** A tag after the task: "…, okay", "…, it says here", "…, to be honest", "…, in fact you two". */
const TRAILING_TAG =
  /,\s*(?:okay|ok|yeah|yes|alright|all right|right|it says(?: here)?|to be honest|i think|i guess|you know|so|how(?: much)?|in fact(?: you two)?|according(?: to this)?|you two|yourself|please)[\s?!.]*$/i;

/** A spoken task cut to its first words, without a dangling function word or a tag at the end. */
function shortTask(task: string): string {
  const words = task.replace(/…$/, "").split(/\s+/);
  let cut = words.length > MAX_TASK_WORDS ? words.slice(0, MAX_TASK_WORDS).join(" ") : task;
  for (let before = ""; before !== cut;) {
    before = cut;
    cut = cut.replace(TRAILING_TAG, "").replace(DANGLING_END, "");
  }
  return cut;
}

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
  if (WORK_PRODUCT.test(task.replace(/^\S+\s*/, "").replace(DURATION, ""))) feats.objWorkProduct = 1;
}

/** Every clause of the meeting that puts work on someone, with its features. */
export function actionCandidates(utterances: Utterance[], ctx: Context): Candidate[] {
  const labels = ctx.speakers.filter((s) => s.trim() && !GENERIC_LABEL.test(s));
  const info = meetingInfo(utterances);
  const clause = clauseRe(labels);
  const asked = askedRe(labels);
  const nextPart = nextPartRe(labels);
  const assignments = assignmentFinder(labels, meetingNames(ctx, utterances));
  const out: Candidate[] = [];
  for (const [t, u] of utterances.entries()) {
    const sentences = splitSentences(cleanSpeech(u.text), "any");
    for (const [si, s] of sentences.entries()) {
      for (const a of assignments(s)) {
        if (!isActionableTask(a.task)) continue;
        // "You" in a list of who does what is yet another person, not the role named last.
        const you = a.form === "listed" ? null : labelIn(`${sentences[si - 1] ?? ""} ${s}`, labels);
        const owner = a.whoKind === "you" ? you : a.who && resolveOwner(a.who, ctx);
        const feats: Record<string, number> = { bias: 1, assign: 1, [`assign:form:${a.form}`]: 1, [`assign:who:${a.whoKind}`]: 1 };
        placeFeatures(feats, utterances, t, info, a.task);
        if (NEXT_STEPS.test(s)) feats.nextStepsHere = 1;
        if (/\?\s*$/.test(s)) feats.question = 1;
        if (feats.nearNextSteps || feats.posLast15) feats["wrapUp:assign"] = 1;
        if (feats.chair) feats["chair:assign"] = 1;
        out.push({ task: a.task, owner, turn: t, clause: s, features: feats });
      }
      for (const found of clausesIn(s, clause, asked, nextPart, labels).flatMap(splitCoordinated)) {
        const f = mainVerb(found);
        // Someone's words or thoughts quoted ("I thought 'well, I'm gonna look at…'") commit no one.
        if (isReported(f.before)) continue;
        const verb = (/ing$/i.test(f.verb) ? gerundToBase(f.verb) : f.verb).toLowerCase();
        if (NOT_WORK.has(verb) && !/^\s+(?:out|in touch|back to|together|up with)\b/i.test(f.rest)) continue;
        // "I'll make sure to put up the minutes": the task is what follows.
        const task = shortTask(cleanTask(`${verb}${f.rest}`.replace(/^make sure (?:to |that (?:i |we |you )?)?/i, "")));
        if (!isActionableTask(task)) continue;
        // The person spoken to is named just before ("marketing, you're gonna…"); a label further back is
        // someone else's part of a list ("UID the user interface concept, and you're going to…").
        const named = vocative(`${sentences[si - 1] ?? ""} ${f.before}`, labels);
        let owner: string | null = null;
        if (f.subject === "i") owner = u.speaker;
        else if (/^(?:you|yourtask)$/.test(f.subject)) owner = named;
        else if (f.subject === "label") owner = labelIn(f.subjectText, labels);
        else if (f.subject === "name") owner = byInitials(f.subjectText, labels) ?? resolveOwner(f.subjectText, ctx);
        const subj = /^(?:each of you|all of you|everybody)$/.test(f.subject)
          ? "everyone"
          : f.subject.replace(/^(?:you (?:guys|both|two)|both of you|the two of you)$/, "you");
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
        if (wrapUp) feats[`wrapUp:subj-modal:${subj}-${f.modal}`] = 1;
        if (feats.chair) feats[`chair:subj:${subj}`] = 1;
        out.push({ task, owner, turn: t, clause: `${verb}${f.rest}`, features: feats });
      }
    }
  }
  addMeetingFeatures(out, utterances);
  return out;
}

/**
 * Features that need the whole meeting: a turn that hands out several pieces of work is a list of
 * assignments, and work about what the meeting kept talking about is more likely the meeting's own.
 */
function addMeetingFeatures(cands: Candidate[], utterances: Utterance[]): void {
  const perTurn = new Map<number, number>();
  for (const c of cands) perTurn.set(c.turn, (perTurn.get(c.turn) ?? 0) + 1);
  const turnsWith = new Map<string, number>();
  for (const u of utterances) for (const w of contentWords(u.text)) turnsWith.set(w, (turnsWith.get(w) ?? 0) + 1);
  for (const c of cands) {
    if ((perTurn.get(c.turn) ?? 0) >= 2) c.features.listTurn = 1;
    const object = [...contentWords(c.task.replace(/^\S+\s*/, ""))];
    if (!object.length) continue;
    // The share of the task's words said in at least five turns of the meeting.
    c.features.objectRecurs = object.filter((w) => (turnsWith.get(w) ?? 0) >= 5).length / object.length;
  }
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

/** The content words of a task after its verb. */
const objectWords = (task: string) => contentWords(task.replace(/^\S+\s*/, ""));

/** Two tasks share a word beyond their verbs ("Write the postmortem" / "Work on the postmortem"). */
function sharesObject(a: string, b: string): boolean {
  const B = objectWords(b);
  return [...objectWords(a)].some((w) => B.has(w));
}

/**
 * One task's object lies within the other's ("Work on the list" / "Add it to the list for Priscilla"); sharing a
 * word is not enough ("Think about the working design" / "Work on the technical functions design").
 */
function coversObject(a: string, b: string): boolean {
  const [small, large] = [objectWords(a), objectWords(b)].sort((x, y) => x.size - y.size);
  return !!small?.size && [...small].every((w) => large?.has(w));
}

/** Two tasks about the same thing (overlap of the words after the verb): only the better-scored is kept. */
function similar(a: string, b: string): boolean {
  // By what the work is about: "Work on the postmortem" and "Work on the working design" differ. Half the words
  // is not enough: "the technical functions of the remote control" and "the user requirements for the remote
  // control" share only what the meeting is about.
  return dice(objectWords(a), objectWords(b)) > 0.5;
}

/** The candidates the model keeps: above the threshold, the best of near-duplicates, at most a few per hour. */
export function selectCandidates(cands: Candidate[], wordsInMeeting: number, opts: ModelOptions = {}): (Candidate & { score: number })[] {
  const threshold = opts.threshold ?? ACTION_MODEL.threshold;
  const cap = Math.max(1, Math.ceil((wordsInMeeting / 1000) * (opts.perThousandWords ?? ACTION_MODEL.perThousandWords)));
  const scored = cands.map((c) => ({ ...c, score: scoreCandidate(c, opts.weights) })).filter((c) => c.score >= threshold);
  const said = new Map(scored.map((c, i) => [c, i]));
  scored.sort((a, b) => b.score - a.score);
  const kept: (Candidate & { score: number })[] = [];
  for (const c of scored) {
    if (kept.length >= cap) break;
    if (kept.some((k) => similar(k.task, c.task))) continue;
    kept.push(c);
  }
  // In the order said, within a turn too.
  return kept.sort((a, b) => (said.get(a) ?? 0) - (said.get(b) ?? 0));
}

export interface ModelOptions {
  threshold?: number;
  /** Long meetings: the rules' items must score at least this too. */
  ruleThreshold?: number;
  perThousandWords?: number;
  /** When nothing else is kept: the best-scored turn's work stays if it scores at least this (1: never). */
  floor?: number;
  weights?: Record<string, number>;
  /** The meeting's candidates when already computed (training reuses them). */
  candidates?: Candidate[];
}

/** The participant whose label's initials were said ("the ID" is the Industrial Designer; "UID" may add a letter). */
function byInitials(said: string, labels: string[]): string | null {
  const core = said.replace(/^the\s+/i, "");
  return (
    labels.find((l) => {
      const i = initials(l.replace(/\s*\(.*$/, "").trim());
      return i !== null && (core === i || (core.length === i.length + 1 && core.startsWith(i)));
    }) ?? null
  );
}

/**
 * ", UID the …", ", the UID the …", ", and marketing, the …", ", Kendra the …": a participant's label or
 * initials, or a name, and a piece of work, to the end.
 */
function listPartRes(labels: string[]): RegExp[] {
  const cores = labels.map((l) => l.replace(/\s*\(.*$/, "").trim()).filter((l) => l.length >= 3);
  const inits = cores.map(initials).filter((i): i is string => i !== null);
  const work = "\\s+(?:the|a|an|some|our|your)\\s.*$";
  // A name is capitalised, so its pattern is case-sensitive; labels and initials are said in any case.
  const byName = new RegExp(`,\\s*(?:and\\s+)?(?:for\\s+)?${NAME}${work}`, "u");
  if (!cores.length) return [byName];
  const who = [...cores.map((l) => `(?:the\\s+)?${ESCAPE(l)}${ROLE_SUFFIX}`), ...inits.map((i) => `(?:the\\s+)?${ESCAPE(i)}\\p{L}?`)].join(
    "|",
  );
  return [new RegExp(`,\\s*(?:and\\s+)?(?:for\\s+)?(?:${who})\\s*,?${work}`, "iu"), byName];
}

/** Words above which a meeting is long: past about 20 minutes of talk. */
export const LONG_MEETING_WORDS = 3000;

/**
 * The rules' items plus what the model keeps beyond them: a model item about the same thing as a rule
 * item is left out; its owner must be a participant, its date an explicit phrase.
 * In a long meeting the rules' items must pass the scorer too: there most "I'll…" is about the talk itself.
 */
export function withModelItems(
  givenRules: ActionItemDraft[],
  utterances: Utterance[],
  ctx: Context,
  meetingDate: Date,
  opts: ModelOptions = {},
): ActionItemDraft[] {
  // A rule's task that runs into the next person's part of a list ("Work on the components concept, UID the
  // user interface concept") ends where that part starts; the scorer has the part as its own task.
  const nextPerson = listPartRes(ctx.speakers.filter((s) => s.trim() && !GENERIC_LABEL.test(s)));
  const ruleItems = givenRules.map((it) => ({ ...it, task: nextPerson.reduce((task, re) => task.replace(re, ""), it.task) }));
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
  const cands = opts.candidates ?? actionCandidates(utterances, ctx);
  // Nothing the rules already have: the same task; the same thing in the same turn ("Add it to the list for
  // Priscilla" is not also "Work on the list", but "Think about the working design" leaves "Work on the technical
  // functions design"); something of it for the same person or nobody in another turn (a recap: "Tomás, the
  // postmortem"). In the same turn a shared word is other work ("…look and feel, … a model for us to look at").
  const inRules = (c: Candidate) =>
    ruleItems.some(
      (r) =>
        similar(r.task, c.task) ||
        (r.sourceStart === utterances[c.turn]?.start && coversObject(r.task, c.task)) ||
        (r.sourceStart !== utterances[c.turn]?.start &&
          sharesObject(r.task, c.task) &&
          (!c.owner || r.assignee === participantOwner(c.owner, ctx))),
    );
  let kept = selectCandidates(cands, words, opts).filter((c) => !inRules(c));
  // A meeting nearly always hands out some work: when nothing else stays, the best-scored turn's work does,
  // if it scores at least the floor.
  const floor = opts.floor ?? ACTION_MODEL.floor;
  if (!rules.length && !kept.length && floor < 1) {
    const below = selectCandidates(cands, words, { ...opts, threshold: floor }).filter((c) => !inRules(c));
    const best = below.reduce<(typeof below)[number] | null>((a, c) => (!a || c.score > a.score ? c : a), null);
    kept = best ? below.filter((c) => c.turn === best.turn) : [];
  }
  const extra = kept.map((c) => ({
    task: c.task,
    assignee: participantOwner(c.owner, ctx),
    dueDate: pickDueDate(findDueDates(c.clause, meetingDate))?.date ?? null,
    sourceStart: utterances[c.turn]?.start ?? null,
  }));
  // A rule's item with no owner takes the owner the same task has as a clause in the same turn ("The ID is going
  // to work on the components concept": the rules do not read "the ID", the clause does).
  const owned = rules.map((r) => {
    if (r.assignee) return r;
    const same = cands.find(
      (c) => utterances[c.turn]?.start === r.sourceStart && similar(r.task, c.task) && participantOwner(c.owner, ctx),
    );
    return same ? { ...r, assignee: participantOwner(same.owner, ctx) } : r;
  });
  const all = [...owned, ...extra];
  // In the order said, where the transcript has times.
  return all.every((it) => it.sourceStart !== null) ? all.sort((a, b) => a.sourceStart! - b.sourceStart!) : all;
}
