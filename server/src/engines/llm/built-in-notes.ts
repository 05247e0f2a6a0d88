// The built-in notes (pipeline/summary, no model) as every engine calls them: in the CPU task
// process (workers/off-thread.ts) with the configured budget, so a huge or pathological
// transcript can never hold the API's event loop; a short one on this thread, where the work is
// smaller than a process's start. The turns go to the task as the JSON text the job read: they
// are parsed there, never on this thread (decision 045).
import type { SummaryResult } from "../../../../contract/transcript";
import { summarizeBuiltIn } from "../../pipeline/summary";
import { DEFAULT_CPU_BUDGET, offThread, type CpuBudget } from "../../workers/off-thread";
import { sourceOf, transcriptOf, turnsSize, type SummarizeOptions, type TranscriptInput } from "./summarizer";

/** Up to this many characters of the turns' JSON (a 10-minute meeting) the notes take a few milliseconds. */
export const NOTES_ON_THREAD_CHARS = 20_000;

export type BuiltInNotes = (transcript: TranscriptInput, options: SummarizeOptions) => Promise<SummaryResult>;

export function builtInNotes(budget: CpuBudget = DEFAULT_CPU_BUDGET): BuiltInNotes {
  return async (transcript, options) => {
    if (turnsSize(transcript) <= NOTES_ON_THREAD_CHARS) return summarizeBuiltIn(transcriptOf(transcript), options);
    const source = sourceOf(transcript);
    return offThread("notes", { source, meetingDate: options.meetingDate, title: options.title }, budget, { signal: options.signal });
  };
}
