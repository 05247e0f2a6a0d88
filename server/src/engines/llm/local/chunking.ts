// Long meetings do not fit one context: the transcript is cut on utterance boundaries into
// chunks of at most `budget` tokens, each starting with the last lines of the one before
// (`overlap` tokens) so a task agreed across the cut is seen whole at least once.
import type { Utterance } from "../../../../../contract/transcript";

export interface Line {
  utterance: Utterance;
  text: string;
  tokens: number;
}

export interface ChunkRange {
  /** Index of the first line (inclusive). */
  start: number;
  /** Index after the last line. */
  end: number;
}

/** The transcript line the model reads for one utterance. */
export function lineText(u: Utterance): string {
  return `${u.speaker || "Unknown"}: ${u.text.replace(/\s+/g, " ").trim()}`;
}

/** Splits text into about `pieces` parts of similar length, at sentence ends where it can. */
function splitText(text: string, pieces: number): string[] {
  const sentences = text.split(/(?<=[.?!])\s+/);
  const target = text.length / pieces;
  const out: string[] = [];
  let current = "";
  for (const s of sentences) {
    if (current && current.length + s.length > target) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${s}` : s;
    // A sentence longer than the target (no punctuation in speech recognition output): cut at words.
    while (current.length > target * 1.5) {
      const cut = current.lastIndexOf(" ", Math.round(target)) > 0 ? current.lastIndexOf(" ", Math.round(target)) : Math.round(target);
      out.push(current.slice(0, cut).trim());
      current = current.slice(cut).trim();
    }
  }
  if (current) out.push(current);
  return out;
}

/**
 * Lines for the model, with their token counts; an utterance longer than `maxLineTokens` (a
 * monologue) becomes several lines of the same speaker, its token count shared by length.
 */
export function toLines(utterances: Utterance[], counts: number[], maxLineTokens: number): Line[] {
  const lines: Line[] = [];
  utterances.forEach((u, i) => {
    const tokens = counts[i];
    if (tokens === undefined) throw new Error(`toLines: no token count for utterance ${i}.`);
    if (tokens <= maxLineTokens) {
      lines.push({ utterance: u, text: lineText(u), tokens });
      return;
    }
    const parts = splitText(u.text, Math.ceil(tokens / maxLineTokens));
    const total = parts.reduce((n, p) => n + p.length, 0) || 1;
    for (const p of parts) {
      const piece = { ...u, text: p, words: undefined };
      lines.push({ utterance: piece, text: lineText(piece), tokens: Math.ceil((tokens * p.length) / total) + 4 });
    }
  });
  return lines;
}

/** Chunk ranges over lines with `tokens` each; every chunk fits `budget` unless one line alone does not. */
export function planChunks(tokens: number[], budget: number, overlap: number): ChunkRange[] {
  const chunks: ChunkRange[] = [];
  let start = 0;
  let previousEnd = 0;
  while (start < tokens.length) {
    let end = start;
    let size = 0;
    // Always at least one new line, so the overlap can never stall the walk.
    // tokens[end]! and tokens[next - 1]! below: in range, the loop conditions check it.
    while (end < tokens.length && (end <= previousEnd || size + tokens[end]! <= budget)) size += tokens[end++]!;
    previousEnd = end;
    chunks.push({ start, end });
    if (end >= tokens.length) break;
    // The next chunk repeats the last lines of this one, up to `overlap` tokens, and always moves on.
    let next = end;
    let carried = 0;
    while (next - 1 > start && carried + tokens[next - 1]! <= overlap) carried += tokens[--next]!;
    start = next;
  }
  return chunks;
}

/**
 * The engine's plan for a meeting: lines of at most half the budget, chunks of at most `budget` tokens that
 * repeat up to 400 tokens (an eighth of the budget when smaller) of the chunk before.
 */
export function planMeeting(utterances: Utterance[], lineTokens: number[], budget: number): { lines: Line[]; ranges: ChunkRange[] } {
  const lines = toLines(utterances, lineTokens, Math.floor(budget / 2));
  const ranges = planChunks(
    lines.map((l) => l.tokens),
    budget,
    Math.min(400, Math.floor(budget / 8)),
  );
  return { lines, ranges };
}
