// Task wording: which verbs start a task, how a spoken clause becomes a short imperative task, and small
// grammar repairs (gerunds, third person, pronoun objects, "you"/"me" to names).
import { cleanSpeech } from "./clean";
import { stripDuePhrases } from "./due-date";
import { contentWords, sharesWord, stem } from "./text";

// Moved to text.ts (one tokeniser for the engine); re-exported for the files that import them from here.
export { contentWords, sharesWord, stem };

/** Verbs that start a task. Used where the grammar alone would also match chit-chat. */
export const TASK_VERBS = new Set(
  (
    "send email call check review draft write update book schedule set put get make take follow reach ping share prepare finish fix look ask talk confirm create find loop run test order buy pick post file submit renew sign print bring organize organise plan contact invite circulate coordinate own handle pull compile collect think sketch open add remove move publish deploy merge document summarize summarise research investigate verify reply respond present lock arrange cancel clean build design provide engage raise format start help rerun redo go grab pay request escalate nudge chase track double-check sort tidy figure work " +
    // Everyday work verbs beyond the first list (records, reports, transfers, conversions…).
    "record return report adapt survey pin enter transfer convert rework upload edit text message approve interview install replace repair rebuild migrate refund issue announce notify inform dig rewrite re-record train hire " +
    "phone ring visit meet inspect measure quote estimate label pack ship deliver clear restore patch rename translate proofread scan reserve reconcile invoice backup archive test " +
    // Work verbs of business meetings (briefings, incidents, negotiations, hiring).
    "brief quarantine export negotiate pair swap recruit strip enforce resend split trim refine correct recirculate backfill deprecate"
  ).split(" "),
);

// Verbs that drop a silent "e" before "-ing" ("renaming" → "rename"), for gerunds outside TASK_VERBS.
const E_VERBS = new Set(
  "rename rewrite update create share prepare schedule save remove close use reuse write take make hire archive refine define compile validate translate organise organize finalise finalize revise price source merge shape scope trace upgrade replace reduce produce include release resolve involve handle settle tackle circulate coordinate invite escalate double-check approve move prove continue issue argue rescue pause raise chase license charge change arrange manage".split(
    " ",
  ),
);

/** Words that only point back at something ("do that", "get it going", "make sure that happens"). */
const LIGHT_WORDS = new Set(
  "do get make sure take care of handle sort look at into going done happen happens happening it that this them those something one out over in up together off own grab send sketch finish put have with about before after then now".split(
    " ",
  ),
);

// Whole words only: "er" is no filler inside "error", nor "um" inside "umbrella" or "just" inside "justify".
const FILLERS = /\b(?:um+|uh+|er|like,|you know,|i mean,|basically|honestly|actually|just|kind of|sort of|maybe|probably)(?!\p{L})\s*/giu;

// Where a task clause ends: a new clause with its own subject, a question tag, a reason or aside clause,
// a run-on sentence in unpunctuated speech ("…the permit it's a separate one"), or a repeated request.
const CLAUSE_END = new RegExp(
  [
    ",?\\s+(?:and|but|so|because|since|though|although)\\s+(?:then\\s+)?(?:i|we|you|he|she|they|it|that|there)\\b",
    ",\\s+you\\s+(?:have to|need to|should|will|can|are|['’]re|['’]ll)\\b",
    "\\s+so that\\s",
    // "…review it, and if it's wrong, …": a condition begins a clause of its own.
    ",\\s+(?:and\\s+|but\\s+)?(?:if|unless)\\s",
    "\\?",
    ";",
    "\\s[—–]\\s",
    ":\\s",
    ",\\s+(?:that['’]s|that is|which|it['’]s|there['’]s)\\b",
    ",\\s+so\\s+(?:the|our|your|that|we|i|you|they|he|she|it|people|everyone|security)\\b",
    ",\\s+(?:before|after|once|when|until)\\s+(?:it|we|you|they|he|she|i)\\b",
    "(?<!\\b(?:when|if|once|until|till|after|before|because|what|which|who|where|whether|that|so|and|but|since|as|how|why|sure|ensure|confirm|check|verify|see|know|think|say|said))\\s(?:it|there)(?:['’]s| is| has| was)\\s",
    "\\s(?:i['’]m|i swear|i think|i guess|i promise)\\b",
    "\\s(?:like\\s+)?(?:can|could|would) you\\b",
    ",\\s+(?:i['’]ve|i['’]d|i was|we['’]ve)\\b",
    "\\s(?:otherwise|or else)\\b",
    "\\s+so\\s+\\p{L}+\\s+(?:can|could|will|would|knows?|has|have|is|are)\\b",
    // A question begun after the task ("…the look and feel, what can we accomplish") or a clause of time or
    // reason with its own subject ("…look at the television whilst they're using it").
    ",\\s+(?:and\\s+)?(?:what|how|where|why|which)\\s+(?:can|could|should|would|will|do|does|did|are|is|we|you|they|i)\\b",
    "\\s+(?:whilst|while|whereas|although|unless|because),?\\s+(?:i|we|you|he|she|they|it|there|people)\\b",
  ].join("|"),
  "iu",
);

