// From per-chunk answers to the meeting's notes: owners checked against the people who spoke,
// due phrases resolved against the meeting's date (the same date rules as the built-in notes),
// the time each task was said, and duplicates from overlapping chunks removed.
import type { ActionItemDraft, MeetingNotes, NotePoint, Utterance } from "../../../../../contract/transcript";
import { findDueDates, pickDueDate } from "../../../pipeline/summary";
import { parseTurns } from "../summarizer";
import type { ChunkNotes, Participant } from "./notes-schema";

const STOP = new Set("a an the to of for and or on in at by with from this that it is be we i you will".split(" "));

/** Lower-case words without punctuation: the key two texts are compared by. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function contentWords(text: string): Set<string> {
  return new Set(
    normalise(text)
      .split(" ")
      .filter((w) => w.length > 1 && !STOP.has(w)),
  );
}

/** Share of content words two texts have in common (Jaccard). */
export function overlap(a: string, b: string): number {
  const x = contentWords(a);
  const y = contentWords(b);
  if (!x.size || !y.size) return normalise(a) === normalise(b) ? 1 : 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return both / (x.size + y.size - both);
}

/** Texts in order, each once: a text that mostly repeats an earlier one is dropped. */
export function dedupeTexts(texts: string[], threshold = 0.7): string[] {
  const out: string[] = [];
  for (const t of texts) if (!out.some((o) => overlap(o, t) >= threshold)) out.push(t);
  return out;
}

/** Common English short forms of first names ("Ben" may be Benjamin): the model writes what people call each other. */
const NICKNAMES: Record<string, string[]> = {
  alex: ["alexander", "alexandra"],
  andy: ["andrew"],
  bill: ["william"],
  bob: ["robert"],
  rob: ["robert"],
  beth: ["elizabeth"],
  liz: ["elizabeth"],
  chris: ["christopher", "christine", "christina"],
  dan: ["daniel"],
  dave: ["david"],
  ed: ["edward"],
  ted: ["edward"],
  jim: ["james"],
  jen: ["jennifer"],
  jenny: ["jennifer"],
  joe: ["joseph"],
  kate: ["katherine", "catherine"],
  kathy: ["katherine", "catherine"],
  matt: ["matthew"],
  mike: ["michael"],
  nick: ["nicholas"],
  pat: ["patrick", "patricia"],
  peggy: ["margaret"],
  meg: ["margaret"],
  rick: ["richard"],
  sam: ["samuel", "samantha"],
  steve: ["stephen", "steven"],
  sue: ["susan"],
  tom: ["thomas"],
  tony: ["anthony"],
  will: ["william"],
};

/** Does the word the model wrote stand for this first name: the same, a known short form, or its start ("Ben" → "Benjamin"). */
function sameFirstName(written: string, first: string): boolean {
  if (written === first) return true;
  if (NICKNAMES[written]?.includes(first)) return true;
  return written.length >= 3 && first.startsWith(written);
}

/**
 * The speaker label the model meant, or null. The model names owners as the participant list does (names
 * where known); it is matched back to the label the transcript uses: the label or the full name exactly,
 * then a unique first-name, short-form or surname match ("Ben" → "Benjamin Stone"). A name that is not a
 * participant is dropped.
 */
export function matchSpeaker(owner: string | null, participants: (string | Participant)[]): string | null {
  if (!owner) return null;
  const want = normalise(owner);
  if (!want) return null;
  const people = participants.map((p) => (typeof p === "string" ? { label: p, name: null } : p));
  const names = (p: Participant) => [p.label, p.name].filter((n): n is string => !!n && !!normalise(n)).map(normalise);
  const exact = people.filter((p) => names(p).includes(want));
  if (exact.length === 1) return exact[0]!.label;
  if (exact.length > 1) return null;
  const words = want.split(" ");
  const partial = people.filter((p) =>
    names(p).some((n) => {
      const parts = n.split(" ");
      // "Ben" for "Ben Stone" / "Benjamin Stone", "Stone" for "Ben Stone", "Ben Stone" for a label "Ben".
      if (words.length === 1 && (sameFirstName(want, parts[0]!) || (parts.length > 1 && parts.at(-1) === want))) return true;
      if (words.length > 1 && parts.length > 1 && sameFirstName(words[0]!, parts[0]!) && words.at(-1) === parts.at(-1)) return true;
      return parts.length === 1 && words.includes(n);
    }),
  );
  return partial.length === 1 ? partial[0]!.label : null;
}

/** A due phrase ("by Friday", "2025-04-11") as a date, relative to the meeting's date. */
export function resolveDue(phrase: string | null, meetingDate: Date): string | null {
  if (!phrase) return null;
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(phrase);
  if (iso?.[1] && !Number.isNaN(Date.parse(iso[1]))) return iso[1];
  const match = pickDueDate(findDueDates(/^(?:by|before|on|until)\b/i.test(phrase) ? phrase : `by ${phrase}`, meetingDate, true));
  return match && match.date ? match.date : null;
}

