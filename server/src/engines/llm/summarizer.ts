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
  /**
   * Who took part: each speaker label of the transcript with the person's name where known (the local
   * model lists them in its prompt and maps owners back to labels). Default: the transcript's labels.
   */
  participants?: { label: string; name?: string | null }[];
  /** The language the notes are written in (ISO 639-1); default: the transcript's language. */
  language?: string | null;
}

export interface Summarizer {
  summarize(transcript: Transcript, options: SummarizeOptions): Promise<SummaryResult>;
}
