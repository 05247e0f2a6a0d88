// Built-in, extractive meeting summary: key points (informative sentences, in meeting order) and
// decisions (sentences with decision language). No model, so it runs everywhere.
import type { SummaryResult, Transcript, Utterance } from "../../../../contract/transcript";
import type { SummarizeOptions, Summarizer } from "../../engines/llm/summarizer";
import { extractActionItems } from "./actions";

const DECISION = /\b(?:we'?ll go with|we(?: are|'re) going with|let'?s (?:go with|park|defer|stick with|use|do|keep|drop|hold|move|table|skip|revisit|push|not)|(?:we )?agreed|(?:we )?decided|decision is|we'?re not (?:going to|gonna)|final answer|we'?ll (?:stick|keep|use|drop|skip|defer|move|hold))\b/i;
const FILLER_ONLY = /^(?:ok(?:ay)?|yeah|yes|yep|sure|right|thanks|thank you|great|perfect|cool|nice|hi|hello|bye|please|no|um+|uh+|mm+|sounds good)[\s,.!?]*$/i;
const STOP = new Set("the a an to of for and or in on at with by it that this them my our your his her their be is are was were i we you me so um uh like yeah okay just really very what about have has had do does did not no can could would will should there here then than they he she its it's i'm we're you're that's".split(" "));

export interface BuiltSummary {
  summary: string;
  decisions: string[];
}

function sentencesOf(u: Utterance): string[] {
  return u.text.split(/(?<=[.?!])\s+(?=\p{Lu})/u).map((s) => s.trim()).filter(Boolean);
}

function clean(s: string): string {
  return s.replace(/\b(?:um+|uh+|you know|i mean|like),?\s*/gi, "").replace(/\s+/g, " ").replace(/^[,\s]+/, "").trim();
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * Extractive summary. `maxPoints` bounds the key points (default scales with length, 3–8);
 * decisions are capped at 8. Returns markdown with "Key points" and "Decisions" sections.
 */
export function buildSummary(utterances: Utterance[], options: { maxPoints?: number; title?: string | null } = {}): BuiltSummary {
  const all: { text: string; speaker: string; order: number }[] = [];
  utterances.forEach((u) => sentencesOf(u).forEach((s) => all.push({ text: clean(s), speaker: u.speaker, order: all.length })));

  const decisions: string[] = [];
  for (const s of all) {
    if (DECISION.test(s.text) && s.text.split(/\s+/).length >= 4 && !/\?$/.test(s.text) && decisions.length < 8) {
      const who = s.speaker ? ` (${s.speaker})` : "";
      const d = capitalise(s.text.replace(/^(?:ok(?:ay)?|so|yeah|right|alright|agreed)[,.]?\s+/i, ""));
      if (!decisions.some((x) => x.startsWith(d))) decisions.push(`${d}${who}`);
    }
  }

  // Sentences that carry the meeting's recurring content words score highest.
  const freq = new Map<string, number>();
  const wordsOf = (t: string) => t.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).filter((w) => w.length > 2 && !STOP.has(w));
  for (const s of all) for (const w of new Set(wordsOf(s.text))) freq.set(w, (freq.get(w) ?? 0) + 1);
  const candidates = all.filter((s) => !FILLER_ONLY.test(s.text) && !/\?$/.test(s.text) && s.text.split(/\s+/).length >= 6 && !DECISION.test(s.text));
  const scored = candidates.map((s) => {
    const ws = wordsOf(s.text);
    const score = ws.reduce((acc, w) => acc + Math.min(freq.get(w) ?? 0, 5), 0) / Math.sqrt(Math.max(ws.length, 1)) + (/\d/.test(s.text) ? 1 : 0);
    return { ...s, score };
  });
  const maxPoints = options.maxPoints ?? Math.min(8, Math.max(3, Math.round(all.length / 12)));
  const points = scored
    .sort((a, b) => b.score - a.score)
    .slice(0, maxPoints)
    .sort((a, b) => a.order - b.order)
    .map((s) => capitalise(s.text.length > 220 ? `${s.text.slice(0, 217)}…` : s.text));

  const parts: string[] = [];
  if (points.length) parts.push("**Key points**", ...points.map((p) => `- ${p}`));
  if (decisions.length) parts.push("", "**Decisions**", ...decisions.map((d) => `- ${d}`));
  return { summary: parts.join("\n").trim() || "- No discussion to summarise.", decisions };
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
