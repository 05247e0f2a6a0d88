import type { TranscriptResult } from "../../../../contract/transcript";
import { AppError } from "../../core/errors";
import type { SpeakerTurn } from "./merge";

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
 * A speaker's voice in one meeting: the unit embedding the diarization's model gave it. Kept
 * on the server for voice profiles (issue 34); never in the transcript, exports or links.
 */
export interface SpeakerVoice {
  speaker: string;
  /** The embedding model's id: only voices of one model are compared. */
  model: string;
  embedding: number[];
}

/** Local diarization's turns (speakers `spk_N`) with one voice per turn speaker, under the same labels. */
export interface DiarizedTurns {
  turns: SpeakerTurn[];
  voices: SpeakerVoice[];
}

export interface SpeechResult extends TranscriptResult {
  /** One per speaker label, where the engine computes them (the local engine's diarization). */
  voices?: SpeakerVoice[];
}

/**
 * A speech-to-text engine. `audioPath` is a 16 kHz mono 16-bit PCM WAV file that the
 * prepare step wrote. Failures throw EngineError with a message a user can act on.
 */
export interface SpeechEngine {
  readonly name: string;
  transcribe(audioPath: string, options: TranscribeOptions, onProgress: (p: TranscribeProgress) => void): Promise<SpeechResult>;
}

/** A failure whose message is shown to the user on the failed meeting. */
export class EngineError extends AppError {
  declare readonly code: "ENGINE_MISSING" | "MODEL_MISSING" | "ENGINE_FAILED" | "ABORTED";
  constructor(message: string, code: "ENGINE_MISSING" | "MODEL_MISSING" | "ENGINE_FAILED" | "ABORTED" = "ENGINE_FAILED") {
    super(code, message);
    this.name = "EngineError";
  }
}
