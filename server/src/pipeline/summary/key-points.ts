// Key points of the built-in summary: the sentences that carry what a meeting was about and found out.
// Chosen greedily for coverage: each pick is the sentence whose not-yet-covered topic words (the content
// words the meeting keeps coming back to) weigh most for its length, with a little extra for numbers,
// named things and findings, and less for commitments (listed under action items), hypotheticals, hedges
// and recap lists. Greetings, thanks, small talk, running the meeting, questions and what a third party
// said about someone else are never key points, and near-repeats are skipped. Also the overview line.
import { KEY_POINT_MODEL } from "./key-point-model";
import type { KeyPointModel } from "./key-point-types";
import { contentWords, stem, withoutContractions, wordOverlap, words } from "./text";
import { TOPIC_STOP_WORDS as STOP } from "./words";

export interface Sentence {
  text: string;
  speaker: string;
  order: number;
  /** Index of the utterance it comes from. */
  turn: number;
  /** The whole turn is a recap ("Okay, recap. Chris, the alert by Friday…"). */
  inRecap: boolean;
}

// Greetings, thanks and small talk: "Hi everyone, thanks for joining", "How was the long weekend?".
const SMALL_TALK =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|welcome|thanks|thank you|cheers|bye)\b|\b(?:thanks?(?: you)?(?: so much| all| everyone)? for (?:joining|coming|making the time|having me|your time)|(?:how|hope) (?:are you|was your|you had|everyone is)|long weekend|talk soon|see you|happy to be here|nice to (?:meet|see) you)\b/i;
// Running the meeting: "can you hear me", "let's get started", "I'll share my screen", "we're recording",
// and framing it: "This is the Q3 planning call", "Agenda is…", "Item two, …", "I want to get through…".
const LOGISTICS =
  /^(?:so,?\s+|okay,?\s+|and\s+)?(?:this is (?:the |our |a )?[\w\s-]*?(?:review|planning|meeting|call|sync|retro|retrospective|debrief|standup|stand-up|check-in|one-on-one|1:1)\b|(?:the |tonight's |today's )?agenda\b|item (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b|(?:i want to|we need to|we'll|let's) (?:get through|cover|go through)\b)|\b(?:can (?:you|everyone|everybody) (?:all )?(?:hear|see) (?:me|my screen|that)|(?:let's|let us) (?:get started|start|begin|kick (?:it |things )?off|dive in|do this|go round|wrap (?:it )?up)|^this is [A-Za-z.' -]+,? on (?:mike|mic|microphone|channel)\b|(?:share|sharing) (?:my|the) screen|(?:you're|you are) (?:on )?mute|(?:we're|i'm) recording|(?:i think )?we're all here|(?:i|we) have to (?:go|run|drop|hop)|same time next week|any(?:thing| other business| questions)(?: else)?\s*[?.!]?$|that's (?:it|all)(?: for today)?[.!]?$|(?:next|last) (?:thing|item)[.,:]?$)/i;
// "If we had…, I'd…", "we'd consider…": what did not (yet) happen. ("I'd like…" is a wish, not a hypothetical.)
const HYPOTHETICAL =
  /\b(?:if\b.*\b(?:would|could|might)\b|would(?:'ve| have)\b|(?:i|we|you|they|he|she)['’]d (?!like\b|prefer\b|rather\b))/i;
// Commitments and assignments: shown under action items already.
const ASSIGNMENT =
  /\b(?:i['’]?ll|i will|i['’]m going to|let me|i can|action items?|let['’]?s have \p{Lu}|(?:can|could|would) you|my plan is to)\b/iu;
// A sentence broken off mid-way ("Portland Daily, Brew Journal, and the Seattle one —"), also once tidySentence has
// ended it with a period ("… one —.").
const FRAGMENT = /[—–-]\s*$|(?:[—–]|\.\.\.|…)\s*[.!]?$/;
// Broken off: ends on a word that cannot end a sentence ("Let's not go for the.").
export const CUT_SHORT =
  /\b(?:the|a|an|of|to|for|with|and|or|but|our|my|your|their|its|is|are|was|were|on|in|at|from|by|that|which|because|if|so)[.!]?$/i;

// Ends on a word that cannot end a statement: a degree word, adverb, preposition or determiner ("…are still quite.").
const BROKEN_END =
  /\b(?:quite|very|really|too|rather|pretty|still|just|even|also|already|into|onto|about|between|over|under|through|like|than|as|when|while|until|not|this|these|those|some|any|every|each|no|will|would|should|could|can|be|been)[.!]?$/i;
// Trailing off on a filler: "…and then yeah.", "…not the Yeah, OK." (a tag after a comma is dropped instead, see asPoint).
const FILLER_END = /(?<![,;])\s(?:yeah|yep|okay|ok|um|uh|hmm)[.!]?$/i;
// A new sentence run on without a stop: "Jerry's open So we have", "the In some piece", "I There is".
const RUN_ON_CAPITAL =
  /(?:\p{Ll}[\p{Ll}'’]*|\bI) (?:So|And|But|Then|Now|Okay|Well|Yeah|Because|Alright|Anyway|The|In|There|It|We|This|They|He|She|You|If|What|My|Our|On|At|For) \p{Ll}/u;
// A restart cleaning left: "I con I consider" (a word begun, then the clause again).
const STUTTER = /\b(i|we|you|they|it|this|that|he|she) (\p{L}{1,4}) \1 \2\p{L}/iu;
// A word said again two or three words on is a restart ("keep it option keep an option"), except
// across the glue of set phrases: "step by step", "more and more", "face to face".
const REPEAT_GLUE = new Set("by and to after for or upon in on over".split(" "));
// Used on decisions, which must read whole; on key points it cost more right points than it saved.
export function repeatsAWord(text: string): boolean {
  const ws = text
    .toLowerCase()
    .split(/[^\p{L}'’]+/u)
    .filter(Boolean);
  return ws.some((w, i) => {
    if (w.length < 3 || STOP.has(w)) return false;
    for (const gap of [2, 3]) {
      if (ws[i + gap] !== w) continue;
      if (!ws.slice(i + 1, i + gap).every((g) => REPEAT_GLUE.has(g))) return true;
    }
    return false;
  });
}
// A request to someone in the room ("Suzy, one question on the budget, please."), not a point.
const REQUEST = /(?:^|,\s*)please[.!]?$|^please\b/i;

// A clause with no main clause: it starts as a reason, condition or comparison and never reaches a comma
// ("Because Real Reaction sells more products.", "Cuz we've already have forms."), or with a verb or an
// adjective whose subject was said before ("Means buttons are in the shape of fruits.", "Able to take…", "Gonna come
// to a decision…").
const SUBORDINATE_ONLY =
  /^(?:because|cuz|'cause|cause|since|unless|whereas|although|though|which|whereby|whether|than|or|nor|whose|whom)\b[^,;:]*$|^(?:means|seems|sounds|looks|depends|makes|goes|says|able|unable|gonna|wanna|gotta|going to)\b/i;
// An article with no noun, the phrase begun again: "the whether the product", "a an XML schema", "to create a to design".
const DANGLING_ARTICLE =
  /\b(?:the|a|an)\s+(?:whether|if|because|of|to|and|but|or|is|are|was|were|i|we|you|they|he|she|there|both|the|a|an)(?![\p{L}'’-])/iu;
// Two prepositions in a row, a word lost between them: "for thirty dollars an hour for of their work".
const DOUBLE_PREPOSITION = /\b(?:for|of|with|from|at) (?:of|for|with|from|at)\b/i;
// A quotation mark left open or a quoted word: "Stay Learning' policy statement, …" ('s' plurals keep theirs: "students' marks").
const STRAY_QUOTE = /(?:^|\s)['’]\p{L}|(?<=\p{L})(?<![sS])['’](?=[\s,.;:!?]|$)/u;

// Reading out digits or testing a microphone: "Channel B, one two three four five." Half its words or more are numbers.
const NUMBER_WORD = /^(?:\d[\d.,]*|zero|oh|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|hundred|thousand)$/i;
function isCounting(text: string): boolean {
  const words = text.toLowerCase().match(/[\p{L}\d][\p{L}\d.,'’-]*/gu) ?? [];
  return words.length > 0 && words.filter((w) => NUMBER_WORD.test(w.replace(/[.,]$/, ""))).length * 2 >= words.length;
}

/** A sentence speech left broken: ends mid-phrase, runs two sentences together, or still stutters. */
export function isBroken(text: string): boolean {
  return (
    CUT_SHORT.test(text) ||
    BROKEN_END.test(text) ||
    RUN_ON_CAPITAL.test(text) ||
    STUTTER.test(text) ||
    SUBORDINATE_ONLY.test(text) ||
    STRAY_QUOTE.test(text) ||
    DOUBLE_PREPOSITION.test(text) ||
    DANGLING_ARTICLE.test(text) ||
    FILLER_END.test(text) ||
    isCounting(text)
  );
}

// Hedges and asides: "I don't know if…", "Or is that…".
const HEDGE = /^(?:or\b|i don'?t know\b|not sure\b|i guess\b|i mean\b|maybe\b)|\bi don'?t know (?:if|whether)\b/i;
// A fact or a finding: causes, problems, amounts due, things that changed.
const FINDING =
  /\b(?:because|so that|problem|issue|risk|fail(?:ed|s|ing)?|broke|missed|blocked|too (?:high|low|slow|late|much)|deadline|due|cost|budget|price|percent|renews?|expires?|changed|instead of|rather than|only|already|still|not (?:yet|confirmed|approved)|means)\b/i;
// Numbers said in digits or words, money and percentages.
const NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|half|dozen)\b|[$€£%]/i;
// Words at the start of a spoken sentence that a written point does without.
const LEAD_IN = /^(?:(?:so|and|okay|ok|well|yeah|right|honestly|also|then|but|alright|actually|basically),?\s+)+/i;

/** The words a sentence is about, stemmed. */
function topicWords(text: string): Set<string> {
  return contentWords(withoutContractions(text), STOP);
}

/** Named things other than the speakers ("Greenleaf Market", "TrackWise"): capitalised words after the first. */
function namedThings(text: string, speakerNames: Set<string>): number {
  const words = text.split(/\s+/).slice(1);
  return words.filter(
    (w) => /^\p{Lu}[\p{L}\d'’-]+/u.test(w) && !/^I(?:'|’|$)/.test(w) && !speakerNames.has(w.replace(/[^\p{L}]/gu, "").toLowerCase()),
  ).length;
}

// A question said without its question mark: "What are your experiences with remote controls.", "Shall we make…".
const UNMARKED_QUESTION =
  /^(?:(?:what|who|where|when|why|how|which)\s+(?:are|is|was|were|do|does|did|can|could|would|will|should|shall|wants?)\b|(?:shall|should|can|could|would|will|do|does|did|is|are|was|were)\s+(?:we|you|i|they|he|she|it|there)\b)/i;

/** Whether a sentence can be a key point at all. */
export function isKeyPointCandidate(text: string): boolean {
  const n = text.split(/\s+/).length;
  return (
    n >= 6 &&
    n <= 40 &&
    !/["“”]/.test(text) &&
    !/\?$/.test(text) &&
    !UNMARKED_QUESTION.test(text) &&
    !FRAGMENT.test(text) &&
    !isBroken(text) &&
    !REQUEST.test(text) &&
    !SMALL_TALK.test(text) &&
    !LOGISTICS.test(text)
  );
}

/** Content-word Dice overlap, used to skip near-repeats. */
const overlap = wordOverlap;

// A tag at the end of a spoken sentence: "…a profit of fifty million Euros, okay."
const TAG_END = /,\s*(?:okay|ok|yeah|yep|you know)[.!]?$/i;
/** A spoken sentence as a written point: no lead-in words, capitalised. */
export function asPoint(text: string): string {
  const t = text.replace(LEAD_IN, "").replace(TAG_END, ".").trim();
  const c = t.charAt(0).toUpperCase() + t.slice(1);
  return c;
}

// Third parties: what someone outside the meeting said or decided about someone else.
const REPORTED =
  /\b(?:he|she|they|government|minister|ministry|company|management|department|council)\s+(?:(?:has|have|had)\s+)?(?:said|says|told|claimed|decided|complained|announced|thinks?|believes?)\b/i;

/** The word pairs of a sentence with a content word in them, stemmed ("the remot", "remot control"). */
function wordPairs(text: string): Set<string> {
  const ws = words(withoutContractions(text));
  const out = new Set<string>();
  for (let i = 0; i + 1 < ws.length; i++) {
    const a = ws[i]!,
      b = ws[i + 1]!;
    if ((STOP.has(a) || a.length <= 2) && (STOP.has(b) || b.length <= 2)) continue;
    out.add(`${stem(a)} ${stem(b)}`);
  }
  return out;
}
// Pronouns that point at something said before: a sentence full of them does not stand on its own.
const POINTING = new Set("it that this they them those these he she him her its there".split(" "));

/** How much each topic word weighs: the number of sentences it appears in, damped; words said once weigh nothing. */
function topicWeights(all: Sentence[], ignore: Set<string>): Map<string, number> {
  const df = new Map<string, number>();
  for (const s of all) for (const w of topicWords(s.text)) if (!ignore.has(w)) df.set(w, (df.get(w) ?? 0) + 1);
  const weights = new Map<string, number>();
  for (const [w, n] of df) if (n >= 2) weights.set(w, Math.log2(n));
  return weights;
}

const speakerWords = (speakers: string[]) =>
  new Set(
    speakers
      .flatMap((s) => s.toLowerCase().split(/[^\p{L}]+/u))
      .filter((w) => w.length > 2)
      .map(stem),
  );

/** What the key-point scorer reads of a sentence; the weights are learned (key-point-model.json). */
export const KEY_POINT_FEATURES = [
  "coverage", // its topic words' weight per square root of its length, over the meeting's best
  "density", // mean topic weight per word
  "length", // words / 40
  "position", // where in the meeting, 0-1
  "opening", // in the first tenth
  "closing", // in the last tenth
  "speakerShare", // share of the meeting's words its speaker said
  "turnLength", // log2 of its turn's words / 10
  "number",
  "named",
  "finding",
  "hypothetical",
  "assignment",
  "hedge",
  "recap",
  "firstPerson", // I, me, my
  "we",
  "you",
  "mainTopics", // how many of the meeting's ten main topic words it says, / 3
  "bigrams", // the weight of its word pairs the meeting says again (log2 of the sentences saying each), per square root of its length, over the meeting's best
  "contentShare", // share of its words that are not function words or glue
  "topSpeaker", // said by whoever says the most
  "pronouns", // share of its words that are pronouns pointing elsewhere (it, that, this, they…)
  "longTurn", // its turn's words over the meeting's longest turn's
  "answer", // the turn before, by someone else, ended on a question
] as const;

// The hand-set standing of a sentence (what a reader wants in a key point, which ROUGE does not see): numbers,
// named things and findings up; hypotheticals, commitments (listed under action items), hedges and recaps down.
// The model adds them with the weight `rules`.
const RULES: Partial<Record<(typeof KEY_POINT_FEATURES)[number], number>> = {
  number: 0.5,
  named: 0.5,
  finding: 0.5,
  hypothetical: -1,
  assignment: -1,
  hedge: -1,
  recap: -2,
};

export interface Candidate {
  s: Sentence;
  words: string[];
  length: number;
  features: number[];
}

/** The candidates for key points with their features (what the trained model scores). */
export function keyPointCandidates(all: Sentence[], speakers: string[]): { candidates: Candidate[]; weights: Map<string, number> } {
  const names = speakerWords(speakers);
  const weights = topicWeights(all, names);
  const speakerNames = new Set(speakers.flatMap((s) => s.toLowerCase().split(/\s+/)));
  const main = new Set(
    [...weights]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([w]) => w),
  );
  const said = new Map<string, number>();
  const turnWords = new Map<number, number>();
  let total = 0;
  for (const s of all) {
    const n = s.text.split(/\s+/).length;
    said.set(s.speaker, (said.get(s.speaker) ?? 0) + n);
    turnWords.set(s.turn, (turnWords.get(s.turn) ?? 0) + n);
    total += n;
  }
  // Word pairs said in two sentences or more weigh log2 of the sentences that say them.
  const pairCount = new Map<string, number>();
  for (const s of all) for (const p of wordPairs(s.text)) pairCount.set(p, (pairCount.get(p) ?? 0) + 1);
  const pairWeights = new Map([...pairCount].filter(([, n]) => n >= 2).map(([p, n]) => [p, Math.log2(n)]));
  const topSpeaker = [...said].sort((a, b) => b[1] - a[1])[0]?.[0];
  const longestTurn = maxOf(turnWords.values(), 1);
  // Turns said just after someone else's question.
  const answers = new Set<number>();
  all.forEach((s, i) => {
    const before = all[i - 1];
    if (before && before.turn !== s.turn && before.speaker !== s.speaker && /\?$/.test(before.text)) answers.add(s.turn);
  });
  const pool = all.filter((s) => isKeyPointCandidate(s.text) && !REPORTED.test(s.text));
  const raw = pool.map((s) => {
    const words = [...topicWords(s.text)].filter((w) => weights.has(w));
    const tokens = s.text
      .toLowerCase()
      .split(/[^\p{L}\p{N}'’]+/u)
      .filter(Boolean);
    const gain = words.reduce((acc, w) => acc + weights.get(w)!, 0);
    const pairs = [...wordPairs(s.text)].reduce((acc, p) => acc + (pairWeights.get(p) ?? 0), 0);
    return { s, words, tokens, length: s.text.split(/\s+/).length, gain, pairs };
  });
  const best = maxOf(
    raw.map((r) => r.gain / Math.sqrt(r.length)),
    1e-9,
  );
  const bestPairs = maxOf(
    raw.map((r) => r.pairs / Math.sqrt(r.length)),
    1e-9,
  );
  const N = Math.max(1, all.length - 1);
  const candidates = raw.map(({ s, words, tokens, length, gain, pairs }) => {
    const pos = s.order / N;
    const has = (re: RegExp) => (re.test(s.text) ? 1 : 0);
    const f = [
      gain / Math.sqrt(length) / best,
      gain / length,
      length / 40,
      pos,
      pos < 0.1 ? 1 : 0,
      pos > 0.9 ? 1 : 0,
      (said.get(s.speaker) ?? 0) / Math.max(1, total),
      Math.log2(1 + (turnWords.get(s.turn) ?? 0)) / 10,
      has(NUMBER),
      Math.min(namedThings(s.text, speakerNames), 2) / 2,
      has(FINDING),
      has(HYPOTHETICAL),
      has(ASSIGNMENT),
      has(HEDGE),
      s.inRecap ? 1 : 0,
      tokens.some((t) => t === "i" || t === "me" || t === "my" || t.startsWith("i'") || t.startsWith("i’")) ? 1 : 0,
      tokens.some((t) => /^(?:we|us|our)(?:['’]|$)/.test(t)) ? 1 : 0,
      tokens.some((t) => /^(?:you|your)(?:['’]|$)/.test(t)) ? 1 : 0,
      words.filter((w) => main.has(w)).length / 3,
      pairs / Math.sqrt(length) / bestPairs,
      tokens.filter((t) => t.length > 2 && !STOP.has(t.replace(/['’].*$/, ""))).length / Math.max(1, tokens.length),
      s.speaker === topSpeaker ? 1 : 0,
      tokens.filter((t) => POINTING.has(t.replace(/['’].*$/, ""))).length / Math.max(1, tokens.length),
      (turnWords.get(s.turn) ?? 0) / longestTurn,
      answers.has(s.turn) ? 1 : 0,
    ];
    return { s, words, length, features: f };
  });
  return { candidates, weights };
}

export interface PickOptions {
  maxPoints: number;
  /** Words the points may take together. */
  wordBudget: number;
  /** Texts shown elsewhere (the decisions): a point that repeats one is skipped. */
  exclude: string[];
  /** What the decisions and action items came from (their sentences, their texts): a point whose content words
   * are mostly in one of them restates it and is skipped, the budget going to the next candidate. */
  restates?: string[];
  speakers: string[];
  /** Say who said each point: "… (Marketing)". */
  attribute?: boolean;
}

/** The key points, in meeting order: the best-scored sentences (the learned model plus what they add to
 * the topics already covered) within the word budget, skipping near-repeats.
 * Greedy, made lazy so it stays O(n log n) on any meeting: a candidate's gain only shrinks as topics get
 * covered (the model's `coverage` weight is never negative), so a score computed earlier is an upper bound,
 * and the top of the heap is the pick once its score is recomputed and still on top. Same picks, in the same
 * order (ties go to the earlier sentence), as scanning every candidate for every pick. */
export function pickKeyPoints(
  all: Sentence[],
  options: PickOptions,
  model: KeyPointModel = KEY_POINT_MODEL,
  prepared = keyPointCandidates(all, options.speakers),
): string[] {
  return pickKeyPointSentences(all, options, model, prepared).map((s) =>
    options.attribute && s.speaker.trim() ? `${asPoint(s.text)} (${speakerName(s.speaker)})` : asPoint(s.text),
  );
}

/** The sentences pickKeyPoints chooses, in meeting order (the structured notes take speaker and turn from them). */
export function pickKeyPointSentences(
  all: Sentence[],
  options: PickOptions,
  model: KeyPointModel = KEY_POINT_MODEL,
  prepared = keyPointCandidates(all, options.speakers),
): Sentence[] {
  const { candidates, weights } = prepared;
  const rules = KEY_POINT_FEATURES.map((f) => RULES[f] ?? 0);
  const coverage = Math.max(0, model.coverage);
  const best = maxOf(
    candidates.map((c) => c.words.reduce((a, w) => a + weights.get(w)!, 0) / Math.sqrt(c.length)),
    1e-9,
  );
  const covered = new Set<string>();
  const score = (c: Candidate, base: number) =>
    base + coverage * (c.words.reduce((acc, w) => acc + (covered.has(w) ? 0 : weights.get(w)!), 0) / Math.sqrt(c.length) / best);
  const heap = new MaxHeap<HeapEntry>((a, b) => a.score - b.score || b.index - a.index);
  candidates.forEach((c, index) => {
    const base = c.features.reduce((acc, x, i) => acc + x * ((model.weights[i] ?? 0) + model.rules * (rules[i] ?? 0)), model.bias);
    heap.push({ c, index, base, score: score(c, base), version: 0 });
  });
  const restated = (options.restates ?? []).map((t) => contentWords(t));
  const picked: Sentence[] = [];
  let version = 0;
  let used = 0;
  while (picked.length < options.maxPoints) {
    const top = heap.pop();
    if (!top) break;
    // Over the budget now means over it for good: the words used only grow.
    if (used + top.c.length > options.wordBudget) continue;
    if (top.version !== version && coverage > 0) {
      heap.push({ ...top, score: score(top.c, top.base), version });
      continue;
    }
    const pick = top.c;
    if (picked.some((p) => overlap(p.text, pick.s.text) >= 0.5) || options.exclude.some((t) => overlap(t, pick.s.text) >= 0.5)) continue;
    // Running the meeting (a motion, a second, a vote, "I propose …") is the decisions' business, not a point.
    if (PROCEDURAL.test(pick.s.text) || restatesOne(pick.s.text, restated)) continue;
    picked.push(pick.s);
    used += pick.length + (options.attribute ? speakerName(pick.s.speaker).split(/\s+/).filter(Boolean).length : 0);
    for (const w of pick.words) covered.add(w);
    version++;
  }
  return picked.sort((a, b) => a.order - b.order);
}

// A motion, a second, a vote or its count, a proposal put to the room: "I move that the board accept …",
// "Seconded.", "All in favour?", "The motion fails, one in favour, four against.", "I propose we drop the tier."
export const PROCEDURAL =
  /^(?:(?:so|okay|ok|right|well|and|then|alright),? )*(?:i(?:['’]d| would)? (?:like to )?(?:move|propose|second)\b|my proposal\b|(?:our|the) proposal(?: is\b|:)|seconded\b|all (?:those )?in favou?r\b)|\bmotion\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|all) (?:in favou?r|against|opposed|abstaining|abstentions?)\b|\b(?:unanimous(?:ly)?|show of hands)\b/i;
/** Share of a point's content words a restated text must hold for the point to repeat it. */
const RESTATES = 0.6;
function restatesOne(text: string, sources: Set<string>[]): boolean {
  const words = contentWords(text);
  if (!words.size) return false;
  return sources.some((src) => {
    let n = 0;
    for (const w of words) if (src.has(w)) n++;
    return n / words.size >= RESTATES;
  });
}

interface HeapEntry {
  c: Candidate;
  /** The candidate's place in the meeting's order: ties go to the earlier one. */
  index: number;
  base: number;
  score: number;
  /** How many picks had been made when `score` was computed. */
  version: number;
}

/** A binary max-heap under `compare` (positive: a above b). */
class MaxHeap<T> {
  private items: T[] = [];
  constructor(private readonly compare: (a: T, b: T) => number) {}
  push(item: T) {
    const xs = this.items;
    xs.push(item);
    let i = xs.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.compare(xs[i]!, xs[parent]!) <= 0) break;
      [xs[i], xs[parent]] = [xs[parent]!, xs[i]!];
      i = parent;
    }
  }
  pop(): T | undefined {
    const xs = this.items;
    const top = xs[0];
    const last = xs.pop();
    if (xs.length === 0 || last === undefined) return top;
    xs[0] = last;
    for (let i = 0; ;) {
      const l = 2 * i + 1,
        r = l + 1;
      let m = i;
      if (l < xs.length && this.compare(xs[l]!, xs[m]!) > 0) m = l;
      if (r < xs.length && this.compare(xs[r]!, xs[m]!) > 0) m = r;
      if (m === i) break;
      [xs[i], xs[m]] = [xs[m]!, xs[i]!];
      i = m;
    }
    return top;
  }
}

/** The largest of many numbers (no spread: a meeting's sentences can be more than the call stack takes). */
function maxOf(xs: Iterable<number>, floor: number): number {
  let m = floor;
  for (const x of xs) if (x > m) m = x;
  return m;
}

/** Tokens of a sentence with their case, the first word lowercased (it is capitalised for the sentence, not the name). */
function casedTokens(text: string): string[] {
  const ws = text.split(/[^\p{L}\p{N}'’-]+/u).filter(Boolean);
  const [first] = ws;
  if (first !== undefined && !/^\p{Lu}{2,}/u.test(first)) ws[0] = first.toLowerCase();
  return ws.map((w) => w.replace(/['’](?:s|ll|re|ve|d|m|t)$/i, ""));
}

/** The most common of several spellings (`fallback` for an empty map, which callers never pass). */
const commonest = (m: Map<string, number>, fallback: string) => [...m].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;

/** The word people use most for a stem ("buttons" for butto), with its usual case ("Canada"). */
function surfaceForms(all: Sentence[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const s of all)
    for (const w of casedTokens(s.text)) {
      const l = w.toLowerCase();
      if (l.length <= 2 || STOP.has(l)) continue;
      const m = counts.get(stem(l)) ?? new Map<string, number>();
      m.set(w, (m.get(w) ?? 0) + 1);
      counts.set(stem(l), m);
    }
  return new Map([...counts].map(([k, m]) => [k, commonest(m, k)]));
}

/**
 * Two topic words said together often ("remote control", "user interface"): the phrase stands for either
 * word. Its second word must be a thing (`isNoun`), so "working hard" is no topic.
 */
function topicPhrases(all: Sentence[], isNoun: (stem: string) => boolean): Map<string, string> {
  const pairs = new Map<string, Map<string, number>>();
  for (const s of all) {
    const ws = casedTokens(s.text);
    for (let i = 0; i + 1 < ws.length; i++) {
      const [first, second] = [ws[i], ws[i + 1]];
      if (first === undefined || second === undefined) continue;
      const a = first.toLowerCase(),
        b = second.toLowerCase();
      if (a.length <= 2 || b.length <= 2 || STOP.has(a) || STOP.has(b)) continue;
      const k = `${a} ${b}`;
      const m = pairs.get(k) ?? new Map<string, number>();
      m.set(`${first} ${second}`, (m.get(`${first} ${second}`) ?? 0) + 1);
      pairs.set(k, m);
    }
  }
  const out = new Map<string, string>();
  const n = (m: Map<string, number>) => [...m.values()].reduce((x, y) => x + y, 0);
  for (const [k, m] of [...pairs].sort((a, b) => n(a[1]) - n(b[1]))) {
    if (n(m) < 3 || !isNoun(stem(k.split(" ")[1] ?? ""))) continue;
    for (const w of k.split(" ")) out.set(stem(w), commonest(m, k));
  }
  return out;
}

const list = (xs: string[]) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);
/** A speaker label as a name: "The Chair (Hon. Anthony Rota (Nipissing, Lib.))" → "The Chair". */
export const speakerName = (label: string) => label.replace(/\s*\(.*$/, "").trim();

// Words that follow a noun phrase's head: verbs of being and having, modals, prepositions, conjunctions, pronouns
// ("the buttons are", "the echo in", "the chip and"). Not another word of the phrase: "the close talking mike",
// "the initial stuff", "the clunky one".
const AFTER_A_NOUN = new Set(
  (
    "is isn't are aren't was wasn't were weren't be been 's has hasn't have haven't had will won't would wouldn't can can't could couldn't should shouldn't " +
    "might must may does doesn't do don't did didn't gets got goes went seems looks needs of in on at for with to from by about into over under " +
    "between through like as than and or but nor so because if when where while that which who whose it i we you they he she there here too also " +
    "just now then not still already again either anyway though itself yet"
  ).split(" "),
);
// Words a noun follows: a topic word is a thing people talk about ("the buttons"), not a verb or an adverb.
const DETERMINER = new Set("the a an this that these those our your their my his her its some any no each every which".split(" "));

/** Per stem, the share of its uses that follow a determiner (directly or after one other word). */
function nounLikeness(all: Sentence[]): Map<string, number> {
  const seen = new Map<string, [number, number]>();
  for (const s of all) {
    const ws = s.text
      .toLowerCase()
      .split(/[^\p{L}\p{N}'’-]+/u)
      .filter(Boolean);
    ws.forEach((w, i) => {
      if (w.length <= 2 || STOP.has(w)) return;
      const k = stem(w.replace(/['’](?:s|ll|re|ve|d|m|t)$/, ""));
      const c = seen.get(k) ?? [0, 0];
      c[0]++;
      // After a determiner (or a determiner and one word), and at the head of the phrase: "the buttons were", not "their own data".
      const afterDeterminer = DETERMINER.has(ws[i - 1] ?? "") || (DETERMINER.has(ws[i - 2] ?? "") && !STOP.has(ws[i - 1] ?? ""));
      const next = ws[i + 1];
      // "the clunky one": an adjective before "one" is no thing of its own.
      if (afterDeterminer && (next === undefined || AFTER_A_NOUN.has(next) || !/\p{L}/u.test(next))) c[1]++;
      seen.set(k, c);
    });
  }
  return new Map([...seen].map(([k, [n, d]]) => [k, d / n]));
}

// Nouns too vague to say what a meeting was about ("the meeting", "the end", "the moment").
const VAGUE = new Set(
  (
    "meeting meetings end moment moments number numbers hour hours minute period day days week weeks year years month months morning afternoon evening bit level side term terms area example examples reason sense matter rest word words kind type place top bottom beginning view worry worries problem problems issue issues question questions answer answers thanks comment comments list note notes person member members everyone everybody someone somebody anyone name names " +
    "own left basic nice main general new old small large high low simple easy hard important different special current various following previous real actual full overall final specific particular possible available common single double extra other several certain " +
    // Said in set phrases or about any meeting ("on the other hand", "a couple of", "the decision", "the process").
    "hand hands couple set bunch middle front corner edge team teams while order percent cent times interest notion opportunity weekend piece pieces length line lines change changes situation difference differences process option options goal goals work discussion discussions decision decisions form agenda group groups feel long young younger case cases stage step steps detail details aspect aspects approach basis reasons range amount regard respect plenty"
  )
    .split(" ")
    .map(stem),
);

// Numbers said as words are no topic ("the fifteen"), nor ordinals.
const NUMBER_WORDS = new Set(
  (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty " +
    "thirty forty fifty sixty seventy eighty ninety hundred hundreds thousand thousands million millions billion billions dozen " +
    "first second third fourth fifth sixth seventh eighth ninth tenth half quarter"
  ).split(" "),
);
// Words that are never the thing itself: prepositions, adverbs and hedges ("the difference between", "the again").
const NEVER_A_THING = new Set(
  (
    "about above across after again against ago along already also always among around away back before behind below beside between beyond both " +
    "down during either else enough even ever further here inside instead kinda sorta later maybe near neither never off often once onto outside " +
    "over past perhaps pretty quite rather really since sometimes soon still there through together too toward towards under until upon " +
    "very within without yet"
  ).split(" "),
);
// Adverbs ("fraudulently", "fully", "probably") and past forms ("worked", "interested") are no things.
const ADVERB = /(?:ally|fully|ously|ively|ently|antly|ately|ingly|edly|ably|ibly|ely|tly|rly|dly|ssly|wly)$/;
const PAST = /[^e]ed$/;

/** A word that can name a thing on its own: not a number word, an adverb or a past form. */
export function couldNameAThing(word: string): boolean {
  const w = word.toLowerCase();
  return (
    !NUMBER_WORDS.has(w) && !/(?:teenth|tieth)$/.test(w) && !NEVER_A_THING.has(w) && !(w.length > 4 && (ADVERB.test(w) || PAST.test(w)))
  );
}

/**
 * How often a topic phrase is said as a noun phrase of its own, word for word: after an article or a
 * possessive, and not before another content word ("a long time" is no use of "long"; "that requires"
 * is a pronoun and a verb). Reads only the sentences that say the phrase's first run of letters
 * (`sentencesSaying`), so asking for every topic stays linear in the meeting's length.
 */
function nounPhraseCount(index: SentenceIndex, phrase: string): number {
  const p = phrase.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`(?:^|[^\\p{L}])(?:${ARTICLES})\\s+${p}(?![\\p{L}'’-])[ \\t]*([\\p{L}'’]+)?`, "gu");
  const key = phrase.toLowerCase().match(/\p{L}+/u)?.[0];
  const texts = key === undefined ? index.texts : (index.byWord.get(key) ?? []).map((i) => index.texts[i]!);
  let n = 0;
  for (const text of texts)
    for (const m of text.matchAll(re)) {
      const next = m[1];
      if (next === undefined || AFTER_A_NOUN.has(next)) n++;
    }
  return n;
}

interface SentenceIndex {
  /** The sentences, lowercased. */
  texts: string[];
  /** For each run of letters, the sentences that say it (each once, in order). */
  byWord: Map<string, number[]>;
}
function sentencesSaying(all: Sentence[]): SentenceIndex {
  const texts = all.map((s) => s.text.toLowerCase());
  const byWord = new Map<string, number[]>();
  texts.forEach((t, i) => {
    for (const w of new Set(t.match(/\p{L}+/gu) ?? [])) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  return { texts, byWord };
}
const ARTICLES = "the|a|an|these|those|our|your|their|my|his|its|some|any|each|every";
// A topic must be said as a noun phrase this often: "the open" or "the consider acoustic" never are.
const MIN_AFTER_DETERMINER = 2;

// How a meeting names itself at the start: "this is our functional design meeting", "welcome to the fifth meeting of
// the Special Committee on …", "item 2 this morning is our evidence session with the Minister on …". The words before
// "meeting" must name a kind of meeting (no "beginning of the", "agenda for"); what follows "with", "on", "of"… is kept
// when it runs to the end of the sentence or of its clause.
const SELF_NAMING =
  /\b(?:this is|this'll be|this will be|today is|which is|(?:today|morning|afternoon|then),? is|(?:move on|turn|come)(?:,? then,?)? to|welcome(?: everyone| everybody| all| back)? to)\s+(the|our|a|an|this)\s+((?:[\p{L}\p{N}-]+\s+){0,4}?)(meeting|session|hearing|workshop)\b(?:(\s+(?:of|on|with|about|around|into|for|regarding)\s+[^,;:?!.]{3,160}?)(?=\s*(?:[.!]?$|,\s+(?:and|which|so|but|where)\b)))?/iu;
const NOT_A_KIND =
  /\b(?:of|for|to|in|on|at|with|the|a|an|this|that|our|your|my|we|you|it|its|agenda|beginning|end|start|rest|part|middle|minutes|purpose|point|goal|aim|topic|subject|whole|next|is|are|was|were|be|been|called|named|going|gonna|about|like|just|really|so|and|or|but|what|which|who)\b/i;
// A name that says more than a name ("of this design group", "with you all") is cut to the kind of meeting.
const NOT_IN_A_NAME = /\b(?:we|you|your|my|i|me|so|this|that|these|those|it|um|uh|today|now)\b/i;
const MAX_NAME_WORDS = 25;

/** What the meeting called itself in its first sentences, as a line of the overview: "This was the kick-off meeting." */
export function selfNaming(all: Sentence[]): string {
  const head = all.slice(0, Math.max(20, Math.round(all.length * 0.15)));
  let kindOnly = "";
  for (const s of head) {
    const m = s.text.match(SELF_NAMING);
    if (!m) continue;
    const [, article = "", kind = "", noun = "", about = ""] = m;
    if (NOT_A_KIND.test(kind)) continue;
    const name =
      about && about.trim().split(/\s+/).length <= MAX_NAME_WORDS && !NOT_IN_A_NAME.test(about) ? about.replace(/\bour\b/gi, "the") : "";
    // "This was the meeting." says nothing.
    if (!kind && !name) continue;
    const a = article.toLowerCase();
    const line = `This was ${a === "a" || a === "an" ? a : "the"} ${kind}${noun}${name}.`;
    // A line that says what the meeting was on wins over one that only names its kind ("the first virtual meeting").
    if (name) return line;
    kindOnly ||= line;
  }
  return kindOnly;
}

export interface OverviewOptions {
  /** How many topics the first line names. */
  mainTopics: number;
  /** How many of the main speakers get a line of their own, and how many topics each. */
  speakerLines: number;
  speakerTopics: number;
  /** How many further topics the closing line names. */
  moreTopics: number;
  speakerVerb: string;
  moreLead: string;
}
export const OVERVIEW_DEFAULTS: OverviewOptions = {
  mainTopics: 3,
  speakerLines: 4,
  speakerTopics: 2,
  moreTopics: 3,
  speakerVerb: "talked about",
  moreLead: "The team also discussed",
};

export function overview(all: Sentence[], speakers: string[], options: OverviewOptions = OVERVIEW_DEFAULTS): string {
  const names = speakerWords(speakers);
  const weights = topicWeights(all, names);
  if (!weights.size) return "";
  const surface = surfaceForms(all);
  const nouns = nounLikeness(all);
  // A single capitalised word is mostly a person's name ("Matthew"): not a topic on its own.
  const isTopic = (w: string) =>
    (nouns.get(w) ?? 0) >= 0.25 && !VAGUE.has(w) && !/^\p{Lu}\p{Ll}/u.test(surface.get(w) ?? "") && couldNameAThing(surface.get(w) ?? w);
  const phrases = topicPhrases(all, isTopic);
  const ranked = [...weights].filter(([w]) => isTopic(w)).sort((a, b) => b[1] - a[1]);
  const used: string[] = [];
  const index = sentencesSaying(all);
  // Asked again for each line of the overview: counted once per phrase.
  const counted = new Map<string, boolean>();
  const nounPhrase = (phrase: string) => {
    let yes = counted.get(phrase);
    if (yes === undefined) {
      yes = phrase.split(" ").every(couldNameAThing) && nounPhraseCount(index, phrase) >= MIN_AFTER_DETERMINER;
      counted.set(phrase, yes);
    }
    return yes;
  };
  // The two-word phrase if it is said as a noun phrase, else the word alone if that is; else no label.
  const label = (w: string) => [phrases.get(w), surface.get(w) ?? w].find((x) => x !== undefined && nounPhrase(x)) ?? "";
  const fresh = (phrase: string) => {
    const p = phrase.toLowerCase();
    return !used.some((t) => t.toLowerCase().includes(p) || p.includes(t.toLowerCase()));
  };
  const take = (stems: string[], n: number) => {
    const out: string[] = [];
    for (const w of stems) {
      if (out.length >= n) break;
      const phrase = label(w);
      if (phrase && fresh(phrase)) {
        out.push(phrase);
        used.push(phrase);
      }
    }
    return out;
  };
  const the = (xs: string[]) => list(xs.map((t) => `the ${t}`));
  const out: string[] = [];
  const main = take(
    ranked.map(([w]) => w),
    options.mainTopics,
  );
  if (!main.length) return "";
  const named = selfNaming(all);
  if (named) out.push(named);
  out.push(`The meeting was mainly about ${the(main)}.`);

  // Who said what: per speaker, the stems they said in the most sentences, where they said more than their share.
  const said = new Map<string, number>();
  const bySpeaker = new Map<string, Map<string, number>>();
  const total = new Map<string, number>();
  let allWords = 0;
  for (const s of all) {
    if (!s.speaker.trim()) continue;
    const n = s.text.split(/\s+/).length;
    said.set(s.speaker, (said.get(s.speaker) ?? 0) + n);
    allWords += n;
    const m = bySpeaker.get(s.speaker) ?? new Map<string, number>();
    for (const w of topicWords(s.text)) {
      if (!weights.has(w)) continue;
      m.set(w, (m.get(w) ?? 0) + 1);
      total.set(w, (total.get(w) ?? 0) + 1);
    }
    bySpeaker.set(s.speaker, m);
  }
  const mainSpeakers = [...said].sort((a, b) => b[1] - a[1]).filter(([, n]) => n >= 0.08 * allWords);
  for (const [sp, n] of mainSpeakers.slice(0, options.speakerLines)) {
    const share = n / allWords;
    const mine = [...(bySpeaker.get(sp) ?? [])]
      .filter(([w, k]) => k >= 3 && k / total.get(w)! > share && isTopic(w))
      .sort((a, b) => b[1] * (b[1] / total.get(b[0])!) - a[1] * (a[1] / total.get(a[0])!))
      .map(([w]) => w);
    const topics = take(mine, options.speakerTopics);
    if (topics.length) out.push(`${speakerName(sp)} ${options.speakerVerb} ${the(topics)}.`);
  }
  const more = take(
    ranked.map(([w]) => w),
    options.moreTopics,
  );
  if (more.length) out.push(`${options.moreLead} ${the(more)}.`);
  return out.join(" ");
}
