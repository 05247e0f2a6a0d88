// Key points of the built-in summary: the sentences that carry what a meeting found out and settled.
// A sentence scores for the meeting's recurring content words, numbers, named things and findings
// ("missed two services", "the threshold is too high"); it loses for what other sections or nobody
// needs: commitments (listed under action items), hypotheticals, hedges and recap lists. Greetings,
// thanks, small talk and running the meeting are never key points, and near-repeats are skipped.
import { contentWords, stem } from "./task-text";

export interface Sentence {
  text: string;
  speaker: string;
  order: number;
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
const HYPOTHETICAL = /\b(?:if\b.*\b(?:would|could|might)\b|would(?:'ve| have)\b|(?:i|we|you|they|he|she)['’]d (?!like\b|prefer\b|rather\b))/i;
// Commitments and assignments: shown under action items already.
const ASSIGNMENT = /\b(?:i['’]?ll|i will|i['’]m going to|let me|i can|action items?|let['’]?s have \p{Lu}|(?:can|could|would) you|my plan is to)\b/iu;
// A sentence broken off mid-way ("Portland Daily, Brew Journal, and the Seattle one —").
const FRAGMENT = /[—–-]\s*$|\.\.\.$|…$/;
// Hedges and asides: "I don't know if…", "Or is that…".
const HEDGE = /^(?:or\b|i don'?t know\b|not sure\b|i guess\b|i mean\b|maybe\b)|\bi don'?t know (?:if|whether)\b/i;
// A fact or a finding: causes, problems, amounts due, things that changed.
const FINDING =
  /\b(?:because|so that|problem|issue|risk|fail(?:ed|s|ing)?|broke|missed|blocked|too (?:high|low|slow|late|much)|deadline|due|cost|budget|price|percent|renews?|expires?|changed|instead of|rather than|only|already|still|not (?:yet|confirmed|approved)|means)\b/i;
// Numbers said in digits or words, money and percentages.
const NUMBER = /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fifteen|twenty|thirty|forty|fifty|sixty|hundred|thousand|million|half|dozen)\b|[$€£%]/i;
// Words at the start of a spoken sentence that a written point does without.
const LEAD_IN = /^(?:(?:so|and|okay|ok|well|yeah|right|honestly|also|then|but|alright|actually|basically),?\s+)+/i;

// Function words and conversational glue: they recur in every meeting and say nothing about this one.
const STOP = new Set(
  (
    "the a an to of for and or in on at with by it that this them my our your his her their be is are was were i we you me so um uh like yeah okay just really very what about have has had do does did not no can could would will should there here then than they he she its it's i'm we're you're that's " +
    "also still well going get got one thing things think know want need really actually said say see look make take lot bit sure right good great fine now last next first time way much many more some any all from into out up over back down off only even too if but because when where which who how why yes yep hey hi thanks thank ll ve re don didn isn wasn won can't let let's gonna kind sort"
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
  return words.filter((w) => /^\p{Lu}[\p{L}\d'’-]+/u.test(w) && !/^I(?:'|’|$)/.test(w) && !speakerNames.has(w.replace(/[^\p{L}]/gu, "").toLowerCase())).length;
}

/** Whether a sentence can be a key point at all. */
export function isKeyPointCandidate(text: string): boolean {
  return text.split(/\s+/).length >= 6 && !/\?$/.test(text) && !FRAGMENT.test(text) && !SMALL_TALK.test(text) && !LOGISTICS.test(text);
}

/** Content-word Dice overlap, used to skip near-repeats. */
function overlap(a: string, b: string): number {
  const A = contentWords(a), B = contentWords(b);
  let n = 0;
  for (const w of A) if (B.has(w)) n++;
  return A.size + B.size ? (2 * n) / (A.size + B.size) : 0;
}

/** A spoken sentence as a written point: no lead-in words, capitalised, at most 220 characters. */
export function asPoint(text: string): string {
  const t = text.replace(LEAD_IN, "").trim();
  const c = t ? t[0].toUpperCase() + t.slice(1) : t;
  return c.length > 220 ? `${c.slice(0, 217)}…` : c;
}

/** Candidate sentences with their key-point score, best first. */
export function scoreKeyPoints(all: Sentence[], speakers: string[]): (Sentence & { score: number })[] {
  const speakerNames = new Set(speakers.flatMap((s) => s.toLowerCase().split(/\s+/)));
  const freq = new Map<string, number>();
  for (const s of all) for (const w of topicWords(s.text)) freq.set(w, (freq.get(w) ?? 0) + 1);
  return all
    .filter((s) => isKeyPointCandidate(s.text))
    .map((s) => {
      const ws = [...topicWords(s.text)];
      // Words the meeting keeps coming back to; a word said once adds nothing.
      let score = ws.reduce((acc, w) => acc + Math.min((freq.get(w) ?? 0) - 1, 4), 0) / Math.sqrt(Math.max(ws.length, 1));
      if (NUMBER.test(s.text)) score += 1;
      score += 0.5 * Math.min(namedThings(s.text, speakerNames), 2);
      if (FINDING.test(s.text)) score += 0.75;
      if (HYPOTHETICAL.test(s.text)) score -= 1.5;
      if (ASSIGNMENT.test(s.text)) score -= 1;
      if (HEDGE.test(s.text)) score -= 1;
      if (s.inRecap) score -= 3;
      return { ...s, score };
    })
    .sort((a, b) => b.score - a.score);
}

/**
 * The `max` best key points in meeting order. `exclude` are texts already shown elsewhere (the decisions):
 * a point that repeats one of them is skipped.
 */
export function pickKeyPoints(all: Sentence[], max: number, exclude: string[], speakers: string[]): string[] {
  const picked: Sentence[] = [];
  for (const s of scoreKeyPoints(all, speakers)) {
    if (picked.length >= max) break;
    if ([...picked.map((p) => p.text), ...exclude].some((t) => overlap(t, s.text) >= 0.5)) continue;
    picked.push(s);
  }
  return picked.sort((a, b) => a.order - b.order).map((s) => asPoint(s.text));
}
