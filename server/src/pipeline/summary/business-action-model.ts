// The action-item scorer for short meetings (decision 044, issue 30 item 3). The rules (actions.ts) fit the
// meetings they were tuned on; on meetings nobody tuned on they keep false items and miss real ones. Here every
// item the rules and the AMI scorer select, and every clause the AMI scorer proposes beyond them, is a candidate;
// a logistic regression over the AMI scorer's features plus the clause's own words (lowercased unigrams and
// bigrams, names, numbers and dates as placeholders) and how the next speaker answers scores it. Trained on the
// written business meetings (bench/train-business-actions.ts); weights and thresholds in weights/business-actions.json.
// It applies where those meetings are: under LONG_MEETING_WORDS words (a length the engine knows, not a domain).
import type { ActionItemDraft, Utterance } from "../../../../contract/transcript";
import { ruleCandidates, type Candidate } from "./action-model";
import type { Draft } from "./action-walk";
import { cleanSpeech } from "./clean";
import { findDueDates, pickDueDate } from "./due-date";
import { isActionableTask, participantOwner } from "./precision";
import { addressedName, isName, NAME, resolveOwner, type Context } from "./owners";
import { DEFERRED, isConditional, isReported, LAUGHTER, NON_TASK_AFTER_WILL, PROCEDURAL } from "./speech-acts";
import { cleanTask, gerundToBase, TASK_VERBS } from "./task-text";
import { contentWords, dice, splitSentences } from "./text";

/** A business candidate: an item as the engine would list it, where it was said, and its features. */
export interface BusinessCandidate {
  item: ActionItemDraft;
  turn: number;
  /**
   * "rule": the rules' (or the AMI scorer's) selected item; "clause": a clause the AMI scorer proposed beyond them;
   * "wide": a sentence that may put work on someone in a form neither reads (wideCandidates).
   */
  source: "rule" | "clause" | "wide";
  features: Record<string, number>;
  /** The words of each word-vector group (vectorWords): what the per-word tables of `BusinessModel.vectors` read. */
  words?: Record<VectorGroup, string[]>;
}

/**
 * The word-vector part of the model (decision 056). Training fits a logistic regression on the mean GloVe vector
 * of each group's words (standardised); since that is linear in the mean, each group's weights fold into one
 * number per word: the group adds (Σ table[w]) / n − offset over its n words that are in `words` (none: `empty`).
 * The engine reads only these tables, never the vectors.
 */
export interface BusinessVectors {
  /** The vocabulary, space-separated, in the order of every table. */
  words: string;
  groups: Partial<Record<VectorGroup, { offset: number; empty: number; table: number[] }>>;
}

export interface BusinessModel {
  /** A rule's item stays at this score or above. */
  ruleThreshold: number;
  /** A clause of the AMI scorer is added at this score or above. */
  clauseThreshold: number;
  /** A wider candidate (wideCandidates) is added at this score or above. */
  wideThreshold: number;
  /** Items from this score up to the threshold that applies are possible action items (suggested). */
  possibleMin: number;
  weights: Record<string, number>;
  vectors?: BusinessVectors;
}

/**
 * What each word-vector group reads: the sentence the candidate was said in, the task (its verb and object), the
 * next speaker's reply (its first words) and the other speaker's turn before it (the end: the question or request
 * it answers). Whether work is taken on is in how it is said and answered; a mean of word vectors carries that for
 * words no training meeting used.
 */
export const VECTOR_GROUPS = ["sent", "task", "reply", "prev"] as const;
export type VectorGroup = (typeof VECTOR_GROUPS)[number];
const REPLY_WORDS = 12;
const PREV_WORDS = 20;

