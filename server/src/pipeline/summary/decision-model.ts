// The trained decision classifier's features and score (docs/decisions/043). Every statement of the meeting is a
// candidate; its features are lexical (the sentence's word unigrams and bigrams after numbers, dates and names are
// replaced by placeholders; the first words of the turns before and after it), its words' share for the per-word
// weights folded from word vectors (docs/decisions/055) and a few structural ones (which
// decision rule proposed it, where it falls in the meeting, its speaker's share of the words, its length, whether
// it is in the closing run-through). The weights are data (weights/decisions.json, bench/train-decisions.ts);
// this module only reads sentences. Linear in the meeting's sentences: each sentence looks at its own turn and
// the two turns beside it.
import type { Sentence } from "./key-points";
import { contentWords } from "./text";
import { TOPIC_STOP_WORDS } from "./words";

export type Features = Record<string, number>;

/** A sentence the classifier rates: a statement of at least this many words (questions are never decisions). */
export const MIN_CANDIDATE_WORDS = 3;

const NUMBER_WORDS = new Set(
  (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen " +
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million billion half " +
    "fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth " +
    "seventeenth eighteenth nineteenth twentieth thirtieth"
  ).split(" "),
);
const DATE_WORDS = new Set(
  (
    "january february march april may june july august september october november december jan feb mar apr jun jul " +
    "aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday sunday q1 q2 q3 q4"
  ).split(" "),
);
/** Capitalised words that are no name even inside a sentence. */
const NOT_NAMES = new Set(["i", "i'm", "i'll", "i've", "i'd", "ok", "okay"]);

/** The sentence's tokens, lowercased, with numbers → <n>, dates → <d>, names (a speaker's, or any capitalised word
 * inside the sentence) → <name>: names and topics are no evidence of a decision, and would fit one meeting. */
