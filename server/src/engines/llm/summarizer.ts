import type { SummaryResult, Transcript } from "../../../../contract/transcript";

export interface SummarizeOptions {
  /** When the meeting took place: the anchor for "by Friday", "end of the month". */
  meetingDate: Date;
  /** 'Use enhanced summary': ask the configured LLM; fall back to the built-in result. */
  enhanced: boolean;
  title: string | null;
}

export interface Summarizer {
  summarize(transcript: Transcript, options: SummarizeOptions): Promise<SummaryResult>;
}
