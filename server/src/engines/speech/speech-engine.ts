import type { TranscriptResult } from "../../../../contract/transcript";
import { AppError } from "../../http/errors";

export interface TranscribeOptions {
  /** 'Use Nano speech model': the fastest good model; false = the most accurate installed one. */
  nano: boolean;
  /** Known number of speakers, or null for automatic clustering. */
  speakers: number | null;
  /** ISO 639-1 code for multilingual models, or null for the default (English). */
  language: string | null;
  /** Aborted when the meeting is deleted or the job is cancelled. */
  signal: AbortSignal;
}

export interface TranscribeProgress {
  /** Seconds of audio processed so far. */
  doneSeconds: number;
  totalSeconds: number;
}

/**
 * A speech-to-text engine. `audioPath` is a 16 kHz mono 16-bit PCM WAV file that the
 * prepare step wrote. Failures throw EngineError with a message a user can act on.
 */
export interface SpeechEngine {
  readonly name: string;
  transcribe(audioPath: string, options: TranscribeOptions, onProgress: (p: TranscribeProgress) => void): Promise<TranscriptResult>;
}

/** A failure whose message is shown to the user on the failed meeting. */
export class EngineError extends AppError {
  declare readonly code: "ENGINE_MISSING" | "MODEL_MISSING" | "ENGINE_FAILED" | "ABORTED";
  constructor(message: string, code: "ENGINE_MISSING" | "MODEL_MISSING" | "ENGINE_FAILED" | "ABORTED" = "ENGINE_FAILED") {
    super(code, message);
    this.name = "EngineError";
  }
}
