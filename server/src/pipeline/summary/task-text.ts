// Task wording: which verbs start a task, how a spoken clause becomes a short imperative task, and small
// grammar repairs (gerunds, third person, pronoun objects, "you"/"me" to names).
import { cleanSpeech } from "./clean";
import { isName, NAME } from "./owners";
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
    // A purpose with a subject of its own, no comma: "…update the change calendar today so the Sunday window is on it".
    "\\s+so\\s+(?:the|our|your|their|his|her|its|everyone|everybody|nobody|people)\\s",
    // "…review it, and if it's wrong, …": a condition begins a clause of its own.
    ",\\s+(?:and\\s+|but\\s+)?(?:if|unless)\\s",
    "\\?",
    ";",
    "\\s[—–]\\s",
    ":\\s",
    ",\\s+(?:that['’]s|that is|which|it['’]s|there['’]s)\\b",
    // A new clause with its own subject after a comma: "…tell him myself, it shouldn't come from you".
    ",\\s+(?:it|that|this|there|he|she|they|everybody|everyone|nobody|somebody|someone|people)(?:['’](?:s|ll|d|re|ve|m)|\\s+(?:is|was|are|were|will|would|should|shouldn['’]t|can|can['’]t|could|couldn['’]t|won['’]t|wouldn['’]t|doesn['’]t|don['’]t|didn['’]t|isn['’]t|wasn['’]t|aren['’]t|has|have|had|needs?|wants?|might|must|may))\\b",
    // A result or purpose after a comma: "…a template for the written thing, so everybody's doing the same three lines".
    ",\\s+so\\b(?!-)",
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
// Also what is left of a date once its day is cut ("…by, um, Wednesday" → "…by"), a time that points back ("before
// that", "by then") and asides of time ("in the meantime", "at the latest").
const TRAILING =
  /[\s,]*\b(?:too|as well|for sure|again|myself|for now|if possible|if you can|no problem|obviously|or|and|then|though|anyway|please|(?:on|about|with|for) (?:that|this|it)|(?:before|by|after) (?:that|then)|in the meantime|meanwhile|at the (?:latest|earliest)|by|before|until|,\s*\p{Lu}\p{Ll}+)\s*$/iu;

// Asides inside a task: a hedge set off by commas ("send them, I guess, the quote") and a self-correction of the
// thing named ("an estimate, a real one, for the plan").
const ASIDES = /,\s*i (?:guess|think|suppose|hope|reckon|believe)\s*(?:,(?=\s)|$)|,\s+(?:a|an)\s+(?:[\p{L}-]+\s+)?one,(?=\s)/giu;

// A date given as an event the meeting named ("before the August meeting", "before your next on-call shift"): the
// due date, not the task (stripDuePhrases has the next meeting or call).
const EVENT_DUE =
  /,?\s+(?:before|ahead of)\s+(?:the|your|our|their|his|her|my)\s+(?:(?:next|first|january|february|march|april|may|june|july|august|september|october|november|december)\s+)(?:[\p{L}-]+\s+)?(?:meeting|call|loop|shift|sync|review|crit|retro|demo|standup|session|interview|round|board meeting|offsite|all-hands)\b/giu;

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
    .replace(ASIDES, "")
    .replace(/^[\s,;:\-–—]+/, "")
    .replace(/^(?:also|and|so|then|please|go ahead and|try to|want to|need to)\s+/i, "");
  t = t.split(CLAUSE_END)[0] ?? "";
  t = stripDuePhrases(t)
    .replace(EVENT_DUE, "")
    .replace(/[\s,.!…]+$/, "");
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

const NP_END = "(?=\\s+(?:to|for|by|before|after|from|on|in|and|so|because|is|was|with|not|out|over|up|back|off|around)\\b|[,.;?!]|$)";
const DETERMINER = "(?:the|a|an|your|our|this|those|these|my)";

