// The OpenAI-compatible engine's prompts: the turns cut into chunks and written as lines
// ("[0:01:05 = 65s] Maria: …"). Apart from openai-summarizer.ts so that the CPU task process
// (workers/cpu-tasks.ts) builds them for a large meeting without loading the HTTP client: the
// work reads every turn, so it never runs on the API's thread for one (decision 045).
import type { Utterance } from "../../../../contract/transcript";

/** Characters of transcript per request; long meetings are split on utterance boundaries. */
export const DEFAULT_CHUNK_CHARS = 24_000;

function formatTime(seconds: number | null): string {
  if (seconds === null) return "";
  const s = Math.floor(seconds);
  return `[${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")} = ${seconds}s] `;
}

/** Splits utterances into chunks of at most `maxChars` characters (a single longer utterance stays whole). */
export function chunkUtterances(utterances: Utterance[], maxChars = DEFAULT_CHUNK_CHARS): Utterance[][] {
  const chunks: Utterance[][] = [];
  let current: Utterance[] = [];
  let size = 0;
  for (const u of utterances) {
    const len = u.text.length + u.speaker.length + 24;
    if (current.length && size + len > maxChars) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(u);
    size += len;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** Each chunk's transcript as the prompt gives it: one line per turn. */
export function chunkTexts(utterances: Utterance[], maxChars = DEFAULT_CHUNK_CHARS): string[] {
  return chunkUtterances(utterances, maxChars).map((chunk) =>
    chunk.map((u) => `${formatTime(u.start)}${u.speaker || "Unknown"}: ${u.text}`).join("\n"),
  );
}