// Trailing words that carry no task content ("…myself", "…for now", "…no problem"), a pointer after a preposition
// ("chase legal on that"), and the person addressed ("write that, Terry").
const TRAILING =
  /[\s,]*\b(?:too|as well|for sure|again|myself|for now|if possible|if you can|no problem|obviously|or|and|then|though|anyway|please|(?:on|about|with|for) (?:that|this|it)|,\s*\p{Lu}\p{Ll}+)\s*$/iu;

const MAX_TASK_WORDS = 18;

/** Words a cut task must not end on: "…challenging in", "…the number of", "…and". */
export const DANGLING_END =
  /(?:[\s,]+(?:and|or|but|the|a|an|of|to|for|with|on|in|at|that|so|like|about|this|uh|um|now|then|here|there|again|too|also|whilst|(?<!\ba\s+)while|whereas|although|unless|because|if|whether))+$/i;

/**
 * A long spoken task cut to MAX_TASK_WORDS words. Its stutters go first, so they use up no words ("the User
 * Interf Interface Designer to to think…"); it ends at its last comma within the limit where that leaves a
 * task of its own ("…like the number of buttons, the fact that it is lighted…" → "…like the number of
 * buttons"), else mid-phrase with "…".
 */
function capTask(task: string): string {
  if (task.split(/\s+/).length <= MAX_TASK_WORDS) return task;
  const words = cleanSpeech(task)
    .replace(/[.!?]$/, "")
    .split(/\s+/);
  if (words.length <= MAX_TASK_WORDS) return words.join(" ");
  const head = words.slice(0, MAX_TASK_WORDS);
  const comma = head.findLastIndex((w) => w.endsWith(","));
  return comma >= 7
    ? head
        .slice(0, comma + 1)
        .join(" ")
        .replace(/,$/, "")
    : `${head.join(" ").replace(DANGLING_END, "")}…`;
}

