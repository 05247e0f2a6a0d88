// Built-in, extractive meeting summary: key points (informative sentences, in meeting order; see
// key-points.ts) and decisions (sentences with decision language). No model, so it runs everywhere.
import type { SummaryResult, Transcript, Utterance } from "../../../../contract/transcript";
import type { SummarizeOptions, Summarizer } from "../../engines/llm/summarizer";
import { extractActionItems } from "./actions";
import { pickKeyPoints, type Sentence } from "./key-points";
import { RECAP } from "./speech-acts";

// Decision language: "we'll go with", "let's park", "agreed", and a committee's "the motion carries".
const DECISION =
  /\b(?:we'?ll go with|we(?: are|'re) going with|let'?s (?:go with|park|defer|stick with|use|do|keep|drop|hold|move|table|skip|revisit|push|not|plan on|assume)|(?:we )?agreed|(?:we )?decided|decision is|we'?re not (?:going to|gonna)|final answer|we'?ll (?:stick|keep|use|drop|skip|defer|move|hold)|(?:the )?motion (?:carries|passes|is approved)|(?:are|is) approved)\b/i;

export interface BuiltSummary {
  summary: string;
  /** The key points shown under "Key points", in meeting order. */
  keyPoints: string[];
  decisions: string[];
}

function sentencesOf(u: Utterance): string[] {
  return u.text.split(/(?<=[.?!])\s+(?=\p{Lu})/u).map((s) => s.trim()).filter(Boolean);
}

function clean(s: string): string {
  return s.replace(/\b(?:um+|uh+|you know|i mean),?\s*|\blike,\s*/gi, "").replace(/\s+/g, " ").replace(/^[,\s]+/, "").trim();
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * Extractive summary. `maxPoints` bounds the key points (default scales with length, 3–8);
 * decisions are capped at 8. Returns markdown with "Key points" and "Decisions" sections.
 */
export function buildSummary(utterances: Utterance[], options: { maxPoints?: number; title?: string | null } = {}): BuiltSummary {
  const all: Sentence[] = [];
  utterances.forEach((u) => sentencesOf(u).forEach((s) => all.push({ text: clean(s), speaker: u.speaker, order: all.length, inRecap: RECAP.test(u.text) })));

  const decisions: string[] = [];
  for (const s of all) {
    if (DECISION.test(s.text) && s.text.split(/\s+/).length >= 4 && !/\?$/.test(s.text) && decisions.length < 8) {
      const who = s.speaker ? ` (${s.speaker})` : "";
      const d = capitalise(s.text.replace(/^(?:ok(?:ay)?|so|yeah|yes|right|alright|agreed|great|good|perfect|cool|fine)[,.]?\s+/i, ""));
      if (!decisions.some((x) => x.startsWith(d))) decisions.push(`${d}${who}`);
    }
  }

  const maxPoints = options.maxPoints ?? Math.min(8, Math.max(3, Math.round(all.length / 12)));
  const points = pickKeyPoints(
    all.filter((s) => !DECISION.test(s.text)),
    maxPoints,
    decisions,
    [...new Set(utterances.map((u) => u.speaker))],
  );

  const parts: string[] = [];
  if (points.length) parts.push("**Key points**", ...points.map((p) => `- ${p}`));
  if (decisions.length) parts.push("", "**Decisions**", ...decisions.map((d) => `- ${d}`));
  return { summary: parts.join("\n").trim() || "- No discussion to summarise.", keyPoints: points, decisions };
}

export const BUILT_IN_ENGINE = "built-in";
export const BUILT_IN_MODEL = "rules-v1";

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
