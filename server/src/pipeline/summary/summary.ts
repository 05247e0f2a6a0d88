// Built-in meeting summary, no model: a short overview (what the meeting kept coming back to, and who
// spoke to what) and key points chosen for centrality and coverage (key-points.ts), then the decisions
// the people in the meeting stated (decisions.ts). It reads cleaned sentences (clean.ts): no fillers,
// stutters or false starts. About 100-150 words whatever the length of the meeting; never over 200.
// The result is structure (contract MeetingNotes), never markdown: the page, exports and integrations render it.
import type { MeetingNotes, NotePoint, SummaryResult, Transcript, Utterance } from "../../../../contract/transcript";
import type { SummarizeOptions, Summarizer } from "../../engines/llm/summarizer";
import { actionItemsWithPossible } from "./actions";
import { cleanSentences } from "./clean";
import { findDecisionPoints, MAX_DECISIONS } from "./decisions";
import { KEY_POINT_MODEL } from "./key-point-model";
import { asPoint, overview, pickKeyPointSentences, type Sentence } from "./key-points";
import { RECAP } from "./speech-acts";

export interface BuiltSummary {
  /** The notes as stored and shown: overview, key points and decisions with speaker and time. */
  notes: MeetingNotes;
  /** The overview sentence(s) at the top. */
  overview: string;
  /** The key points' texts, in meeting order, each with "(speaker)" (benchmarks compare these). */
  keyPoints: string[];
  /** The decisions' texts as findDecisions gives them, with "(speaker)". */
  decisions: string[];
  /** What a reader reads, as plain text: the overview, then each key point and decision on a line (notesText). */
  text: string;
}

/** Words the whole summary may take (overview, key points and decisions). */
export const SUMMARY_WORD_LIMIT = 200;
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

/** The meeting as cleaned sentences, each with its speaker and position. */
export function meetingSentences(utterances: Utterance[]): Sentence[] {
  const all: Sentence[] = [];
  utterances.forEach((u, turn) => {
    const inRecap = RECAP.test(u.text);
    for (const text of cleanSentences(u.text)) all.push({ text, speaker: u.speaker, order: all.length, turn, inRecap });
  });
  return all;
}

/**
 * Extractive notes: the overview, key points and decisions, each point with its speaker and time. `maxPoints` bounds the key
 * points; `wordBudget` the words of overview plus key points (default grows slowly with length, 65-100).
 */
export function buildSummary(
  utterances: Utterance[],
  options: { maxPoints?: number; wordBudget?: number; title?: string | null; actionItems?: string[] } = {},
): BuiltSummary {
  const all = meetingSentences(utterances);
  const speakers = [...new Set(utterances.map((u) => u.speaker))];
  const found = findDecisionPoints(all, speakers, MAX_DECISIONS);
  const decisions = found.map((d) => (d.speaker.trim() ? `${d.text} (${who(d.speaker)})` : d.text));
  const intro = overview(all, speakers);
  const budget = keyPointBudget(all, intro, decisions, options.wordBudget);
  const picked = pickKeyPointSentences(all, {
    maxPoints: options.maxPoints ?? 8,
    wordBudget: budget,
    exclude: decisions,
    // Each decision once: not again as a key point, nor the sentence it was said in, nor an action item.
    restates: [...found.flatMap((d) => [d.text, all[Math.floor(d.order)]?.text ?? ""]), ...(options.actionItems ?? [])],
    speakers,
    attribute: true,
  });
  const at = (s: Sentence): NotePoint => ({
    text: asPoint(s.text),
    speaker: s.speaker.trim() || null,
    start: utterances[s.turn]?.start ?? null,
  });
  const keyPoints = picked.map(at);
  const decided = found.map((d): NotePoint => ({
    text: d.text,
    speaker: d.speaker.trim() || null,
    start: utterances[d.turn]?.start ?? null,
  }));
  const notes: MeetingNotes = { overview: intro, keyPoints, decisions: decided };
  return {
    notes,
    text: notesText(notes),
    overview: intro,
    keyPoints: keyPoints.map((p) => (p.speaker ? `${p.text} (${who(p.speaker)})` : p.text)),
    decisions,
  };
}

const who = (speaker: string) => speaker.replace(/\s*\(.*$/, "").trim();

/**
 * Words the key points may take: the whole summary's target (grows slowly with the meeting's length) less
 * the overview and the decisions, at least MIN_POINT_WORDS, and the whole stays under the limit.
 */
export function keyPointBudget(all: Sentence[], intro: string, decisions: string[], wordBudget?: number, base = SUMMARY_BASE): number {
  const totalWords = all.reduce((n, s) => n + words(s.text), 0);
  const taken = decisions.reduce((n, d) => n + words(d), 0) + words(intro);
  const target = Math.round(base + 10 * Math.log2(1 + totalWords / 2000));
  return Math.max(15, Math.min(wordBudget ?? Math.max(MIN_POINT_WORDS, target - taken), SUMMARY_WORD_LIMIT - 20 - taken));
}
/** The summary's target length in words before it grows with the meeting's length (chosen by cross-validation on
 * the train meetings, bench/train-key-points.ts). */
const SUMMARY_BASE = KEY_POINT_MODEL.summaryBase;
const MIN_POINT_WORDS = 30;

/** The notes as the plain text a reader reads (benchmarks score it): the overview, then one line per key point and
 * decision, each with "(speaker)". */
export function notesText(notes: MeetingNotes): string {
  const line = (p: NotePoint) => (p.speaker ? `${p.text} (${who(p.speaker)})` : p.text);
  return [notes.overview, ...notes.keyPoints.map(line), ...notes.decisions.map(line)].filter((l) => l.trim()).join("\n");
}

/** The summary's plain text from its parts (the key-point trainer scores candidate picks with it). */
export function composeSummary(intro: string, points: string[], decisions: string[]): { summary: string } {
  return { summary: [intro, ...points, ...decisions].filter((l) => l.trim()).join("\n") };
}

export const BUILT_IN_ENGINE = "built-in";
export const BUILT_IN_MODEL = "rules-v2";

export function summarizeBuiltIn(transcript: Transcript, options: SummarizeOptions): SummaryResult {
  // The scorer's unsure items follow as possible action items (possible-items.ts): a person accepts or dismisses them.
  const actionItems = actionItemsWithPossible(transcript.utterances, options.meetingDate);
  // Key points leave the listed action items to their own section (possible ones are not listed yet).
  const listed = actionItems.filter((a) => !a.suggested).map((a) => a.task);
  const { notes } = buildSummary(transcript.utterances, { title: options.title, actionItems: listed });
  return {
    notes,
    actionItems,
    engine: BUILT_IN_ENGINE,
    model: BUILT_IN_MODEL,
    note: null,
  };
}

export const builtInSummarizer: Summarizer = {
  async summarize(transcript, options) {
    return summarizeBuiltIn(transcript, options);
  },
};