export function normalisedTokens(text: string, names: ReadonlySet<string>): string[] {
  const raw = text.replace(/[’‘]/g, "'").match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return raw.map((w, i) => {
    const lower = w.toLowerCase().replace(/'s$/, "");
    if (/\d/.test(lower)) return DATE_WORDS.has(lower) ? "<d>" : "<n>";
    if (lower.split("-").every((p) => NUMBER_WORDS.has(p))) return "<n>";
    if (DATE_WORDS.has(lower) && (lower !== "may" || /^M/.test(w))) return "<d>";
    if (names.has(lower)) return "<name>";
    if (i > 0 && /^\p{Lu}/u.test(w) && !NOT_NAMES.has(lower)) return "<name>";
    return lower;
  });
}

/**
 * The words whose per-word weights (`v:<word>` in the weights: a GloVe vector's dot product with the fitted direction,
 * folded at training time, docs/decisions/055) score the sentence: every token but names, numbers and dates, with
 * GloVe's split of clitics ("can't" → ca n't, "we'll" → we 'll). The sentence's feature is each word's share, so
 * the score is the mean over its words of their weights; a word without a weight counts as nothing (a zero vector).
 */
export function vectorTokens(text: string, names: ReadonlySet<string>): string[] {
  return normalisedTokens(text, names)
    .filter((w) => !w.startsWith("<"))
    .flatMap((w) =>
      w
        .replace(/n't$/, " n't")
        .replace(/'(s|ll|re|ve|d|m)$/, " '$1")
        .split(" "),
    );
}

/** The speaker labels' words ("Katherine Ng (PM)" → katherine, ng): names wherever they are said. */
export function nameWords(speakers: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const s of speakers)
    for (const w of s
      .replace(/\(.*?\)/g, " ")
      .toLowerCase()
      .split(/[^\p{L}'-]+/u))
      if (w.length > 1) out.add(w.replace(/'s$/, ""));
  return out;
}

const wordCount = (t: string) => t.split(/\s+/).filter(Boolean).length;

/** Is this sentence one the classifier rates? */
export const isCandidate = (s: Sentence) => !/\?\s*$/.test(s.text) && wordCount(s.text) >= MIN_CANDIDATE_WORDS;

/** What the rules said about each sentence: the kinds of decision candidates on it, and whether the rules list it. */
export interface RuleSignals {
  kinds: Map<number, Set<string>>;
  listed: Set<number>;
}

const bucket = (x: number, edges: number[]) => edges.filter((e) => x >= e).length;

/** How many sentences after one count as taking its words up ("Two months' credit." — "Two months, okay."). */
const ECHO_WINDOW = 12;
/** The closing part of the meeting, whose words a decision is often restated in. */
const CLOSING = 0.85;

/** Every candidate sentence's features, by its index in `sentences`. */
export function sentenceFeatures(
  sentences: Sentence[],
  speakers: string[],
  rules: RuleSignals,
  /** Each word's share (`v:<word>`), for a model with per-word weights folded from word vectors (hasWordWeights). */
  wordShares = false,
): Map<number, Features> {
  const names = nameWords(speakers);
  // Per turn: its first sentence's first words, its speaker and how many sentences it has (one pass).
  const turns = new Map<number, { speaker: string; first: string[]; sentences: number; lastOrder: number }>();
  const wordsBy = new Map<string, number>();
  let total = 0;
  for (const s of sentences) {
    const n = wordCount(s.text);
    total += n;
    wordsBy.set(s.speaker, (wordsBy.get(s.speaker) ?? 0) + n);
    const t = turns.get(s.turn);
    if (t) {
      t.sentences++;
      t.lastOrder = s.order;
    } else turns.set(s.turn, { speaker: s.speaker, first: normalisedTokens(s.text, names).slice(0, 2), sentences: 1, lastOrder: s.order });
  }
  const turnList = [...turns.keys()].sort((a, b) => a - b);
  const turnIndex = new Map(turnList.map((t, i) => [t, i]));
  let lead = "";
  for (const [sp, n] of wordsBy) if (n > (wordsBy.get(lead) ?? -1)) lead = sp;
  // Content words: how often the meeting says each (what it is about), and which the closing part says.
  const content = sentences.map((s) => contentWords(s.text, TOPIC_STOP_WORDS));
  const said = new Map<string, number>();
  const closing = new Map<string, number>();
  const closeFrom = Math.floor(CLOSING * sentences.length);
  content.forEach((ws, i) => {
    for (const w of ws) {
      said.set(w, (said.get(w) ?? 0) + 1);
      if (i >= closeFrom) closing.set(w, (closing.get(w) ?? 0) + 1);
    }
  });
  const out = new Map<number, Features>();
  sentences.forEach((s, i) => {
    if (!isCandidate(s)) return;
    const f: Features = { bias: 1 };
    const toks = normalisedTokens(s.text, names);
    const seq = ["^", ...toks, "$"];
    for (const w of toks) f[`u:${w}`] = 1;
    for (let k = 1; k < seq.length; k++) f[`b:${seq[k - 1]} ${seq[k]}`] = 1;
    if (wordShares) {
      const vt = vectorTokens(s.text, names);
      for (const w of vt) f[`v:${w}`] = (f[`v:${w}`] ?? 0) + 1 / vt.length;
    }
    // The turns beside it: assent, objection or a vote right after; what it answers right before.
    const ti = turnIndex.get(s.turn) ?? 0;
    const prev = turns.get(turnList[ti - 1] ?? -1);
    const next = turns.get(turnList[ti + 1] ?? -1);
    const turn = turns.get(s.turn);
    if (prev) {
      f[`p:${prev.first[0] ?? ""}`] = 1;
      f[`p2:${prev.first.join(" ")}`] = 1;
    } else f["p:none"] = 1;
    if (next) {
      f[`n:${next.first[0] ?? ""}`] = 1;
      f[`n2:${next.first.join(" ")}`] = 1;
      if (turn?.lastOrder === s.order) f[`nl:${next.first[0] ?? ""}`] = 1;
    } else f["n:none"] = 1;
    // Structural: the rules' view, place, speaker, length, the closing run-through.
    for (const k of rules.kinds.get(i) ?? []) f[`r:${k}`] = 1;
    if (rules.listed.has(i)) f["r:listed"] = 1;
    const pos = sentences.length > 1 ? i / (sentences.length - 1) : 0;
    f[`pos:${bucket(pos, [0.1, 0.3, 0.7, 0.9])}`] = 1;
    const share = total ? (wordsBy.get(s.speaker) ?? 0) / total : 0;
    f[`share:${bucket(share, [0.15, 0.3, 0.45])}`] = 1;
    if (s.speaker === lead) f["lead"] = 1;
    f[`len:${bucket(toks.length, [6, 11, 19, 30])}`] = 1;
    if (s.inRecap) f["recapTurn"] = 1;
    if (pos >= 0.8 && (turn?.sentences ?? 0) >= 3) f[pos >= 0.9 ? "closingRun:late" : "closingRun"] = 1;
    if (turn && turn.sentences === 1) f["soleSentence"] = 1;
    // Taken up by others just after; central to the meeting; said again in its closing part.
    const ws = content[i]!;
    if (ws.size) {
      let echoed = 0;
      let central = 0;
      let closed = 0;
      for (const w of ws) {
        for (let j = i + 1; j < Math.min(sentences.length, i + 1 + ECHO_WINDOW); j++)
          if (sentences[j]!.speaker !== s.speaker && content[j]!.has(w)) {
            echoed++;
            break;
          }
        if ((said.get(w) ?? 0) >= 3) central++;
        if ((closing.get(w) ?? 0) - (i >= closeFrom ? 1 : 0) > 0) closed++;
      }
      f[`echo:${bucket(echoed, [1, 2, 4])}`] = 1;
      f[`central:${bucket(central / ws.size, [0.25, 0.5, 0.75])}`] = 1;
      f[`closing:${bucket(closed, [1, 2, 4])}`] = 1;
    }
    out.set(i, f);
  });
  return out;
}

const wordWeighted = new WeakMap<object, boolean>();
/** Whether a model's weights hold per-word weights (`v:<word>`, docs/decisions/055): then its sentences need word shares. */
export function hasWordWeights(weights: Readonly<Record<string, number>>): boolean {
  let has = wordWeighted.get(weights);
  if (has === undefined) wordWeighted.set(weights, (has = Object.keys(weights).some((k) => k.startsWith("v:"))));
  return has;
}

/** The classifier's probability for one sentence's features. */
export function decisionProbability(weights: Readonly<Record<string, number>>, f: Features): number {
  let z = 0;
  for (const k in f) z += (weights[k] ?? 0) * (f[k] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/** How the classifier's sentences and the rules' decisions combine (chosen by cross-validation). */
export type Combination = "rules" | "replace" | "union" | "veto" | "union+veto";

export interface DecisionModel {
  combination: Combination;
  /** A sentence at or above this probability is a decision (replace / union). */
  threshold: number;
  /** A rule's decision (not a vote) below this probability is dropped (veto). */
  veto: number;
  /** At most this many of the classifier's sentences per 1,000 words of meeting (at least one). */
  perThousandWords: number;
  /** Meetings with fewer words than this are too short for its features of place, centrality and the closing
   * part (they describe a whole meeting): the rules alone. */
  minWords: number;
  /** Meetings with more words than this are unlike those it learned from: the rules alone (0 = any length). */
  maxWords: number;
  /** Nor a meeting where more than this share of the turns are one or two words ("Yeah.", "Mm-hmm."): unedited
   * talk, where the turn after a statement says little about it (1 = any). */
  maxShortTurns: number;
  weights: Record<string, number>;
}

/** Whether the classifier reads this meeting (the rules alone otherwise): not too short or long, not mostly backchannel. */
export function modelApplies(sentences: Sentence[], model: DecisionModel): boolean {
  const turnWords = new Map<number, number>();
  let words = 0;
  for (const s of sentences) {
    const n = wordCount(s.text);
    words += n;
    turnWords.set(s.turn, (turnWords.get(s.turn) ?? 0) + n);
  }
  if (words < model.minWords || (model.maxWords > 0 && words > model.maxWords)) return false;
  let short = 0;
  for (const n of turnWords.values()) if (n <= 2) short++;
  return !turnWords.size || short / turnWords.size <= model.maxShortTurns;
}