// What a thing is for or of, as part of its name ("the salary bands for the two roles"); not a date ("for Monday").
const OF_PHRASE =
  "(?:\\s+(?:for|of)\\s+(?!(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|now|next|this|the (?:end|week|weekend|morning|afternoon))\\b)[^,.;?!]{1,30}?)?";

/** Words after "that" / "those" / "one" that leave it a pointer ("send that to Gloria", "take that up"), not a determiner ("that correction"). */
const AFTER_POINTER =
  "(?=[,.;!?]|$|\\s+(?:up|out|over|in|back|off|on|to|for|with|from|into|by|before|after|at|through|together|again|first|today|tonight|tomorrow|now|then|and|so|as|when|once|until|if|this|next|later|soon|around|across|myself|yourself)\\b)";
/**
 * Where a task's object is only a pointer, and which:
 * - right after the verb: "Send it to Vikram", "Take that up with Priscilla", "Write one before the shift";
 * - after a name the task goes to: "Get Anjali those by Wednesday";
 * - after a preposition: "Put owners on them", "Write to them again", "Look at it with a screen reader".
 */
const POINTER_OBJECT = new RegExp(
  `^(\\p{L}[\\p{L}-]*(?:\\s+\\p{Lu}[\\p{L}'’-]+|(?:\\s+(?!(?:it|that|this|them|those|one)\\b)[\\p{L}'’-]+){0,3}?\\s+(?:on|to|with|about|into|at|from|for|through))?)\\s+(it|that|this|them|those|one)${AFTER_POINTER}`,
  "iu",
);

// Words that end a noun phrase: a verb, a pronoun, a conjunction ("the increase comes from…", "the servers will know").
const NOT_IN_NP =
  "(?:is|are|was|were|be|will|would|can|could|should|i|we|you|he|she|they|it|that|there|and|or|but|comes|goes|says|seems|looks|needs|wants|gets|makes|takes|works|means|depends|happens|starts|ends|runs|last|this|next)\\b";

/** A noun phrase with its determiner, and a following "for / of …" phrase: "the salary bands for the two roles". */
const NOUN_PHRASE = new RegExp(
  `\\b(?:the|a|an|your|our|my|their|these|those)\\s+(?:(?!${NOT_IN_NP})[\\p{L}'’-]+\\s+){0,3}?(?:(?!${NOT_IN_NP})[\\p{L}'’-]+)(?:\\s+(?:for|of)\\s+(?:(?:the|a|an|our|your|my|their)\\s+)?(?:[\\p{L}'’-]+\\s+){0,2}?[\\p{L}'’-]+)?${NP_END.replace("(?=", "(?=\\s+(?:to|by|before|after|from|on|in|and|so|because|is|are|was|were|with|not|will|would|can|could|should|has|have|had)\\b|")}`,
  "giu",
);
/** Noun phrases that point somewhere else themselves: "the thing", "the same", "the one", "the other". */
const EMPTY_NOUN =
  /^(?:the|a|an|your|our|my|their|these|those)\s+(?:thing|things|one|ones|same|other|others|rest|way|time|moment|point|bit|lot|end|beginning|idea|question|answer|meeting|call|team|group|guys|folks|people|everyone|everybody|first|last|next|only)$/i;

/** Verbs whose object is people: what "them" stands for there is a group of people. */
const TO_PEOPLE =
  /^(?:tell|ask|call|phone|ring|email|e-mail|ping|text|message|remind|let|give|invite|contact|update|inform|notify|brief|thank|introduce|meet|warn|write to|talk to|speak to|reach out to|check with|check in with|follow up with)\b/i;
/** Noun phrases that name people: "the servers", "the night crew", "the three new approvers", "the board". */
const PEOPLE =
  /(?:ers|ors|ants|ents|ists|ians|ees|people|staff|crew|crews|team|teams|folks|family|families|members|board|parents|users|clients|customers|partners|vendors|guys|residents|tenants|students|kids|children|volunteers|candidates|reps|leads|managers|directors|agency|agencies|office|department|committee)$/i;