/** Turns a clause into a short imperative task ("I'll, um, send it over by Friday." → "Send it over"). */
export function cleanTask(raw: string): string {
  let t = raw
    .replace(FILLERS, "")
    .replace(/^[\s,;:\-–—]+/, "")
    .replace(/^(?:also|and|so|then|please|go ahead and|try to|want to|need to)\s+/i, "");
  t = t.split(CLAUSE_END)[0] ?? "";
  t = stripDuePhrases(t).replace(/[\s,.!…]+$/, "");
  for (let prev = ""; prev !== t;) {
    prev = t;
    t = t
      .replace(TRAILING, "")
      .replace(/[\s,.!…]+$/, "")
      .trim();
  }
  if (!t) return "";
  t = capTask(t);
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** Third-person verb back to the base form: "books" → "book", "does" → "do", "carries" → "carry". */
export function baseVerb(task: string): string {
  return task.replace(/^(\p{L}+)/u, (w) => {
    const l = w.toLowerCase();
    if (l === "does") return "do";
    if (l === "has") return "have";
    if (l === "is") return w;
    if (/ies$/.test(l)) return w.slice(0, -3) + "y";
    if (/(?:ss|sh|ch|x|o)es$/.test(l)) return w.slice(0, -2);
    if (/[^s]s$/.test(l)) return w.slice(0, -1);
    return w;
  });
}

/** A gerund back to the base form ("pinning" → "pin", "writing" → "write", "pulling" → "pull"). */
export function gerundToBase(word: string): string {
  const l = word.toLowerCase();
  if (!/ing$/.test(l) || l.length < 5) return word;
  const stem = l.slice(0, -3);
  const undoubled = /([^aeiouls])\1$/.test(stem) ? stem.slice(0, -1) : stem;
  for (const c of [stem, `${stem}e`, undoubled]) if (TASK_VERBS.has(c) || E_VERBS.has(c)) return c;
  // Unknown verb: undouble ("shipping" → "ship"); a stem ending in consonant, vowel, k/m/v/z/c takes its "e" back
  // ("baking" → "bake", "saving" → "save"); else keep the stem ("surveying" → "survey").
  if (undoubled !== stem) return undoubled;
  // "evaluating" → "evaluate", "computing" → "compute" ("eating", "outing" have a vowel before).
  return /[^aeiou][aeiou][kmvzc]$/.test(stem) || /[^aeiou][aeiou]?[au]t$/.test(stem) ? `${stem}e` : stem;
}

export function firstWord(text: string): string {
  return (/^\s*([\p{L}'’-]+)/u.exec(text)?.[1] ?? "").toLowerCase();
}

/** Verbs that say nothing about their object ("do it", "get it", "handle it"). */
const EMPTY_VERBS = new Set("do get take handle have make sort own grab finish put".split(" "));

/** Handing over what was already agreed: "have it to you by Thursday", "get a draft to Margaret". */
const DELIVERY =
  /^(?:have|get)\s+(?:it|them|that|this|those|something|a (?:first )?(?:draft|version|pass|cut))(?:\s+(?:done|ready|finished|over|across|back))?(?:\s+to\s+\S+(?:\s+\S+)?)?(?:,.*)?[.!]?$/i;

/** A task that only points back at something ("do it", "sort that out", "make sure that happens"). */
export function isWeak(task: string): boolean {
  if (DELIVERY.test(task.trim())) return true;
  const words = task
    .toLowerCase()
    .replace(/[^\p{L}\s'-]/gu, " ")
    .split(/\s+/)
    .filter(Boolean);
  return words.length < 2 || words.every((w) => LIGHT_WORDS.has(w));
}

/** A verb with only a pronoun for object ("Adapt that", "Get it done by Wednesday"): it names no new work. */
export function pointsBack(task: string): boolean {
  // "Dig into that", "follow up on it", "deal with them": a verb and its particle, then only the pointer ("go through
  // them", "look over them" name work on things said before).
  return /^\p{L}[\p{L}-]*(?:\s+(?:into|on|up on|with|about))?\s+(?:it|that|this|them|those)\b(?:\s+(?:done|ready|finished|over|out|in|up|off|back|going|sorted))?(?:\s+(?:before|by|for|on|so)\b.*)?$/iu.test(
    task.trim(),
  );
}

const NP_END = "(?=\\s+(?:to|for|by|before|after|from|on|in|and|so|because|is|was|with|not)\\b|[,.;?!]|$)";
const DETERMINER = "(?:the|a|an|your|our|this|those|these|my)";

/**
 * "Send it" → "Send the SOC 2 report" when the context just named the thing: the same verb with an object
 * ("who's recording the new ad read"), or what was needed ("we'll need your SOC 2 report").
 * `context` is ordered nearest first.
 */
export function resolvePronounObject(task: string, context: string[]): string {
  // Only a bare "verb it" ("Send it", "Record it"): "Call them and confirm the deposit" already says enough.
  const m = /^(\p{L}[\p{L}-]*)\s+(?:it|that|them|this)((?:\s+(?:over|out|in|up|back|off))?)$/iu.exec(task.trim());
  const said = m?.[1];
  if (!m || said === undefined || EMPTY_VERBS.has(said.toLowerCase())) return task;
  // "The music licensing on the new cuts. I'll check it.": a topic said on its own just before is what "it" is.
  const topic = context.slice(0, 2).map(topicOf).find(Boolean);
  if (topic) return `${said} ${topic.replace(/^(?:the|your|my|our)\b/i, "the")}${m[2] ?? ""}`;
  const verb = stem(said.toLowerCase());
  const sameVerb = new RegExp(`\\b${verb}\\w*\\s+(${DETERMINER}\\s+[^,.;?!]{1,40}?)${NP_END}`, "i");
  const needed = new RegExp(`\\b(?:need|want|get|see)\\s+(${DETERMINER}\\s+[^,.;?!]{1,40}?)${NP_END}`, "i");
  for (const re of [sameVerb, needed]) {
    for (const c of context) {
      const np = re.exec(c)?.[1];
      if (np && np.split(/\s+/).length <= 6) return `${said} ${np.replace(/^(?:your|my|our)\b/i, "the")}${m[2] ?? ""}`;
    }
  }
  return task;
}

/**
 * A topic said on its own, a noun phrase and no verb: "Just, um, the music licensing on the new cuts." or "The
 * release notes, …". Null for a sentence with a verb ("The deck is late") or a long phrase.
 */
function topicOf(sentence: string): string | null {
  const m =
    /^(?:(?:and|so|just|um|uh|oh|also|then|okay|ok|right|now)[,.]?\s+)*((?:the|your|our|my|these|those)\s+[^.?!;:,]{2,50}?)[\s,.!?-]*$/iu.exec(
      sentence.trim(),
    );
  const np = m?.[1];
  if (!np || np.split(/\s+/).length > 7) return null;
  // A date said on its own ("The tenth.", "The twentieth then") answers when, not what.
  if (/\b(?:first|second|third|\p{L}+th|\d+(?:st|nd|rd|th)|monday|tuesday|wednesday|thursday|friday|week|weekend|then)\b/iu.test(np))
    return null;
  if (
    /\b(?:is|are|was|were|be|been|has|have|had|will|would|can|could|should|do|does|did|i|we|you|he|she|they|it|that|there)\b|['’](?:s|re|ll|ve|d|m)\b/i.test(
      np,
    )
  )
    return null;
  return np;
}

/**
 * A corrected commitment that points back with a pronoun takes the object of the one it corrects:
 * "Move two accounts to Kofi" + "No, wait… I'll move them to me" → "Move two accounts to me".
 */
export function inheritObject(corrected: string, previous: string): string {
  const now = /^(\p{L}+)\s+(?:it|them|those|that|these)\b(.*)$/iu.exec(corrected);
  const before = /^(\p{L}+)\s+(.+?)\s+(?:to|into|from|for|with|on|at)\b/iu.exec(previous);
  const [, verb = "", rest = ""] = now ?? [];
  const [, previousVerb = "", object = ""] = before ?? [];
  if (!now || !before || verb.toLowerCase() !== previousVerb.toLowerCase()) return corrected;
  return `${verb} ${object}${rest}`;
}

/** "send it to you" said to the previous speaker: name them ("send it to Ana", "give Ana a yes or no"). */
export function youToName(task: string, name: string | null): string {
  if (!name) return task;
  const first = name.split(/\s+/)[0];
  return (
    task
      .replace(/\b(to|with|for) you\b(?!\s+(?:all|guys|both|folks|everyone|two(?!\s+\p{L}+s\b)))/giu, `$1 ${first}`)
      // "get you two customers": "two" counts what is given, it is not "you two".
      .replace(
        /\b(give|send|get|show|tell|email|ping|text|forward|find) you\b(?!\s+(?:all|guys|both|folks|everyone|two(?!\s+\p{L}+s\b)))/giu,
        `$1 ${first}`,
      )
  );
}

/** In a request, "me" is the person asking: "send me the results" → "send Elaine the results". */
export function meToName(task: string, name: string | null): string {
  if (!name) return task;
  const first = name.split(/\s+/)[0];
  return task.replace(/\b(to|with|for|send|give|get|show|tell|email|forward|ping|text|let) me\b/gi, `$1 ${first}`);
}
