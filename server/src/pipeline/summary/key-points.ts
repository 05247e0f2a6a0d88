// Key points of the built-in summary: the sentences that carry what a meeting was about and found out.
// Chosen greedily for coverage: each pick is the sentence whose not-yet-covered topic words (the content
// words the meeting keeps coming back to) weigh most for its length, with a little extra for numbers,
// named things and findings, and less for commitments (listed under action items), hypotheticals, hedges
// and recap lists. Greetings, thanks, small talk, running the meeting, questions and what a third party
// said about someone else are never key points, and near-repeats are skipped. Also the overview line.
import { contentWords, stem } from "./task-text";

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
  /^(?:so,?\s+|okay,?\s+|and\s+)?(?:this is (?:the |our |a )?[\w\s-]*?(?:review|planning|meeting|call|sync|retro|retrospective|debrief|standup|stand-up|check-in|one-on-one|1:1)\b|(?:the |tonight's |today's )?agenda\b|item (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+)\b|(?:i want to|we need to|we'll|let's) (?:get through|cover|go through)\b)|\b(?:can (?:you|everyone|everybody) (?:all )?(?:hear|see) (?:me|my screen|that)|(?:let's|let us) (?:get started|start|begin|kick (?:it |things )?off|dive in|do this|go round|wrap (?:it )?up)|(?:share|sharing) (?:my|the) screen|(?:you're|you are) (?:on )?mute|(?:we're|i'm) recording|(?:i think )?we're all here|(?:i|we) have to (?:go|run|drop|hop)|same time next week|any(?:thing| other business| questions)(?: else)?\s*[?.!]?$|that's (?:it|all)(?: for today)?[.!]?$|(?:next|last) (?:thing|item)[.,:]?$)/i;
// "If we had…, I'd…", "we'd consider…": what did not (yet) happen. ("I'd like…" is a wish, not a hypothetical.)
const HYPOTHETICAL =
  /\b(?:if\b.*\b(?:would|could|might)\b|would(?:'ve| have)\b|(?:i|we|you|they|he|she)['’]d (?!like\b|prefer\b|rather\b))/i;
// Commitments and assignments: shown under action items already.
const ASSIGNMENT =
  /\b(?:i['’]?ll|i will|i['’]m going to|let me|i can|action items?|let['’]?s have \p{Lu}|(?:can|could|would) you|my plan is to)\b/iu;
// A sentence broken off mid-way ("Portland Daily, Brew Journal, and the Seattle one —").
const FRAGMENT = /[—–-]\s*$|\.\.\.$|…$/;
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

// Function words and conversational glue: they recur in every meeting and say nothing about this one.
const STOP = new Set(
  (
    "the a an to of for and or in on at with by it that this them my our your his her their be is are was were i we you me so um uh like yeah okay just really very what about have has had do does did not no can could would will should there here then than they he she its it's i'm we're you're that's " +
    "also still well going get got one thing things think know want need really actually said say see look make take lot bit sure right good great fine now last next first time way much many more some any all from into out up over back down off only even too if but because when where which who how why yes yep hey hi thanks thank ll ve re don didn isn wasn won can't let let's gonna kind sort " +
    "mean maybe probably guess anything something everything nothing stuff okay yeah mm-hmm hmm uh-huh wanna gotta whatever though actually basically anyway pretty quite else other another same different able mean says saying talk talking tell told come came goes went put using use used give done doing being been does going sort guys people person bit lots lot little big ones point question idea ideas try trying today also each every few most such sure why yes " +
    "these those may might must shall kay madam mister sir please once absolutely obviously rather interesting true leave looking better best whole fact case means yep nope gets getting makes making says seems seem maybe means thought think thinking wanted wants needs needed part start started two three four five six seven eight nine ten hundred thousand first second third stuff cetera etc okay alright certainly exactly indeed course able"
  ).split(" "),
);

/** The words a sentence is about, stemmed. */
function topicWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/['’](?:s|ll|re|ve|d|m|t)\b/g, "")
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2 && !STOP.has(w))
      .map(stem),
  );
}

/** Named things other than the speakers ("Greenleaf Market", "TrackWise"): capitalised words after the first. */
function namedThings(text: string, speakerNames: Set<string>): number {
  const words = text.split(/\s+/).slice(1);
  return words.filter(
    (w) => /^\p{Lu}[\p{L}\d'’-]+/u.test(w) && !/^I(?:'|’|$)/.test(w) && !speakerNames.has(w.replace(/[^\p{L}]/gu, "").toLowerCase()),
  ).length;
}

