// Sentences and words for the notes engine, in one place (issue 30): the sentence splitter, the tokeniser, the
// stem, content words and the regex helpers every rule file builds its patterns with. Word lists live in words.ts.
import { TASK_STOP_WORDS } from "./words";

// The point after a title or short form ("Dr. Tam", "Mr. Speaker", "e.g. this") ends no sentence.
const TITLE_POINT = "(?<!\\b(?:Mr|Mrs|Ms|Dr|Prof|[Hh]on|Rev|vs|e\\.g|i\\.e)\\.)";
const BREAK_BEFORE_ANY = new RegExp(`(?<=[.?!…])${TITLE_POINT}\\s+(?=["'“]?[\\p{L}\\d])`, "u");
const BREAK_BEFORE_CAPITAL = new RegExp(`(?<=[.?!…])${TITLE_POINT}\\s+(?=["'“]?[\\p{Lu}\\d])|(?<=[—–])\\s+(?=\\p{Lu})`, "u");

/**
 * Where a sentence may begin after a stop:
 * - "capital" (raw turns, as said): before a capital or a digit, and also after a dash before a capital
 *   ("I'll send it — Dana, can you…"). The action-item rules read raw turns this way.
 * - "any": before any letter or digit; for text cleanSpeech has already tidied (key points, the action scorer's
 *   clauses), where cleaning can leave a lower-case word after a stop.
 * Two modes, not one, because the rules and the trained scorers were tuned on these exact splits: merging them
 * changes which sentences the rules and features see (and so the trained weights' fingerprints).
 */
export type SentenceStarts = "capital" | "any";

/** The sentences of a text, trimmed, none empty. */
export function splitSentences(text: string, starts: SentenceStarts = "capital"): string[] {
  return text
    .split(starts === "any" ? BREAK_BEFORE_ANY : BREAK_BEFORE_CAPITAL)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The words of a text, lowercased: runs of letters and digits. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Lowercased, with contractions' endings off ("it's" → "it", "we'll" → "we"): for what a sentence is about. */
export function withoutContractions(text: string): string {
  return text.toLowerCase().replace(/['’](?:s|ll|re|ve|d|m|t)\b/g, "");
}

/** Crude stem so that "pinning"/"pin" and "write-up"/"writing" meet. */
export function stem(word: string): string {
  return word
    .replace(/(?:ing|ed|es|s)$/, "")
    .replace(/e$/, "")
    .replace(/([^aeiou])\1$/, "$1");
}

/** The stemmed words of a text longer than two letters that are not stop words (by default a task's). */
export function contentWords(text: string, stop: ReadonlySet<string> = TASK_STOP_WORDS): Set<string> {
  return new Set(
    words(text)
      .filter((w) => w.length > 2 && !stop.has(w))
      .map(stem),
  );
}

/** Whether two texts share a content word. */
export function sharesWord(a: string, b: string): boolean {
  const wa = contentWords(a);
  for (const w of contentWords(b)) if (wa.has(w)) return true;
  return false;
}

/** Dice overlap of two word sets: twice the shared words over both sizes (0 for two empty sets). */
export function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return a.size + b.size ? (2 * n) / (a.size + b.size) : 0;
}

/** The Dice overlap of two texts' content words: near-repeats. */
export function wordOverlap(a: string, b: string): number {
  return dice(contentWords(a), contentWords(b));
}

/** A literal string as a regular-expression source. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** What may follow a role label in speech ("the marketing expert", "our UI person"); for patterns matched without case. */
export const ROLE_SUFFIX = "(?:\\s+(?:designer|expert|executive|person|specialist|manager|guy|people|team))?";
/**
 * The same for case-sensitive patterns (assignments.ts). It has no "people": there "the marketing people" names a
 * group, not the participant labelled Marketing.
 */
export const ROLE_SUFFIX_CASED = "(?:\\s+(?:[Dd]esigner|[Ee]xpert|[Ee]xecutive|[Ss]pecialist|[Mm]anager|[Pp]erson|[Gg]uy|[Tt]eam))?";
