import type { SummaryResult, Transcript, Utterance } from "../../../../contract/transcript";

/**
 * A meeting's transcript as the summarize job reads it: the turns as the JSON text PostgreSQL
 * writes (`utterances::text`), never parsed on the job's thread. Each engine parses it where its
 * work that grows with the meeting already runs (the CPU task process; decision 045).
 */
export interface TranscriptSource {
  text: string;
  /** The turns: a JSON array of {speaker, start, end, text}. */
  utterancesJson: string;
  language: string | null;
}

/** What an engine takes: the job's source, or (tests, benches, a few turns) the parsed transcript. */
export type TranscriptInput = Transcript | TranscriptSource;

/** The turns as JSON text: as given, or serialised from the objects (callers that already hold them). */
export function sourceOf(input: TranscriptInput): TranscriptSource {
  if ("utterancesJson" in input) return input;
  return { text: input.text, utterancesJson: JSON.stringify(input.utterances), language: input.language };
}

/** The parsed transcript: where the work on the turns runs (the CPU task process; a small one on the thread). */
export function transcriptOf(input: TranscriptInput): Transcript {
  if (!("utterancesJson" in input)) return input;
  return { text: input.text, utterances: parseTurns(input.utterancesJson), language: input.language };
}

/** The turns from their JSON text (a meeting without turns stores null). */
export function parseTurns(json: string): Utterance[] {
  const turns = JSON.parse(json) as Utterance[] | null;
  return Array.isArray(turns) ? turns : [];
}

/** The size of the turns, in characters of their JSON (what decides where they are parsed). */
export function turnsSize(input: TranscriptInput): number {
  if ("utterancesJson" in input) return input.utterancesJson.length;
  // A loop, not JSON.stringify: no copy of a transcript that is already objects.
  let chars = 2;
  for (const u of input.utterances) chars += u.text.length + u.speaker.length + 48;
  return chars;
}

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

/** The engines here (built-in, local model, OpenAI-compatible): they also take the summarize job's source. */
export interface MeetingSummarizer extends Summarizer {
  summarize(transcript: TranscriptInput, options: SummarizeOptions): Promise<SummaryResult>;
}
