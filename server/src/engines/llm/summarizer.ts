import type { SummaryResult, Transcript } from "../../../../contract/transcript";

export interface SummarizeOptions {
  /** When the meeting took place: the anchor for "by Friday", "end of the month". */
  meetingDate: Date;
  /** 'Use enhanced summary': ask the configured LLM; fall back to the built-in result. */
  enhanced: boolean;
  title: string | null;
  /** Cancels the work (the meeting was deleted). */
  signal?: AbortSignal;
  /** Long-running engines report how far they are: 0-1 and what they are doing ("chunk 2 of 5"). */
  onProgress?: (fraction: number, detail: string) => void;
}

export interface Summarizer {
  summarize(transcript: Transcript, options: SummarizeOptions): Promise<SummaryResult>;
}