/** When the task was said: the utterance sharing most words with it, the owner's own first. */
export function sourceTime(task: string, owner: string | null, utterances: Utterance[]): number | null {
  let best: { score: number; start: number | null } = { score: 0, start: null };
  for (const u of utterances) {
    const score = overlap(task, u.text) + (owner && u.speaker === owner ? 0.05 : 0);
    if (score > best.score) best = { score, start: u.start };
  }
  return best.score >= 0.15 ? best.start : null;
}

/**
 * Action items from all chunks: checked, resolved, and each task once (the fullest copy wins). A part the
 * model could not write brings the built-in notes' items for it (`drafts`, already resolved).
 */
export function mergeActionItems(
  parts: { notes: ChunkNotes; utterances: Utterance[]; drafts?: ActionItemDraft[] }[],
  participants: (string | Participant)[],
  meetingDate: Date,
): ActionItemDraft[] {
  const items: ActionItemDraft[] = [];
  const candidates = parts.flatMap(({ notes, utterances, drafts }) => [
    ...notes.actionItems.map((a) => ({ a, utterances })),
    ...(drafts ?? []).map((d) => ({ d })),
  ]);
  for (const c of candidates) {
    let item: ActionItemDraft;
    if ("d" in c) item = c.d;
    else {
      const { a, utterances } = c;
      const task = a.task
        .replace(/\s+/g, " ")
        .replace(/[.;,]+$/, "")
        .trim();
      // Fewer than three words is a fragment ("Draw one"), not a task.
      if (task.split(" ").length < 3) continue;
      const assignee = matchSpeaker(a.owner, participants);
      item = {
        task: task.charAt(0).toUpperCase() + task.slice(1),
        assignee,
        dueDate: resolveDue(a.due, meetingDate),
        sourceStart: sourceTime(task, assignee, utterances),
      };
    }
    const same = items.findIndex(
      (x) => overlap(x.task, item.task) >= 0.6 && (!x.assignee || !item.assignee || x.assignee === item.assignee),
    );
    const prev = same < 0 ? undefined : items[same];
    if (!prev) items.push(item);
    else {
      items[same] = {
        ...prev,
        assignee: prev.assignee ?? item.assignee,
        dueDate: prev.dueDate ?? item.dueDate,
        sourceStart: prev.sourceStart ?? item.sourceStart,
      };
    }
  }
  return items;
}

/** A model's line as plain text: no list marker, emphasis, heading mark or "Decided:" label (the prompt asks for plain
 * sentences; a model may still write markdown). */
export function plainPoint(text: string): string {
  return text
    .replace(/^\s*(?:#{1,6}\s+|[-*•]\s+|\d+[.)]\s+)/, "")
    .replace(/\*\*(.+?)\*\*|__(.+?)__/g, "$1$2")
    .replace(/\*([^*\s][^*]*)\*|`([^`]+)`/g, "$1$2")
    .replace(/^decided:\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The point with who said it and when: the utterance sharing most words with it (at least 0.15 Jaccard). */
export function attributePoint(text: string, utterances: Utterance[]): NotePoint {
  let best: { score: number; u: Utterance | null } = { score: 0, u: null };
  for (const u of utterances) {
    const score = overlap(text, u.text);
    if (score > best.score) best = { score, u };
  }
  const u = best.score >= 0.15 ? best.u : null;
  return { text, speaker: u?.speaker.trim() || null, start: u?.start ?? null };
}

/** The notes the meeting page shows, as structure: the overview, key points and decisions (each once), each point
 * with its speaker and time where the transcript says them. */
export function notesFromTexts(overview: string, keyPoints: string[], decisions: string[], utterances: Utterance[]): MeetingNotes {
  const points = (texts: string[]) => dedupeTexts(texts.map(plainPoint).filter(Boolean)).map((t) => attributePoint(t, utterances));
  const decided = points(decisions);
  // A key point that only repeats a decision is listed once, as the decision.
  const keyed = points(keyPoints).filter((p) => !decided.some((d) => overlap(d.text, p.text) >= 0.7));
  return { overview: plainPoint(overview), keyPoints: keyed, decisions: decided };
}

/** What the local model's notes are placed with: every chunk's notes and turns (JSON text), and the merged texts. */
export interface LocalNotesInput {
  /** The meeting's turns (JSON text): where each point was said. */
  utterancesJson: string;
  /** Each chunk's notes and its turns as cut (JSON text); a part the model could not write brings its built-in items. */
  parts: { notes: ChunkNotes; turnsJson: string; drafts?: ActionItemDraft[] }[];
  participants: Participant[];
  meetingDate: Date;
  overview: string;
  keyPoints: string[];
  decisions: string[];
}

/**
 * The local model's notes and action items placed on the turns they come from. It reads every turn, so the
 * engine runs it in the CPU task process for a large meeting (`local-notes`, decision 052).
 */
export function placeLocalNotes(input: LocalNotesInput): { notes: MeetingNotes; actionItems: ActionItemDraft[] } {
  const parts = input.parts.map((p) => ({ notes: p.notes, utterances: parseTurns(p.turnsJson), drafts: p.drafts }));
  return {
    notes: notesFromTexts(input.overview, input.keyPoints, input.decisions, parseTurns(input.utterancesJson)),
    actionItems: mergeActionItems(parts, input.participants, input.meetingDate),
  };
}