/** Lowercased words as GloVe spells them: contractions said in full ("I'll" → "i will"), letters only. */
export function vectorTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bwon't\b/g, "will not")
    .replace(/\bcan't\b/g, "can not")
    .replace(/n't\b/g, " not")
    .replace(/'ll\b/g, " will")
    .replace(/'re\b/g, " are")
    .replace(/'ve\b/g, " have")
    .replace(/'m\b/g, " am")
    .replace(/'d\b/g, " would")
    .replace(/'s\b/g, "")
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
}

/** The words of each group for a candidate said at `turn` (see VECTOR_GROUPS). */
export function vectorWords(utterances: Utterance[], turn: number, task: string): Record<VectorGroup, string[]> {
  const u = utterances[turn];
  const next = u ? utterances.slice(turn + 1).find((x) => x.speaker !== u.speaker) : undefined;
  const prev = u ? utterances.slice(0, turn).findLast((x) => x.speaker !== u.speaker) : undefined;
  return {
    sent: u ? vectorTokens(sentenceOf(u.text, task)) : [],
    task: vectorTokens(task),
    reply: next ? vectorTokens(cleanSpeech(next.text)).slice(0, REPLY_WORDS) : [],
    prev: prev ? vectorTokens(cleanSpeech(prev.text)).slice(-PREV_WORDS) : [],
  };
}

const vocabularies = new WeakMap<BusinessVectors, Map<string, number>>();
/** The word-vector groups' part of a candidate's score (0 without tables). */
export function vectorScore(words: Record<VectorGroup, string[]> | undefined, vectors: BusinessVectors | undefined): number {
  if (!words || !vectors) return 0;
  let index = vocabularies.get(vectors);
  if (!index) {
    index = new Map(vectors.words.split(" ").map((w, i) => [w, i]));
    vocabularies.set(vectors, index);
  }
  let z = 0;
  for (const g of VECTOR_GROUPS) {
    const group = vectors.groups[g];
    if (!group) continue;
    let sum = 0;
    let n = 0;
    for (const w of words[g]) {
      const i = index.get(w);
      if (i === undefined) continue;
      sum += group.table[i] ?? 0;
      n++;
    }
    z += n ? sum / n - group.offset : group.empty;
  }
  return z;
}

const NUMBER_WORD =
  /^(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|thirtieth|half)$/;
const DAY = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|eod|eow)$/;
const MONTH = /^(?:january|february|march|april|may|june|july|august|september|october|november|december)$/;

/**
 * The words of a sentence as the scorer sees them: lowercased, a number "<num>", a day "<day>", a month "<month>",
 * a capitalised word inside the sentence (a name, a company, a product) "<name>". What the meeting is about is left
 * to the vocabulary (n-grams seen in several training meetings).
 */
export function scorerTokens(sentence: string): string[] {
  const raw = sentence
    .replace(/[’‘]/g, "'")
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  return raw.map((w, i) => {
    const lower = w.toLowerCase().replace(/^'+|'+$/g, "");
    if (/^\d/.test(lower) || NUMBER_WORD.test(lower)) return "<num>";
    if (DAY.test(lower)) return "<day>";
    if (MONTH.test(lower) && (lower !== "may" || /^\p{Lu}/u.test(w))) return "<month>";
    if (i > 0 && /^\p{Lu}/u.test(w) && lower !== "i" && !/^i'/.test(lower)) return "<name>";
    return lower;
  });
}

/** Unigrams and bigrams of a sentence's tokens, prefixed. */
function ngrams(tokens: string[], prefix: string, into: Record<string, number>): void {
  for (const [i, t] of tokens.entries()) {
    into[`${prefix}:${t}`] = 1;
    const next = tokens[i + 1];
    if (next) into[`${prefix}2:${t}_${next}`] = 1;
  }
}

const PAST_MARK = /\b(?:already|yesterday|last (?:week|night|time|month|meeting)|earlier today)\b/i;
const ASSENT =
  /^(?:yes|yeah|yep|yup|sure|okay|ok|will do|absolutely|of course|no problem|on it|definitely|sounds good|fine|got it|can do|happy to|deal|perfect|great|thanks|thank you|please|do it|that works|works for me)\b/i;
const REFUSAL = /^(?:no|nope|i can'?t|i cannot|not me|sorry|actually no|hold on|wait)\b/i;

/** The sentence of a turn that says the task (most content words in common), cleaned as the AMI scorer reads it. */
function sentenceOf(text: string, task: string): string {
  const sentences = splitSentences(cleanSpeech(text), "any");
  const words = contentWords(task);
  let best = sentences[0] ?? "";
  let bestScore = -1;
  for (const s of sentences) {
    const score = dice(words, contentWords(s));
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}

/** Features of a candidate's sentence and the turns around it, added to its AMI-scorer features. */
function contextFeatures(feats: Record<string, number>, utterances: Utterance[], turn: number, task: string): void {
  const u = utterances[turn];
  if (!u) return;
  const sentence = sentenceOf(u.text, task);
  ngrams(scorerTokens(sentence), "w", feats);
  // What makes a task-like sentence no task: a wish for some day, work already done, running the meeting.
  if (DEFERRED.test(sentence)) feats.deferred = 1;
  if (PAST_MARK.test(sentence)) feats.pastMark = 1;
  if (PROCEDURAL.test(task) || NON_TASK_AFTER_WILL.test(task)) feats.procedural = 1;
  if (/^(?:today|this morning)\b/i.test(sentence) || /\byesterday\b/i.test(u.text)) feats.standupDay = 1;
  // How the next speaker answers: "Sure", "Will do", "No, …".
  const next = utterances.slice(turn + 1).find((x) => x.speaker !== u.speaker);
  if (next) {
    const reply = cleanSpeech(next.text).trim();
    if (ASSENT.test(reply)) feats.nextAssent = 1;
    if (REFUSAL.test(reply)) feats.nextRefusal = 1;
    if (LAUGHTER.test(reply)) feats.nextLaughter = 1;
    for (const t of scorerTokens(reply).slice(0, 3)) feats[`nx:${t}`] = 1;
  } else feats.lastTurn = 1;
  const prev = utterances[turn - 1];
  if (prev && prev.speaker !== u.speaker && /\?\s*$/.test(prev.text.trim())) feats.afterQuestionTurn = 1;
}

/** Two tasks about the same thing: the content words after the verb mostly shared. */
function sameWork(a: string, b: string): boolean {
  const object = (t: string) => contentWords(t.replace(/^\S+\s*/, ""));
  return dice(object(a), object(b)) > 0.5 || dice(contentWords(a), contentWords(b)) > 0.6;
}

/**
 * Whether a selected item near a further candidate is about something of the same (a shared object word): the
 * candidate is then more likely the same work said again than work of its own.
 */
function nearSelected(selected: BusinessCandidate[], turn: number, task: string): Record<string, number> {
  const object = (t: string) => contentWords(t.replace(/^\S+\s*/, ""));
  const mine = object(task);
  const shares = (c: BusinessCandidate) => [...object(c.item.task)].some((w) => mine.has(w));
  const feats: Record<string, number> = {};
  if (selected.some((c) => c.source === "rule" && c.turn === turn)) feats.ruleSameTurn = 1;
  if (selected.some((c) => c.source === "rule" && Math.abs(c.turn - turn) <= 6 && shares(c))) feats.ruleNearShares = 1;
  if (selected.some((c) => c.source === "rule" && shares(c))) feats.ruleShares = 1;
  return feats;
}

/**
 * Every candidate of a meeting: the items already selected (`selected`, with `rulesOnly` marking those the rules
 * gave) and the AMI scorer's clauses that are not the same work as one of them.
 */
export function businessCandidates(
  utterances: Utterance[],
  meetingDate: Date,
  ctx: Context,
  selected: ActionItemDraft[],
  rulesOnly: ActionItemDraft[],
  clauses: Candidate[],
  drafts: Draft[] = [],
): BusinessCandidate[] {
  const out: BusinessCandidate[] = [];
  for (const item of selected) {
    const c = ruleCandidates([item], utterances)[0];
    if (!c) continue;
    const fromRules = rulesOnly.some((r) => r.task === item.task && r.sourceStart === item.sourceStart);
    const feats: Record<string, number> = { ...c.features, [fromRules ? "src:rule" : "src:amiExtra"]: 1 };
    // Which rule proposed it, and how: some forms hold on meetings nobody tuned on, some do not.
    const draft = drafts
      .filter((d) => d.sourceStart === item.sourceStart)
      .map((d) => ({ d, sim: dice(contentWords(d.task), contentWords(item.task)) }))
      .sort((a, b) => b.sim - a.sim)[0]?.d;
    if (draft) {
      feats[`by:${draft.rule}`] = 1;
      if (draft.explicit) feats["by:explicit"] = 1;
      if (draft.recap) feats["by:recap"] = 1;
      if (draft.accepted) feats["by:accepted"] = 1;
      if (draft.weakTask) feats["by:weakTask"] = 1;
      if (draft.assignedBy && draft.assignedBy !== draft.assignee) feats["by:assignedByOther"] = 1;
      if (draft.requestTurn !== null && draft.requestTurn !== draft.turn) feats["by:fromRequest"] = 1;
      if (draft.turn !== c.turn) feats["by:shownElsewhere"] = 1;
    }
    // The clause the item was also found as lends its reading (subject, modal, hedges, past, conditions).
    const clause = clauses.find((k) => k.turn === c.turn && sameWork(k.task, item.task));
    if (clause) {
      for (const [k, v] of Object.entries(clause.features)) feats[k] ??= v;
      feats.alsoClause = 1;
    }
    contextFeatures(feats, utterances, c.turn, item.task);
    out.push({ item, turn: c.turn, source: "rule", features: feats, words: vectorWords(utterances, c.turn, item.task) });
  }
  const taken: BusinessCandidate[] = [...out];
  for (const k of clauses) {
    if (!isActionableTask(k.task)) continue;
    const start = utterances[k.turn]?.start ?? null;
    if (taken.some((t) => sameWork(t.item.task, k.task) && Math.abs(t.turn - k.turn) <= 6)) continue;
    const feats: Record<string, number> = { ...k.features, "src:clause": 1, ...nearSelected(out, k.turn, k.task) };
    contextFeatures(feats, utterances, k.turn, k.task);
    const cand: BusinessCandidate = {
      item: {
        task: k.task,
        assignee: participantOwner(k.owner, ctx),
        dueDate: pickDueDate(findDueDates(k.clause, meetingDate))?.date ?? null,
        sourceStart: start,
      },
      turn: k.turn,
      source: "clause",
      features: feats,
      words: vectorWords(utterances, k.turn, k.task),
    };
    out.push(cand);
    taken.push(cand);
  }
  for (const w of wideCandidates(utterances, meetingDate, ctx)) {
    if (taken.some((t) => sameWork(t.item.task, w.item.task) && Math.abs(t.turn - w.turn) <= 6)) continue;
    const feats: Record<string, number> = { bias: 1, "src:wide": 1, [w.kind]: 1, ...nearSelected(out, w.turn, w.item.task) };
    if (w.item.assignee) feats["wide:owner"] = 1;
    if (w.item.assignee && w.item.assignee === utterances[w.turn]?.speaker) feats["wide:ownerIsSpeaker"] = 1;
    contextFeatures(feats, utterances, w.turn, w.item.task);
    const cand: BusinessCandidate = {
      item: w.item,
      turn: w.turn,
      source: "wide",
      features: feats,
      words: vectorWords(utterances, w.turn, w.item.task),
    };
    out.push(cand);
    taken.push(cand);
  }
  return out;
}

// Wider candidates: how people in the business meetings take on and hand out work in forms the rules and the AMI
// clauses do not read: "I send the names", "I tell her today to pause the second backend" (a first person's
// present tense), "I should get a second quote", "Flaky tests, Dana." / "Lucía, the award letters, Friday?" (a
// thing put to a named person), "Rafa has the v2 of the messaging doc by Friday" (a person's part in a recap),
// "Just put it in the system." (an imperative). The scorer decides which are work.
const MODAL_WIDE =
  "(?:['’]ll|will|can|could|should|must|(?:['’]m|am)\\s+(?:gonna|going to)|gonna|(?:need|have|got) to|['’]ve got to|['’]d better|(?:['’]m|am))";
const FILLER = "(?:(?:just|also|then|probably|definitely|actually|quickly|first|now|um|uh|still)\\s+)*";
const FIRST_PERSON = new RegExp(
  `(?<![\\p{L}'’])(I|we)(?:\\s+|(?=['’]))(?:(${MODAL_WIDE})\\s+)?${FILLER}(\\p{L}[\\p{L}'’-]*)\\b(.*)$`,
  "iu",
);
const NOT_TASK_VERB = new Set(
  "be have say see know mean guess suppose wonder like love hate feel seem go come get let want hope believe remember forget agree disagree understand hear think was were did had said thought looked got went came told sent made took gave tried not just also really so the a an that this it sure".split(
    " ",
  ),
);
const IMPERATIVE = /^(?:(?:so|okay|ok|and|then|right|alright|please|just|also)[,]?\s+)*(\p{Ll}[\p{L}'’-]*)\b(.*)$/u;
const THIRD_PERSON = new RegExp(
  `^(?:(?:[Ss]o|[Aa]nd|[Tt]hen|[Oo]kay)[,]?\\s+)*(${NAME})\\s+(?:has|does|takes|owns|sends|gets|writes|'s got|is doing|will|'ll|can)\\s+(.*)$`,
  "u",
);

/** Words of a sentence as a task: the verb in its base form, at most twelve words, no trailing tag. */
function taskFrom(verb: string, rest: string): string {
  const base = /ing$/i.test(verb) ? gerundToBase(verb) : verb;
  const words = `${base}${rest}`
    .replace(/[?!.]+$/, "")
    .split(/\s+/)
    .slice(0, 12)
    .join(" ");
  return cleanTask(words);
}

export function wideCandidates(
  utterances: Utterance[],
  meetingDate: Date,
  ctx: Context,
): { item: ActionItemDraft; turn: number; kind: string; sentence: string }[] {
  const out: { item: ActionItemDraft; turn: number; kind: string; sentence: string }[] = [];
  for (const [t, u] of utterances.entries()) {
    const next = utterances.slice(t + 1).find((x) => x.speaker !== u.speaker);
    for (const s of splitSentences(cleanSpeech(u.text), "any")) {
      // Never work: a wish for some day, work already done, a joke ("Ha, I'll …"), a quoted or conditional promise.
      if (DEFERRED.test(s) || PAST_MARK.test(s) || LAUGHTER.test(s)) continue;
      // A thing put to someone ("Flaky tests, Dana.") has no verb: it is kept as said.
      const push = (task: string, owner: string | null, kind: string, thing = false) => {
        if (!task || (thing ? contentWords(task).size === 0 : !isActionableTask(task))) return;
        out.push({
          item: {
            task,
            assignee: owner ? participantOwner(owner, ctx) : null,
            dueDate: pickDueDate(findDueDates(s, meetingDate))?.date ?? null,
            sourceStart: u.start,
          },
          turn: t,
          kind,
          sentence: s,
        });
      };
      const first = FIRST_PERSON.exec(s);
      const before = first ? s.slice(0, first.index) : "";
      if (first && !isConditional(before) && !isReported(before)) {
        const [, subject = "", modal = "", verb = "", rest = ""] = first;
        const lower = verb.toLowerCase();
        const bare = !modal;
        const ok =
          !NOT_TASK_VERB.has(lower) &&
          (bare ? TASK_VERBS.has(lower) : true) &&
          !(modal && /^(?:['’]m|am)$/i.test(modal.trim()) && !/ing$/i.test(lower));
        if (ok)
          push(
            taskFrom(verb, rest),
            subject.toLowerCase() === "i" ? u.speaker : null,
            `wide:first:${bare ? "bare" : /^(?:['’]m|am)$/i.test(modal.trim()) ? "prog" : "modal"}`,
          );
      }
      const named = addressedName(s, ctx, u.speaker);
      if (named && isName(named.split(/\s+/)[0])) {
        const rest = s
          .replace(new RegExp(`^(?:(?:so|okay|ok|and|then|right|alright)[,]?\\s+)*${named}\\s*[,?]?\\s*`, "iu"), "")
          .replace(new RegExp(`,\\s*${named}\\s*[?.!]?$`, "u"), "");
        const imp = IMPERATIVE.exec(rest);
        const verb = imp?.[1]?.toLowerCase() ?? "";
        if (imp && TASK_VERBS.has(verb)) push(taskFrom(imp[1] ?? "", imp[2] ?? ""), resolveOwner(named, ctx), "wide:named:imperative");
        else if (!/\b(?:i|we|you|he|she|they)\b/i.test(rest) && rest.split(/\s+/).length <= 12)
          push(cleanTask(rest.replace(/[?!.]+$/, "")), resolveOwner(named, ctx), "wide:named:thing", true);
      }
      const third = THIRD_PERSON.exec(s);
      if (third && isName(third[1])) {
        const [verb = "", ...rest] = (third[2] ?? "").split(/\s+/);
        const task = TASK_VERBS.has(verb.toLowerCase())
          ? taskFrom(verb, rest.length ? ` ${rest.join(" ")}` : "")
          : cleanTask(third[2] ?? "");
        push(task, resolveOwner(third[1], ctx), "wide:third", !TASK_VERBS.has(verb.toLowerCase()));
      }
      const imp = IMPERATIVE.exec(s);
      if (imp && TASK_VERBS.has(imp[1]?.toLowerCase() ?? "") && !first && !named)
        push(taskFrom(imp[1] ?? "", imp[2] ?? ""), next?.speaker ?? null, "wide:imperative");
    }
  }
  return out;
}

export function businessScore(c: BusinessCandidate, weights: Record<string, number>, vectors?: BusinessVectors): number {
  let z = vectorScore(c.words, vectors);
  for (const [k, v] of Object.entries(c.features)) z += (weights[k] ?? 0) * v;
  return 1 / (1 + Math.exp(-z));
}

/**
 * What the scorer keeps (`items`, in the order said) and what it is unsure of (`possible`, at most
 * `maxPossible`, best first then in order): a rule's item stays at `ruleThreshold`, a clause is added at
 * `clauseThreshold`; between `possibleMin` and those, a possible item; the same work is listed once.
 */
export function selectBusiness(
  cands: BusinessCandidate[],
  model: BusinessModel,
  maxPossible = 3,
  scores = cands.map((c) => businessScore(c, model.weights, model.vectors)),
): { items: ActionItemDraft[]; possible: ActionItemDraft[] } {
  const scored = cands.map((c, order) => ({ c, order, score: scores[order] ?? 0 }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const kept: typeof scored = [];
  const unsure: typeof scored = [];
  const near = (a: (typeof scored)[number], b: (typeof scored)[number]) => sameWork(a.c.item.task, b.c.item.task);
  for (const s of scored) {
    const threshold = s.c.source === "rule" ? model.ruleThreshold : s.c.source === "clause" ? model.clauseThreshold : model.wideThreshold;
    if (kept.some((k) => near(k, s))) continue;
    if (s.score >= threshold) kept.push(s);
    else if (s.score >= model.possibleMin && unsure.length < maxPossible && !unsure.some((u) => near(u, s))) unsure.push(s);
  }
  const inOrder = (xs: typeof scored) => xs.sort((a, b) => a.order - b.order || a.c.turn - b.c.turn);
  const byTime = (xs: ActionItemDraft[]) =>
    xs.every((it) => it.sourceStart !== null) ? xs.sort((a, b) => a.sourceStart! - b.sourceStart!) : xs;
  return {
    items: byTime(inOrder(kept).map((s) => s.c.item)),
    possible: byTime(inOrder(unsure.filter((u) => !kept.some((k) => near(k, u)))).map((s) => ({ ...s.c.item, suggested: true }))),
  };
}