/** A plural noun phrase ("the tickets", "the salary bands for the two roles"): the head noun before "for / of". */
function isPlural(np: string): boolean {
  const head =
    np
      .replace(/\s+(?:for|of)\s+.*$/i, "")
      .split(/\s+/)
      .pop()
      ?.toLowerCase() ?? "";
  return /^(?:these|those)\b/i.test(np) || /(?:[^su]s|people|children|staff|men|women)$/.test(head);
}

/**
 * The noun phrases a sentence names, last first (the nearest to what follows), none that only points elsewhere.
 * Only phrases with a determiner: "people ask" names nobody in particular.
 */
function nounPhrases(sentence: string): string[] {
  return [...sentence.matchAll(NOUN_PHRASE)]
    .map((m) => m[0].trim())
    .filter((np) => !EMPTY_NOUN.test(np) && np.split(/\s+/).length <= 9)
    .reverse();
}

/** A problem stated about a thing: "The export is broken again", "the staging build keeps failing", "Our invoices are late". */
function troubleWith(sentence: string): string | null {
  const m =
    /^(?:(?:so|and|but|okay|ok|um|uh|well|also|oh|yeah|now)[,.]?\s+)*((?:the|our|your|my|this|these|that|those)\s+(?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+)\s+(?:is|are|was|were|keeps|keep|has been|have been)\s+(?:still\s+|now\s+|just\s+|completely\s+|totally\s+)?(?:broken|failing|down|wrong|late|missing|stuck|slow|flaky|not working|out of date|crashing|timing out|overdue|blocked|red|off|empty|gone)\b/iu.exec(
      sentence.trim(),
    );
  const np = m?.[1];
  if (!np || EMPTY_NOUN.test(np) || /\b(?:i|we|you|he|she|they|it)\b/i.test(np)) return null;
  return np.replace(/^(?:our|your|my|this|that)\b/i, "the").replace(/^(?:these|those)\b/i, "the");
}

/** "Is there a runbook for processor slowness?", "Do we have a rollback plan?": what the question asks about. */
function askedAbout(sentence: string): string | null {
  const m =
    /\b(?:is there|are there|do (?:we|they) have|does (?:it|she|he) have|have (?:we|they) got|any)\s+((?:a|an|the|any)\s+[^,.;?!]{2,50}?)\s*\?\s*$/iu.exec(
      sentence,
    );
  const np = m?.[1]?.replace(/^any\s+/i, "a ");
  return np && np.split(/\s+/).length <= 8 ? np : null;
}

/**
 * "Send it to Vikram" → "Send the filtering guide to Vikram", "Tell them at the tasting" → "Tell the servers at the
 * tasting", "Write one" → "Write a runbook for processor slowness": a task whose object is only a pointer takes the
 * thing the talk just named, in the words said. Where it looks, in order: a topic said on its own ("The capacity
 * thing." / "Also, the filtering guide, for the debug logs, …"), the same verb with an object ("who's recording the
 * new ad read"), what was needed ("we'll need your SOC 2 report"), what a question asked about ("Is there a
 * runbook…?", for "one"), and for "them" / "those" the nearest plural noun phrase ("I can make the tickets").
 * Nothing found: the task stays as said. `context` is ordered nearest first. A bare "do it" / "take it" stays (an
 * acceptance: the request it accepts names the work).
 */
export function resolvePronounObject(task: string, context: string[]): string {
  const t = task.trim();
  const [, asking = "", back = ""] = ASKING.exec(t) ?? [];
  // "Do the rest roll over?" — "I'll find out and come back to you": what to find out is the question asked. Only
  // where the task says whom to ask or what follows ("Ask the vendor", "…and come back to you"): a bare "Let me
  // check" is said and done in the meeting.
  if (asking && (back || (asking.includes(" ") && !/^(?:find|figure) out$/i.test(asking)))) {
    const what = context.map((c) => questionAsked(c.trim())).find(Boolean);
    return what ? `${asking} ${what}${back}` : task;
  }
  const person = PERSON_POINTER.exec(t);
  // Only with more said than the person ("Ask her at their sync"): a bare "call him" names no work of its own.
  if (person && /\p{L}/u.test(t.slice(person[0].length))) {
    // "I'll ask Danielle on platform whether… I'll ask her at their sync": the person just named.
    const name = context
      .slice(0, 3)
      .map((c) => namesIn(c).pop())
      .find(Boolean);
    return name ? `${person[1]} ${name}${t.slice(person[0].length)}` : task;
  }
  const m = POINTER_OBJECT.exec(t);
  const lead = m?.[1];
  const pointer = m?.[2]?.toLowerCase();
  if (!m || lead === undefined || pointer === undefined) return task;
  const said = firstWord(t);
  const rest = t.slice(m[0].length);
  // "Do it", "get it to Katherine", "have it to you by Friday", "take that one": the pointer is the work itself (a
  // request accepted, a delivery), not a thing to name.
  if (lead.toLowerCase() === said && EMPTY_VERBS.has(said)) return task;
  const found = referent(said, pointer, context.map((c) => c.trim()).filter(Boolean));
  // "Tell them", "ask them for the files": people, not the files just named.
  if (found && TO_PEOPLE.test(lead) && (pointer === "them" || pointer === "those") && !PEOPLE.test(found)) return task;
  if (!found) return task;
  const np = pointer === "one" ? found.replace(/^\p{Lu}/u, (c) => c.toLowerCase()) : found.replace(/^(?:the|your|my|our|a|an)\b/i, "the");
  return `${lead} ${np}${rest}`;
}

const NAME_MODIFIER_STOP = new RegExp(
  `^(?:${NOT_IN_NP.slice(3, -3)}|the|a|an|our|your|my|their|his|her|its|of|for|to|in|on|at|with|by|from|about|new|old|same|other|whole|next|last|first|one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|forty|fifty|sixty|hundred|thousand|all|some|any|each|every|just|only|very|really|so|too|also|then|now|here|not|no|yes|okay|um|uh|like|what|which|who|how|when|where|why|if)$`,
  "i",
);

/**
 * "Take the backend" after "…recurring pickups backend, eight, UI, five…": a thing named by one word takes the fuller
 * name it was given in the last few turns ("Take the recurring pickups backend"), the words copied as said. Only
 * "the" + one word; the fuller name is up to three words before the same word, none of them a verb, pronoun,
 * number or function word. Nothing found: the task stays as said. `context` is ordered nearest first.
 */
export function fullerName(task: string, context: string[]): string {
  const m = /\bthe\s+(\p{Ll}[\p{L}-]{2,})(?=$|[\s,.;!?])/u.exec(task);
  const head = m?.[1];
  if (!m || !head || EMPTY_NOUN.test(`the ${head}`)) return task;
  // The word after must not carry the name on ("the backend service"): then it is not the head.
  const after = task.slice(m.index + m[0].length);
  if (
    /^\s+\p{Ll}[\p{L}-]+(?:\s|$)/u.test(after) &&
    !/^\s+(?:to|for|by|before|after|from|on|in|and|so|with|at|this|next|today|tomorrow|tonight|first)\b/i.test(after)
  )
    return task;
  // One thing or several, the same name: "the flyer" after "the festival flyers".
  // The fuller name starts a phrase: after a determiner, the start of a sentence or a comma ("So, recurring pickups backend").
  const re = new RegExp(
    `(?:^|[,.;:!?]\\s*|\\b(?:the|a|an|our|your|my|their|this|that|these|those)\\s+)((?:[\\p{L}-]+\\s+){1,3})${singular(head)}(?:s|es)?(?![\\p{L}'’-])`,
    "giu",
  );
  for (const c of context) {
    for (const found of [...c.matchAll(re)].reverse()) {
      // "the big room bookings": "room" names the bookings there, it is not the thing.
      const next = /^\s+(\p{Ll}[\p{L}'’-]*)/u.exec(c.slice((found.index ?? 0) + found[0].length))?.[1];
      if (next && !NAME_MODIFIER_STOP.test(next) && !/^(?:to|for|by|before|after|from|on|in|with|at|and|or|but)$/i.test(next)) continue;
      const mods = (found[1] ?? "").trim().split(/\s+/);
      if (mods.every((w) => !NAME_MODIFIER_STOP.test(w) && !/^\d/.test(w) && !/ly$/i.test(w)))
        return `${task.slice(0, m.index)}the ${mods.join(" ")} ${head}${after}`;
    }
  }
  return task;
}

/** The word without a plural ending: "flyers" → "flyer", "boxes" → "box"; "status", "class", "analysis" stay. */
function singular(noun: string): string {
  if (/(?:ss|us|is)$/i.test(noun)) return noun;
  return noun.replace(/(?<=(?:s|x|z|ch|sh))es$|s$/i, "");
}

/** "Ask her at their sync", "Call him": a person said before. Not "her notes" (hers). */
const PERSON_POINTER = new RegExp(`^(\\p{L}[\\p{L}-]*(?:\\s+(?:to|with))?)\\s+(?:him|her)${AFTER_POINTER}`, "iu");

/** The names a sentence says, in order; not its first word ("Okay", "Friday" are no names either). */
function namesIn(sentence: string): string[] {
  return [...sentence.matchAll(new RegExp(`(?<=\\s)${NAME}(?:\\s+${NAME})*`, "gu"))]
    .map((m) => m[0].replace(/[’']s$/, ""))
    .filter((w) => w.split(/\s+/).every((x) => isName(x)));
}

/** Finding something out with nothing said of what: "Find out", "Check with Voxline", "Ask the vendor", "…and come back to you". */
const ASKING = new RegExp(
  `^((?:[Ff]ind out|[Ff]igure out|[Cc]heck|[Dd]ouble-check|[Cc]onfirm|[Aa]sk)(?:\\s+(?:with\\s+)?(?:${NAME}(?:\\s+${NAME})?|the\\s+[\\p{L}-]+|(?!(?:him|her|them|it|that|this|around|about|for|me|you|us|out|again)\\b)\\p{Ll}+))?)((?:\\s+and\\s+(?:come|get|report)\\s+back(?:\\s+to\\s+\\S+)?)?)$`,
  "u",
);

/**
 * The question a sentence asks, as what to find out: "Do the rest roll over?" → "whether the rest roll over", "Is it on
 * their roadmap?" → "whether it is on their roadmap", "it depends on whether you've got the API module" → "whether you've
 * got the API module". Null for anything else; a question to the person asked ("Can you…?") is a request, not this.
 */
function questionAsked(sentence: string): string | null {
  // Running the meeting: "Is there a second?", "Any objections?", "Are we all in favour?".
  if (
    /\b(?:second|objections?|in favou?r|opposed|abstain|abstentions?|questions|anything else|anyone|anybody|everyone|everybody)\b/i.test(
      sentence,
    )
  )
    return null;
  const s = sentence.replace(/^(?:(?:so|and|but|okay|ok|um|uh|well|right|also)[,.]?\s+)+/i, "");
  // "Do the rest roll over?", "Legally, does it have to say reference?" ("whether it has to say reference").
  const doSupport = /^(?:\p{L}+,\s+)?do\s+(?!(?:you|i)\b)([^?]{3,70})\?$/iu.exec(s);
  if (doSupport) return `whether ${doSupport[1]}`;
  const does = /^(?:\p{L}+,\s+)?does\s+(it|he|she|this|that)\s+(\p{L}+)([^?]{0,60})\?$/iu.exec(s);
  if (does) return `whether ${does[1]} ${thirdPerson(does[2] ?? "")}${does[3]}`;
  const inverted = /^(is|are|was|were|will|would|has|have|had)\s+(there|it|they|we|he|she|this|that)\s+([^?]{2,70})\?$/i.exec(s);
  if (inverted)
    return `whether ${inverted[2]} ${inverted[1]} ${inverted[3]}`.replace(
      /^whether (\S+) (\S+)/,
      (_m, a: string, b: string) => `whether ${a.toLowerCase()} ${b.toLowerCase()}`,
    );
  const open = /\b(?:know|sure|depends(?: a lot)? on|wonder(?:ing)?|check|see|find out|clear)\s+(?:whether|if)\s+([^,.;?!]{3,70})/i.exec(s);
  return open ? `whether ${open[1]}` : null;
}

/** The third person of a base verb: "have" → "has", "fix" → "fixes", "carry" → "carries", "run" → "runs". */
function thirdPerson(verb: string): string {
  const l = verb.toLowerCase();
  if (l === "have") return "has";
  if (/(?:s|sh|ch|x|z|o)$/.test(l)) return `${verb}es`;
  if (/[^aeiou]y$/.test(l)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** What a pointer stands for in the context (nearest first), or null. */
function referent(verbSaid: string, pointer: string, context: string[]): string | null {
  const plural = pointer === "them" || pointer === "those";
  const agrees = (np: string) => (pointer === "one" ? /^(?:a|an)\b/i.test(np) : isPlural(np) === plural);
  // "The music licensing on the new cuts. I'll check it.": a topic said on its own just before is what "it" is.
  if (pointer !== "one")
    for (const c of context.slice(0, 2)) {
      const topic = topicOf(c);
      if (topic) return topic;
    }
  const verb = stem(verbSaid.toLowerCase());
  const sameVerb = new RegExp(`\\b${verb}\\w*\\s+(${DETERMINER}\\s+[^,.;?!]{1,40}?${OF_PHRASE})${NP_END}`, "i");
  const needed = new RegExp(`\\b(?:need|want|get|see)\\s+(${DETERMINER}\\s+[^,.;?!]{1,40}?${OF_PHRASE})${NP_END}`, "i");
  for (const re of [sameVerb, needed]) {
    for (const c of context) {
      const np = re.exec(c)?.[1];
      // "It" may stand for a plural thing here ("send me the most used logs" — "I'll send it"): no agreement asked.
      if (np && np.split(/\s+/).length <= 6 && !EMPTY_NOUN.test(np) && (pointer !== "one" || agrees(np))) return np;
    }
  }
  // "The export is broken for EU customers again." — "I'll fix it today": the thing the problem is with.
  if (pointer !== "one")
    for (const c of context.slice(0, 3)) {
      const np = troubleWith(c);
      if (np && isPlural(np) === plural) return np;
    }
  for (const c of context.slice(0, 4)) {
    const asked = askedAbout(c);
    if (asked && agrees(asked)) return asked;
  }
  // "I can make the tickets. One per test, and I'll put owners on them.": a plural pointer, the nearest plural thing.
  if (plural)
    for (const c of context.slice(0, 4)) {
      const np = nounPhrases(c).find(isPlural);
      if (np) return np;
    }
  return null;
}

/**
 * A topic said on its own, a noun phrase and no verb: "Just, um, the music licensing on the new cuts.", "The
 * capacity thing." or "Also, the filtering guide, for the debug logs, so …" (the phrase before its comma). Null for a
 * sentence with a verb ("The deck is late") or a long phrase.
 */
function topicOf(sentence: string): string | null {
  const m =
    /^(?:(?:and|so|just|um|uh|oh|also|then|okay|ok|right|now|one more)[,.]?\s+)*((?:the|your|our|my|these|those)\s+[^.?!;:,]{2,50}?)(?:[\s,.!?-]*$|,\s)/iu.exec(
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
  // A sentence after all ("The motion carries unanimously"), or one that points elsewhere ("The vaccination ones").
  if (
    /\p{L}+ly$|\b(?:one|ones|carries|passes|fails|works|goes|comes|looks|seems|sounds|stands|stays|happens|means|needs|says|matters|counts|holds|applies|keeps|breaks|crashes|shows|returns|sends|runs|takes|gets|makes|wants)\b/iu.test(
      np,
    )
  )
    return null;
  return np.replace(/^(?:your|my|our)\b/i, "the");
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
