// Built-in meeting summary, no model: a short overview (what the meeting kept coming back to, and who
// spoke to what) and key points chosen for centrality and coverage (key-points.ts), then the decisions
// the people in the meeting stated (decisions.ts). It reads cleaned sentences (clean.ts): no fillers,
// stutters or false starts. About 100-150 words whatever the length of the meeting; never over 200.
import type { SummaryResult, Transcript, Utterance } from "../../../../contract/transcript";
import type { SummarizeOptions, Summarizer } from "../../engines/llm/summarizer";
import { extractActionItems } from "./actions";
import { cleanSentences } from "./clean";
import { findDecisions } from "./decisions";
import { KEY_POINT_MODEL } from "./key-point-model";
import { overview, pickKeyPoints, type Sentence } from "./key-points";
import { RECAP } from "./speech-acts";

export interface BuiltSummary {
  summary: string;
  /** The overview sentence(s) at the top. */
  overview: string;
  /** The key points shown under "Key points", in meeting order. */
  keyPoints: string[];
  decisions: string[];
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
 * Extractive summary in markdown: the overview, "Key points" and "Decisions". `maxPoints` bounds the key
 * points; `wordBudget` the words of overview plus key points (default grows slowly with length, 65-100).
 */
export function buildSummary(
  utterances: Utterance[],
  options: { maxPoints?: number; wordBudget?: number; title?: string | null } = {},
): BuiltSummary {
  const all = meetingSentences(utterances);
  const speakers = [...new Set(utterances.map((u) => u.speaker))];
  const decisions = findDecisions(all, speakers, 3);
  const intro = overview(all, speakers);
  const budget = keyPointBudget(all, intro, decisions, options.wordBudget);
  const points = pickKeyPoints(all, {
    maxPoints: options.maxPoints ?? 8,
    wordBudget: budget,
    exclude: decisions,
    speakers,
    attribute: true,
  });
  return composeSummary(intro, points, decisions);
}

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

/** The summary in markdown: the overview, "Key points" and "Decisions". */
export function composeSummary(intro: string, points: string[], decisions: string[]): BuiltSummary {
  const parts: string[] = [];
  if (intro) parts.push(intro, "");
  if (points.length) parts.push("**Key points**", ...points.map((p) => `- ${p}`));
  if (decisions.length) parts.push("", "**Decisions**", ...decisions.map((d) => `- ${d}`));
  return { summary: parts.join("\n").trim() || "- No discussion to summarise.", overview: intro, keyPoints: points, decisions };
}

export const BUILT_IN_ENGINE = "built-in";
export const BUILT_IN_MODEL = "rules-v2";

export function summarizeBuiltIn(transcript: Transcript, options: SummarizeOptions): SummaryResult {
  const { summary, decisions } = buildSummary(transcript.utterances, { title: options.title });
  return {
    summary,
    decisions,
    actionItems: extractActionItems(transcript.utterances, options.meetingDate),
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