/** Whether a sentence can be a key point at all. */
export function isKeyPointCandidate(text: string): boolean {
  const n = text.split(/\s+/).length;
  return (
    n >= 6 && n <= 40 && !/["“”]/.test(text) && !/\?$/.test(text) && !FRAGMENT.test(text) && !SMALL_TALK.test(text) && !LOGISTICS.test(text)
  );
}

/** Content-word Dice overlap, used to skip near-repeats. */
function overlap(a: string, b: string): number {
  const A = contentWords(a),
    B = contentWords(b);
  let n = 0;
  for (const w of A) if (B.has(w)) n++;
  return A.size + B.size ? (2 * n) / (A.size + B.size) : 0;
}

/** A spoken sentence as a written point: no lead-in words, capitalised. */
export function asPoint(text: string): string {
  const t = text.replace(LEAD_IN, "").trim();
  const c = t ? t[0].toUpperCase() + t.slice(1) : t;
  return c;
}

// Third parties: what someone outside the meeting said or decided about someone else.
const REPORTED =
  /\b(?:he|she|they|government|minister|ministry|company|management|department|council)\s+(?:said|says|told|claimed|decided|complained|announced|thinks?|believes?)\b/i;

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

/** A sentence's standing apart from its topic words: findings up, hedges and commitments down. */
function adjustment(s: Sentence, speakerNames: Set<string>): number {
  let a = 0;
  if (NUMBER.test(s.text)) a += 0.5;
  a += 0.25 * Math.min(namedThings(s.text, speakerNames), 2);
  if (FINDING.test(s.text)) a += 0.5;
  if (HYPOTHETICAL.test(s.text)) a -= 1;
  if (ASSIGNMENT.test(s.text)) a -= 1;
  if (HEDGE.test(s.text)) a -= 1;
  if (s.inRecap) a -= 2;
  return a;
}

export interface PickOptions {
  maxPoints: number;
  /** Words the points may take together. */
  wordBudget: number;
  /** Texts shown elsewhere (the decisions): a point that repeats one is skipped. */
  exclude: string[];
  speakers: string[];
}

/** The key points, in meeting order: greedy coverage of the meeting's topic words within the word budget. */
export function pickKeyPoints(all: Sentence[], options: PickOptions): string[] {
  const names = speakerWords(options.speakers);
  const weights = topicWeights(all, names);
  const speakerNames = new Set(options.speakers.flatMap((s) => s.toLowerCase().split(/\s+/)));
  const candidates = all
    .filter((s) => isKeyPointCandidate(s.text) && !REPORTED.test(s.text))
    .map((s) => ({
      s,
      words: [...topicWords(s.text)].filter((w) => weights.has(w)),
      length: s.text.split(/\s+/).length,
      extra: adjustment(s, speakerNames),
    }));
  const covered = new Set<string>();
  const picked: Sentence[] = [];
  let used = 0;
  while (picked.length < options.maxPoints) {
    let best: (typeof candidates)[number] | null = null;
    let bestScore = 0;
    for (const c of candidates) {
      if (used + c.length > options.wordBudget) continue;
      const gain = c.words.reduce((acc, w) => acc + (covered.has(w) ? 0 : weights.get(w)!), 0);
      const score = gain / Math.sqrt(c.length) + c.extra;
      if (score > bestScore) {
        best = c;
        bestScore = score;
      }
    }
    if (!best) break;
    candidates.splice(candidates.indexOf(best), 1);
    if ([...picked.map((p) => p.text), ...options.exclude].some((t) => overlap(t, best!.s.text) >= 0.5)) continue;
    picked.push(best.s);
    used += best.length;
    for (const w of best.words) covered.add(w);
  }
  return picked.sort((a, b) => a.order - b.order).map((s) => asPoint(s.text));
}

/** The word people use most for a stem ("buttons" for butto). */
function surfaceForms(all: Sentence[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const s of all)
    for (const raw of s.text.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u)) {
      const w = raw.replace(/['’](?:s|ll|re|ve|d|m|t)$/, "");
      if (w.length <= 2 || STOP.has(w)) continue;
      const m = counts.get(stem(w)) ?? new Map<string, number>();
      m.set(w, (m.get(w) ?? 0) + 1);
      counts.set(stem(w), m);
    }
  return new Map([...counts].map(([k, m]) => [k, [...m].sort((a, b) => b[1] - a[1])[0][0]]));
}

/** Two topic words said together often ("remote control", "user interface"): the phrase stands for either word. */
function topicPhrases(all: Sentence[], surface: Map<string, string>): Map<string, string> {
  const pairs = new Map<string, number>();
  for (const s of all) {
    const ws = s.text.toLowerCase().split(/[^\p{L}\p{N}'’-]+/u);
    for (let i = 0; i + 1 < ws.length; i++) {
      if (ws[i].length <= 2 || ws[i + 1].length <= 2 || STOP.has(ws[i]) || STOP.has(ws[i + 1])) continue;
      const k = `${ws[i]} ${ws[i + 1]}`;
      pairs.set(k, (pairs.get(k) ?? 0) + 1);
    }
  }
  const out = new Map<string, string>();
  for (const [k, n] of [...pairs].sort((a, b) => a[1] - b[1])) {
    if (n < 3) continue;
    for (const w of k.split(" ")) if (surface.has(stem(w))) out.set(stem(w), k);
  }
  return out;
}

const list = (xs: string[]) => (xs.length <= 1 ? xs.join("") : `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}`);
/** A speaker label as a name: "The Chair (Hon. Anthony Rota (Nipissing, Lib.))" → "The Chair". */
export const speakerName = (label: string) => label.replace(/\s*\(.*$/, "").trim();

/** The overview: what the meeting kept coming back to, and who spoke most. */
export function overview(all: Sentence[], speakers: string[]): string {
  const names = speakerWords(speakers);
  const weights = topicWeights(all, names);
  if (!weights.size) return "";
  const surface = surfaceForms(all);
  const phrases = topicPhrases(all, surface);
  const top: string[] = [];
  for (const [w] of [...weights].sort((a, b) => b[1] - a[1])) {
    if (top.length >= 6) break;
    const phrase = phrases.get(w) ?? surface.get(w) ?? w;
    if (!top.some((t) => t.includes(phrase) || phrase.includes(t))) top.push(phrase);
  }
  const the = (xs: string[]) => list(xs.map((t) => `the ${t}`));
  const out = [`The meeting was mainly about ${the(top.slice(0, 3))}.`];
  if (top.length > 3) out.push(`It also covered ${the(top.slice(3))}.`);
  // Who carried the meeting: the three who said the most.
  const said = new Map<string, number>();
  for (const s of all) if (s.speaker.trim()) said.set(s.speaker, (said.get(s.speaker) ?? 0) + s.text.split(/\s+/).length);
  const main = [...said]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([sp]) => speakerName(sp));
  if (main.length > 1) out.push(`${list(main)} spoke most.`);
  return out.join(" ");
}
