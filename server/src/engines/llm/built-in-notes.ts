// The built-in notes (pipeline/summary, no model) as every engine calls them: in the CPU task
// process (workers/off-thread.ts) with the configured budget, so a huge or pathological
// transcript can never hold the API's event loop; a short one on this thread, where the work is
// smaller than a process's start.
import type { SummaryResult, Transcript } from "../../../../contract/transcript";
import { summarizeBuiltIn } from "../../pipeline/summary";
import { DEFAULT_CPU_BUDGET, offThread, type CpuBudget } from "../../workers/off-thread";
import type { SummarizeOptions } from "./summarizer";

/** Up to this many characters of speech (a 10-minute meeting) the notes take a few milliseconds. */
export const NOTES_ON_THREAD_CHARS = 10_000;

export type BuiltInNotes = (transcript: Transcript, options: SummarizeOptions) => Promise<SummaryResult>;

export function builtInNotes(budget: CpuBudget = DEFAULT_CPU_BUDGET): BuiltInNotes {
  return async (transcript, options) => {
    let chars = 0;
    for (const u of transcript.utterances) chars += u.text.length;
    if (chars <= NOTES_ON_THREAD_CHARS) return summarizeBuiltIn(transcript, options);
    return offThread("notes", { transcript, meetingDate: options.meetingDate, title: options.title }, budget, { signal: options.signal });
  };
}
