// Spoken text as written sentences: people say "um", repeat words ("our our"), break off ("th the",
// "we should we could try"), and talk in long turns without full stops. The built-in notes read the
// cleaned sentences; the transcript itself is never changed.
import { splitSentences } from "./text";

// Fillers and hesitations, wherever they stand. "like" and "so" are words too, so only their filler uses go.
const FILLER_WORDS = /(?:^|\s)(?:u+m+|u+h+m*|e+r+m*|e+h+|a+h+|h+m+|m+h*m*|mm-hmm|uh-huh|um-hmm|hm-mm|mhm)[,.!?]*(?=\s|$)/gi;
// "you know", "I mean", "you see" are verbs, not fillers, after a question's auxiliary or a conjunction ("do you
// know the answer", "what I mean is", "once you know it", "if you see a bug").
const FILLER_PHRASES =
  /(?:^|(?<=[\s,]))(?:(?<!\b(?:do|does|did|don['’]t|doesn['’]t|didn['’]t|can|could|will|would|should|might|must|if|once|when|whenever|whether|unless|until|before|after|because|since|as|so that|that|what|how|where|why|who|which|never|now)\s+)(?:you know|i mean|you see)(?:,\s*|\s+(?=\p{L}))|(?:like|basically|actually),\s*)(?=.)/giu;
// Not after an answer word, whose comma belongs to it ("Yes, I mean, it works").
const PARENTHETICAL_FILLER =
  /(?<=\p{L})(?<!\b(?:yes|yeah|no|well|okay|ok|oh|right|alright|sure)),\s+(?:you know|i mean|you see|u+m+|u+h+|e+r+m*)(?:,\s+(?:you know|i mean|you see|u+m+|u+h+|e+r+m*))*,\s+(?=\p{L})/giu;
// Discourse openers that carry nothing at the start of a sentence ("Okay, so, well, the remote…").
// A committee's form of address ("Mr. Chair, …", "Again, Madam Speaker, …") is said to the chair, not part of the point.
const LEAD_IN =
  /^(?:(?:so|okay|ok|'kay|kay|well|yeah|yes|right|alright|and|but|oh|anyway|now|then|mm|hmm|um|uh|like|actually|basically|you know|i mean)\b[,.]?\s+|(?:(?:mr|mrs|ms|madam|madame)(?:\.\s*|\s+))?(?:chair(?:man|woman|person)?|(?:deputy\s+)?speaker|president|presiding officer),\s+)+/i;
const ADDRESS =
  /,\s+(?:mr|mrs|ms|madam|madame)(?:\.\s*|\s+)(?:chair(?:man|woman|person)?|(?:deputy\s+)?speaker|president|presiding officer),/gi;
// A word broken off ("th", "s", "wh-", "compu-"): a short non-word before its completion, or a trailing hyphen.
const CUT_OFF = /\b(\p{L}{1,6})-(?=\s|$)/gu;

/** "our our", "I I I", "the the": a word said twice or more in a row, once. Also repeated two- and three-word runs. */
export function dropRepeats(text: string): string {
  let t = text;
  for (let n = 3; n >= 1; n--) {
    const phrase = Array.from({ length: n }, () => "[\\p{L}\\p{N}'’]+").join("\\s+");
    const re = new RegExp(`\\b(${phrase})(?:[,\\s]+\\1\\b)+`, "giu");
    t = t.replace(re, "$1");
  }
  return t;
}

/** Broken-off word starts: "th the remote" → "the remote", "s so" → "so", "compu- computer" → "computer". */
function dropCutOffs(text: string): string {
  return (
    text
      .replace(CUT_OFF, "")
      // Lowercase letters without a vowel are not a word ("th", "s", "wh").
      .replace(/(^|\s)(?![aiy]\b)[b-df-hj-np-tv-xz]{1,3}(?=[\s,.]|$)/g, "$1")
      // Not after an apostrophe or a letter: the "t" of "don't think" is no fragment.
      .replace(/(?<![\p{L}\p{M}\p{N}'’])(\p{L}{1,3})\s+(?=(\p{L}+))/gu, (m, a: string, b: string) => {
        const l = a.toLowerCase();
        // A non-word fragment that starts the next word ("th the", "wh what", "s so"); real short words stay.
        return b.toLowerCase().startsWith(l) && b.length > l.length && !SHORT_WORDS.has(l) ? "" : m;
      })
      // A longer word broken off and said again whole ("the User Interf Interface Designer", "specifi specific").
      .replace(/(?<![\p{L}\p{M}\p{N}'’])(\p{L}{4,8})\s+(?=(\p{L}+))/gu, (m, a: string, b: string) =>
        b.toLowerCase().startsWith(a.toLowerCase()) && b.length >= a.length + (a.length >= 6 ? 1 : 2) ? "" : m,
      )
  );
}
const SHORT_WORDS = new Set(
  "a i an as at be by do go he if in is it me my no of on or so to up us we am an and off day man car law age act add ask buy cut pay per sit tax via win job are but can did for get got has had her him his how its let may not now one our out own say see she the too two use was way who why yes yet you all any few new old big bad end far few key lot low put run set six ten top try".split(
    " ",
  ),
);

// Two determiners in a row: the phrase begun again ("do the your sales plan", "a the remote", "a another event")
// keeps the second. "that" and "this" stay ("I think that the…"), "her" ("give her the report") and "an a priori".
const DETERMINER_RESTART =
  /\b(?!an\s+a\s)(?:the|a|an|our|your|my|their|its)\s+(?=(?:the|a|an|our|your|my|their|his|its|another)\s+\p{L})/giu;
// A preposition and its determiner begun again: "work on a on two prototypes" → "work on two prototypes".
const PREPOSITION_RESTART = /\b(on|in|at|for|with|about|of|to|from|into)\s+(?:the|a|an|our|your|my|their)\s+(?=\1\s+\p{L})/giu;

/**
 * "We should we could try it" → "We could try it": a clause restarted with the same subject. Only when the
 * restart comes within the first few words and repeats the subject, so ordinary sentences stay whole.
 */
function dropFalseStarts(text: string): string {
  return text.replace(FALSE_START, (_m, subj: string) => `${subj} `);
}
// Subject + auxiliary, then the same subject again: "we should we could", "I was I'm", "they're they".
const AUX =
  "(?:['’](?:ll|re|ve|d|m|s)|should|could|would|will|can|might|must|need|want|have|had|has|was|were|are|am|is|do|did|don['’]t|didn['’]t|just|also|then|gonna)";
const FALSE_START = new RegExp(`\\b(i|we|you|they|he|she)(?:\\s*${AUX}){1,2}\\s+\\1\\b(?!['’])\\s*`, "gi");

/** Fillers, stutters, cut-off words and false starts out; spacing and punctuation tidied. */
export function cleanSpeech(text: string): string {
  // A filler set off by commas takes its commas with it: "a, you know, cheaper case" is "a cheaper case".
  let t = ` ${text} `.replace(PARENTHETICAL_FILLER, " ").replace(FILLER_WORDS, " ");
  t = t.replace(FILLER_PHRASES, "");
  t = dropCutOffs(t);
  t = dropRepeats(t);
  t = dropFalseStarts(t);
  t = dropRepeats(t).replace(DETERMINER_RESTART, "").replace(PREPOSITION_RESTART, "");
  return t
    .replace(/\s+([,.;:!?])/g, "$1")
    .replace(/([,;:])(?:\s*[,;:])+/g, "$1")
    .replace(/[,;:]+\s*([.!?])/g, "$1")
    .replace(/(^|[.!?]\s+)[,;:]\s*/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/[,;:]$/, ".");
}

// Where a long spoken turn can be cut into sentences: before a discourse marker that starts a new thought.
const RUN_ON_BREAK = /,?\s+(?=(?:and then|and so|so|but|okay|anyway|also|and i think|and we|and you|and it|and that|and they)\s)/gi;
const MAX_WORDS = 35;

/** A run-on sentence split at discourse markers into pieces of at most MAX_WORDS words where it can be. */
export function splitRunOn(sentence: string): string[] {
  if (sentence.split(/\s+/).length <= MAX_WORDS) return [sentence];
  const parts = sentence.split(RUN_ON_BREAK);
  const out: string[] = [];
  let cur = "";
  for (const p of parts) {
    const next = cur ? `${cur} ${p}` : p;
    if (cur && next.split(/\s+/).length > MAX_WORDS) {
      out.push(cur);
      cur = p;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}

/** A sentence that reads as written: no lead-in words, first letter capital, ends with a full stop. */
export function tidySentence(sentence: string): string {
  let t = sentence
    .replace(ADDRESS, ",")
    .replace(LEAD_IN, "")
    .replace(/^[\s,;:.-]+/, "")
    .replace(/[\s,;:-]+$/, "")
    .trim();
  if (!t) return "";
  t = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/** The sentences of a spoken turn, cleaned: fillers, stutters and false starts out, run-ons split. */
export function cleanSentences(text: string): string[] {
  return splitSentences(cleanSpeech(text), "any")
    .flatMap(splitRunOn)
    .map(tidySentence)
    .filter((s) => /\p{L}{2}/u.test(s));
}
