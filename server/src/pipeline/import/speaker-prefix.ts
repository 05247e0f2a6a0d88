// Detection of a leading "Name: text" speaker prefix. Shared by the Zoom/SRT/TXT parsers.
// The hard part is not reading ordinary sentences with a colon ("Note: the budget…",
// "Action item, Steve: …", "So the plan is: …") as a speaker, so a name is limited to a few
// capitalised words.

const MAX_NAME_WORDS = 5;
const MAX_NAME_CHARS = 48;

// Lower-case particles that appear inside real names ("Ludwig van Beethoven", "Maria de la Cruz").
const NAME_PARTICLES = new Set([
  "van",
  "von",
  "de",
  "der",
  "den",
  "del",
  "della",
  "da",
  "di",
  "du",
  "la",
  "le",
  "bin",
  "al",
  "el",
  "dos",
  "das",
  "ter",
  "ten",
  "y",
]);

// Capitalised words that start sentences or labels rather than names.
const NOT_NAMES = new Set([
  "note",
  "notes",
  "action",
  "item",
  "items",
  "agenda",
  "update",
  "updates",
  "question",
  "questions",
  "answer",
  "summary",
  "decision",
  "decisions",
  "todo",
  "to-do",
  "subject",
  "date",
  "time",
  "title",
  "attendees",
  "transcript",
  "warning",
  "tip",
  "example",
  "ps",
  "fyi",
  "important",
  "next",
  "steps",
  "re",
  "fw",
  "fwd",
  "reminder",
  "edit",
  "the",
  "a",
  "an",
  "so",
  "and",
  "but",
  "or",
  "okay",
  "ok",
  "well",
  "also",
  "then",
  "here",
  "there",
  "this",
  "that",
  "it",
  "we",
  "i",
  "you",
  "they",
  "he",
  "she",
  "my",
  "our",
  "your",
  "his",
  "her",
  "their",
  "one",
  "two",
  "three",
  "first",
  "second",
  "third",
  "finally",
  "basically",
  "honestly",
  "anyway",
  "yes",
  "no",
  "yeah",
  "right",
  "location",
  "link",
  "meeting",
  "call",
  "recording",
  "source",
  "status",
  "owner",
  "deadline",
  "goal",
  "goals",
  "result",
  "results",
]);

const WORD = /^(?:\p{Lu}[\p{L}\p{M}'’.\-]*|\d{1,3}|[A-Z]{1,3}\d*|\(\p{L}[\p{L}\p{M}'’.\- ]*\))$/u;

/** True when `candidate` looks like a person's name or a speaker label such as "Speaker 1". */
export function looksLikeSpeakerName(candidate: string): boolean {
  const name = candidate.trim();
  if (!name || name.length > MAX_NAME_CHARS) return false;
  if (/[?!;"“”]/.test(name)) return false;
  const words = name.split(/\s+/);
  const [first = ""] = words;
  if (words.length > MAX_NAME_WORDS) return false;
  if (!/^\p{Lu}/u.test(first)) return false;
  if (NOT_NAMES.has(first.toLowerCase())) return false;
  let capitalised = 0;
  for (const w of words) {
    if (NAME_PARTICLES.has(w.toLowerCase()) && w === w.toLowerCase()) continue;
    if (!WORD.test(w)) return false;
    if (/^\d+$/.test(w)) continue;
    if (NOT_NAMES.has(w.toLowerCase()) && words.length === 1) return false;
    capitalised++;
  }
  // "Action item" style labels: every word a stop word.
  if (words.every((w) => NOT_NAMES.has(w.toLowerCase()))) return false;
  return capitalised > 0;
}

/** Splits "Name: text" into its parts, or returns null when the line has no speaker prefix. */
export function splitSpeakerPrefix(line: string): { speaker: string; text: string } | null {
  const m = /^([^:]{1,60}?):(?:\s+|$)(.*)$/su.exec(line);
  const name = m?.[1];
  if (!m || name === undefined) return null;
  // "10:30" or a URL scheme is not a name.
  if (/\d$/.test(name) && !/^Speaker\s+\d+$/i.test(name.trim()) && /^\d/.test(m[2] ?? "")) return null;
  if (!looksLikeSpeakerName(name)) return null;
  return { speaker: name.trim(), text: (m[2] ?? "").trim() };
}
