// What a typed query asks for, before any configuration's stemming: words to look for (any of
// them), "quoted phrases" a passage must contain, -words it must not, and whether the last
// word is still being typed (a prefix). "or" between words is what any-word search does anyway.

export interface ParsedQuery {
  /** Every word to look for, in order (phrase words included), lower case. */
  words: string[];
  /** Phrases a passage must contain, as their words. */
  phrases: string[][];
  /** Words a passage must not contain. */
  excluded: string[];
  /** The word typed last, outside quotes, matched as a prefix too (people type as they search). */
  prefixWord: string | null;
}

// Letters and digits of any script, with inner apostrophes ("don't"); "flip-top" is two words.
const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(WORD) ?? []).map((w) => w.replace(/’/g, "'"));
}

export function parseQuery(q: string): ParsedQuery {
  const words: string[] = [];
  const phrases: string[][] = [];
  const excluded: string[] = [];
  let lastIsPrefix = false;
  // Tokens: "a phrase" (an unclosed quote runs to the end), -word, or a word.
  const token = /"([^"]*)"?|(^|\s)-(\S+)|(\S+)/g;
  for (let m = token.exec(q); m; m = token.exec(q)) {
    if (m[1] !== undefined) {
      const ws = wordsOf(m[1]);
      if (ws.length > 1) phrases.push(ws);
      words.push(...ws);
      lastIsPrefix = false;
    } else if (m[3] !== undefined) {
      excluded.push(...wordsOf(m[3]));
      lastIsPrefix = false;
    } else if (m[4] !== undefined) {
      const ws = wordsOf(m[4]).filter((w) => w !== "or");
      words.push(...ws);
      lastIsPrefix = ws.length > 0 && /[\p{L}\p{N}]$/u.test(m[4]);
    }
  }
  // The last word only counts as unfinished when the query ends with it.
  if (lastIsPrefix && !/[\p{L}\p{N}]$/u.test(q)) lastIsPrefix = false;
  const last = words[words.length - 1];
  return { words: [...new Set(words)], phrases, excluded, prefixWord: lastIsPrefix && last ? last : null };
}

/** A lexeme as a tsquery operand: quoted, so that no character of it is read as an operator. */
export function tsLexeme(lexeme: string, prefix = false): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'${prefix ? ":*" : ""}`;
}

/**
 * Runs of one to three of the query's words, as a speaker label may read ("marketing", "project
 * manager", "maria lopez"): search prefers the turns of a speaker the query names in full.
 */
export function speakerLabelsOf(words: string[], longest = 3): string[] {
  const runs = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (let n = 1; n <= longest && i + n <= words.length; n++) runs.add(words.slice(i, i + n).join(" "));
  return [...runs].slice(0, 60);
}

/** Moments of one meeting closer than this (start to start) are one moment to a reader: the best stands for them. */
export const MOMENT_GAP_SECONDS = 30;

/**
 * `items` (best first) reordered so that the first ones are at least `gapSeconds` apart in their
 * meeting: greedily, each item that starts within the gap of one already taken waits, and the
 * waiting ones follow in their order. Items without a time (notes) never wait. Three moments from
 * the same half minute would show one place three times.
 */
export function apartInTime<T>(
  items: T[],
  place: (item: T) => { meetingId: string; start: number | null },
  gapSeconds = MOMENT_GAP_SECONDS,
): T[] {
  const taken: T[] = [];
  const waiting: T[] = [];
  const starts = new Map<string, number[]>();
  for (const item of items) {
    const { meetingId, start } = place(item);
    if (start === null || gapSeconds <= 0) {
      taken.push(item);
      continue;
    }
    const seen = starts.get(meetingId) ?? [];
    if (seen.some((s) => Math.abs(s - start) < gapSeconds)) {
      waiting.push(item);
      continue;
    }
    seen.push(start);
    starts.set(meetingId, seen);
    taken.push(item);
  }
  return [...taken, ...waiting];
}
