// A parsed transcript file as the upload stores it: the turns as ONE JSON text, which the insert
// hands to PostgreSQL as a `$n::jsonb` parameter. A large file is parsed in the CPU task process
// (cpu-tasks.ts), which makes this there: the API's thread then receives a few strings
// and numbers, never 100,000 turn objects to copy out of the child and serialise again for the
// INSERT (decision 045). A small file is parsed and made into this on the thread (cheap below
// OFF_THREAD_CHARS), so both take one way into the database.
import type { ImportedTranscript } from "../pipeline/import/parse-transcript";

export interface ImportedRows {
  /** The turns as JSON text (an array of {speaker, start, end, text}): stored as it is, never parsed by the API. */
  turnsJson: string;
  /** The plain transcript (the turns' texts, one a line). */
  text: string;
  turns: number;
  /** The last time the transcript gives, rounded; null when it gives none. */
  durationSeconds: number | null;
  title: string | null;
  recordedAt: Date | null;
  format: ImportedTranscript["format"];
}

export function importedRows(imported: ImportedTranscript): ImportedRows {
  return {
    turnsJson: JSON.stringify(imported.utterances),
    text: imported.text,
    turns: imported.utterances.length,
    durationSeconds: durationOf(imported.utterances),
    title: imported.title,
    recordedAt: imported.recordedAt,
    format: imported.format,
  };
}

/** The last time the transcript gives: a turn's end, or its start where lines carry only a start (timed TXT). */
function durationOf(utterances: { start: number | null; end: number | null }[]): number | null {
  // A loop, not Math.max(...times): a spread of 100,000 arguments overflows the stack.
  let last = 0;
  for (const u of utterances) {
    const t = u.end ?? u.start;
    if (t !== null && t > last) last = t;
  }
  last = Math.round(last);
  return last > 0 ? last : null;
}
