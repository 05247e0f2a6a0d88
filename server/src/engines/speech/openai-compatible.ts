// Any OpenAI-compatible transcription endpoint (OpenAI, Groq, speaches, vLLM, ...):
// POST {baseUrl}/v1/audio/transcriptions, multipart, response_format verbose_json.
import { createReadStream } from "node:fs";
import OpenAI, { APIConnectionTimeoutError, APIConnectionError, APIError, APIUserAbortError } from "openai";
import type { Utterance } from "../../../../contract/transcript";
import { DETECT_LANGUAGE } from "../../../../contract/languages";
import {
  EngineError,
  type DiarizedTurns,
  type SpeakerVoice,
  type SpeechEngine,
  type SpeechResult,
  type TranscribeOptions,
  type TranscribeProgress,
} from "./speech-engine";
import { mergeTranscript, speakerLabel, type AsrSegment, type SpeakerTurn } from "./merge";

export interface OpenAiSpeechOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  /** Speaker turns from local diarization (with their voices, decision 031), or null when that is not available. */
  diarize?: (audioPath: string, speakers: number | null, signal: AbortSignal) => Promise<SpeakerTurn[] | DiarizedTurns | null>;
}

interface VerboseSegment {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}
interface VerboseJson {
  text?: string;
  language?: string;
  duration?: number;
  segments?: VerboseSegment[];
  words?: { word: string; start: number; end: number }[];
}

/** The SDK wants the API root (…/v1); users give the server's base URL. */
export function apiRoot(baseUrl: string): string {
  const b = baseUrl.replace(/\/+$/, "");
  return /\/v1$/.test(b) ? b : `${b}/v1`;
}

export class OpenAiCompatibleSpeechEngine implements SpeechEngine {
  readonly name = "openai";
  private readonly client: OpenAI;

  constructor(private readonly opts: OpenAiSpeechOptions) {
    this.client = new OpenAI({
      baseURL: apiRoot(opts.baseUrl),
      // Local servers often need no key; the SDK insists on one.
      apiKey: opts.apiKey || "none",
      timeout: opts.timeoutMs ?? 30 * 60_000,
      maxRetries: 0,
    });
  }

  async transcribe(audioPath: string, options: TranscribeOptions, onProgress: (p: TranscribeProgress) => void): Promise<SpeechResult> {
    const { signal } = options;
    let data: VerboseJson;
    try {
      data = (await this.client.audio.transcriptions.create(
        {
          file: createReadStream(audioPath),
          model: this.opts.model,
          response_format: "verbose_json",
          // "auto": leave it out, the server detects the language.
          ...(options.language && options.language !== DETECT_LANGUAGE ? { language: options.language } : {}),
        },
        { signal },
      )) as unknown as VerboseJson;
    } catch (err) {
      throw this.mapError(err, signal);
    }
    if (!data || typeof data !== "object" || (typeof data.text !== "string" && !Array.isArray(data.segments))) {
      throw new EngineError(
        `The transcription server at ${this.opts.baseUrl} gave an answer that is not a verbose_json transcript.`,
        "ENGINE_FAILED",
      );
    }
    const segments: AsrSegment[] = [];
    const raw = Array.isArray(data.segments) ? data.segments : [];
    for (const s of raw) {
      if (typeof s?.text !== "string" || !Number.isFinite(s.start) || !Number.isFinite(s.end)) {
        throw new EngineError(`The transcription server at ${this.opts.baseUrl} returned a malformed segment.`, "ENGINE_FAILED");
      }
      segments.push({ start: s.start, end: s.end, text: s.text.trim() });
    }
    const total = data.duration ?? segments.at(-1)?.end ?? 0;

    let utterances: Utterance[];
    let voices: SpeakerVoice[] = [];
    if (raw.length && raw.every((s) => typeof s.speaker === "string" && s.speaker)) {
      // The server diarized: keep its speakers, renamed by first appearance.
      utterances = mergeTranscript(
        segments,
        raw.map((s) => ({ speaker: s.speaker!, start: s.start, end: s.end })),
        { minOverlap: 0 },
      );
    } else {
      const diarized = segments.length && this.opts.diarize ? await this.opts.diarize(audioPath, options.speakers, signal) : null;
      const turns = Array.isArray(diarized) ? diarized : (diarized?.turns ?? null);
      const labels = new Map<string, string>();
      utterances = turns?.length
        ? mergeTranscript(segments, turns, { labels })
        : mergeTranscript(segments.length ? segments : [{ start: 0, end: total, text: data.text ?? "" }], []);
      // Each voice under the transcript's label; a speaker who says nothing here keeps none.
      if (diarized && !Array.isArray(diarized) && turns?.length)
        voices = diarized.voices.flatMap((v) => (labels.has(v.speaker) ? [{ ...v, speaker: labels.get(v.speaker)! }] : []));
      if (!segments.length) utterances = utterances.map((u) => ({ ...u, start: null, end: null }));
    }
    if (!utterances.length && data.text?.trim()) {
      utterances = [{ speaker: speakerLabel(0), start: null, end: null, text: data.text.trim() }];
    }
    onProgress({ doneSeconds: total, totalSeconds: total });
    return {
      text: utterances.map((u) => u.text).join("\n"),
      utterances,
      language: data.language ?? options.language ?? null,
      engine: this.name,
      model: this.opts.model,
      voices,
    };
  }

  private mapError(err: unknown, signal: AbortSignal): EngineError {
    if (err instanceof EngineError) return err;
    if (signal.aborted || err instanceof APIUserAbortError) return new EngineError("Transcription was cancelled.", "ABORTED");
    const where = `the transcription server at ${this.opts.baseUrl}`;
    if (err instanceof APIConnectionTimeoutError) return new EngineError(`${cap(where)} did not answer in time.`, "ENGINE_FAILED");
    if (err instanceof APIConnectionError) {
      const cause = (err as { cause?: { code?: string; cause?: { code?: string } } }).cause;
      const code = cause?.code ?? cause?.cause?.code;
      return new EngineError(`Could not reach ${where}${code ? ` (${code})` : ""}.`, "ENGINE_FAILED");
    }
    if (err instanceof APIError) {
      const msg = (err.error as { message?: string } | undefined)?.message ?? err.message;
      return new EngineError(`${cap(where)} answered HTTP ${err.status}: ${msg}`, "ENGINE_FAILED");
    }
    return new EngineError(`Transcription with ${where} failed: ${(err as Error)?.message ?? String(err)}`, "ENGINE_FAILED");
  }
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
