// AssemblyAI hosted engine, through the official SDK (base URL configurable for tests).
import { AssemblyAI, type Transcript } from "assemblyai";
import type { TranscriptResult, Utterance } from "../../../../contract/transcript";
import { DETECT_LANGUAGE } from "../../../../contract/languages";
import { EngineError, type SpeechEngine, type TranscribeOptions, type TranscribeProgress } from "./speech-engine";
import { speakerLabel } from "./merge";

export interface AssemblyAiOptions {
  apiKey: string;
  baseUrl?: string;
  /** Poll interval while the transcript is processed (AssemblyAI suggests 3 s). */
  pollIntervalMs?: number;
  /** Give up on one HTTP request after this long. */
  requestTimeoutMs?: number;
  /** Give up on the whole job after this long. */
  jobTimeoutMs?: number;
}

export class AssemblyAiSpeechEngine implements SpeechEngine {
  readonly name = "assemblyai";
  private readonly client: AssemblyAI;

  constructor(private readonly opts: AssemblyAiOptions) {
    if (!opts.apiKey) throw new EngineError("AssemblyAI needs an API key: set it in Settings.", "ENGINE_MISSING");
    this.client = new AssemblyAI({ apiKey: opts.apiKey, ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}) });
  }

  /** Run one SDK call with a time-out and the job's abort signal (the SDK takes neither). */
  private call<T>(what: string, fn: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const timeoutMs = this.opts.requestTimeoutMs ?? 120_000;
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) return reject(new EngineError("Transcription was cancelled.", "ABORTED"));
      const timer = setTimeout(
        () => done(() => reject(new EngineError(`AssemblyAI did not answer (${what}) within ${timeoutMs / 1000} s.`, "ENGINE_FAILED"))),
        timeoutMs,
      );
      const onAbort = () => done(() => reject(new EngineError("Transcription was cancelled.", "ABORTED")));
      let settled = false;
      const done = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener("abort", onAbort);
        f();
      };
      signal.addEventListener("abort", onAbort);
      fn().then(
        (v) => done(() => resolve(v)),
        (err: Error) => done(() => reject(new EngineError(`AssemblyAI ${what} failed: ${describe(err)}`, "ENGINE_FAILED"))),
      );
    });
  }

  async transcribe(audioPath: string, options: TranscribeOptions, onProgress: (p: TranscribeProgress) => void): Promise<TranscriptResult> {
    const { signal } = options;
    const uploadUrl = await this.call("upload", () => this.client.files.upload(audioPath), signal);
    const submitted = await this.call(
      "transcript request",
      () =>
        this.client.transcripts.submit({
          audio_url: uploadUrl,
          speaker_labels: true,
          ...(options.speakers ? { speakers_expected: options.speakers } : {}),
          auto_highlights: true,
          entity_detection: true,
          ...(options.nano ? { speech_model: "nano" as const } : {}),
          ...(options.language === DETECT_LANGUAGE
            ? { language_detection: true }
            : options.language
              ? { language_code: options.language }
              : {}),
        }),
      signal,
    );
    const interval = this.opts.pollIntervalMs ?? 3000;
    const deadline = Date.now() + (this.opts.jobTimeoutMs ?? 4 * 3600_000);
    let t: Transcript = submitted;
    while (t.status !== "completed" && t.status !== "error") {
      if (Date.now() > deadline) throw new EngineError("AssemblyAI did not finish the transcript in time.", "ENGINE_FAILED");
      await abortableSleep(interval, signal);
      t = await this.call("status check", () => this.client.transcripts.get(submitted.id), signal);
    }
    if (t.status === "error")
      throw new EngineError(`AssemblyAI could not transcribe the recording: ${t.error ?? "unknown error"}`, "ENGINE_FAILED");
    if (!Array.isArray(t.utterances) && typeof t.text !== "string") {
      throw new EngineError("AssemblyAI returned a completed transcript without text or utterances.", "ENGINE_FAILED");
    }
    const total = t.audio_duration ?? 0;
    onProgress({ doneSeconds: total, totalSeconds: total });
    const names = new Map<string, string>();
    const label = (s: string | null | undefined) => {
      const k = s ?? "?";
      if (!names.has(k)) names.set(k, speakerLabel(names.size));
      return names.get(k)!;
    };
    const s = (ms: number | null | undefined) => (typeof ms === "number" ? ms / 1000 : null);
    const utterances: Utterance[] = (t.utterances ?? []).map((u) => ({
      speaker: label(u.speaker),
      start: s(u.start),
      end: s(u.end),
      text: u.text,
      words: (u.words ?? []).map((w) => ({ text: w.text, start: w.start / 1000, end: w.end / 1000 })),
    }));
    if (!utterances.length && t.text) {
      utterances.push({ speaker: label(null), start: s(t.words?.[0]?.start), end: s(t.words?.at(-1)?.end), text: t.text });
    }
    return {
      text: utterances.map((u) => u.text).join("\n"),
      utterances,
      language: t.language_code ?? options.language ?? null,
      engine: this.name,
      model: t.speech_model ?? (options.nano ? "nano" : "best"),
    };
  }
}

function describe(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string } };
  if (e?.cause?.code) return `${e.message} (${e.cause.code})`;
  return e?.message ?? String(err);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new EngineError("Transcription was cancelled.", "ABORTED"));
    const t = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(new EngineError("Transcription was cancelled.", "ABORTED"));
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
