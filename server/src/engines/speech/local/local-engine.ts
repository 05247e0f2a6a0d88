// Local speech engine: sherpa-onnx in a child process (sherpa-worker.ts, started by workers/child-process.ts).
import path from "node:path";
import {
  EngineError,
  type DiarizedTurns,
  type SpeechEngine,
  type SpeechResult,
  type TranscribeOptions,
  type TranscribeProgress,
} from "../speech-engine";
import { CATALOGUE, ROLES, findModel, modelFilePath, type CatalogueModel } from "../models/catalogue";
import { ModelError, checkModel, pullModel, type DownloadProgress } from "../models/manager";
import { missingModelsMessage } from "../models/missing-models";
import { mergeTranscript, tidyTurns, withoutUnknownTokens, type AsrSegment, type SpeakerTurn } from "../merge";
import { AppError } from "../../../core/errors";
import { MB, mb } from "../../worker-memory";
import type { DiarizationStats, SpeechJob, SpeechResult as WorkerSpeechResult, SpeechWorkerMessage } from "../../../../../contract/workers";
import { startChild, stderrDetails, workerScript, type ChildHandle } from "../../../workers/child-process";
import { DETECT_LANGUAGE, EUROPEAN_LANGUAGES, parseSpeechLanguage } from "../../../../../contract/languages";

export interface LocalEngineOptions {
  modelsDir: string;
  /** Threads per model inside the worker. */
  numThreads: number;
  /** Pull missing models before transcribing. */
  autoDownload: boolean;
  /** Called while missing models download (autoDownload). */
  onModelDownload?: (p: DownloadProgress) => void;
  /** Clustering threshold when the number of speakers is unknown (sherpa-onnx default 0.5). */
  diarizationThreshold?: number;
  /**
   * The worker's memory budget (bytes): checked against the models' declared needs before a
   * job starts, and the worker is stopped with the numbers when it grows past it. Unset: none.
   */
  memoryBudgetBytes?: number;
  /** Longest piece diarized at once (s); the worker's default (600) unless a test needs shorter. */
  diarizationPieceSeconds?: number;
  /** For benchmarks: use this ASR model id instead of choosing one. */
  forceAsrModel?: string;
  /** For tests: another catalogue, worker script or native module name. */
  catalogue?: CatalogueModel[];
  workerScript?: string;
  sherpaModule?: string;
}

export interface LocalPlan {
  asr: CatalogueModel;
  vad: CatalogueModel;
  segmentation: CatalogueModel | null;
  embedding: CatalogueModel | null;
  /** ISO 639-1 code of the speech, or null when the recogniser detects it. */
  spoken: string | null;
  /** The language code passed to the recogniser (Whisper only), "" = let it detect. */
  language: string;
}

/** Timings and memory the worker reports; the benchmark reads these. */
export interface LocalRunStats {
  asrMs: number;
  /** Of asrMs, recognition (features + decoding); the rest is reading and the VAD. */
  recognitionMs: number;
  diarMs: number;
  /** How diarization ran: pieces, the longest piece (s), the pieces' speakers and the speakers linked from them. */
  diarization: DiarizationStats | null;
  /** Peak resident memory of the worker process. */
  workerRssBytes: number;
  speechSegments: number;
}

export const DEFAULT_WORKER = workerScript(new URL("./sherpa-worker.ts", import.meta.url));

/** The worker itself (Node, the addon, file buffers, the recognised text in flight), measured on the generated models with margin. */
export const WORKER_BASE_MB = 150;
/**
 * Diarizing one piece of at most 10 minutes beyond the models: the piece twice (our read and
 * the addon's copy), the segmentation windows' scores and the clustering matrix (decision 019).
 */
export const DIARIZATION_PIECE_MB = 250;

/** What a plan needs by the models' declared memory, part by part (MiB). */
export function declaredMemory(
  plan: Pick<LocalPlan, "segmentation" | "embedding"> & { asr: CatalogueModel | null; vad: CatalogueModel | null },
): { totalMb: number; parts: string[] } {
  const parts: [string, number][] = [["the worker itself", WORKER_BASE_MB]];
  for (const m of [plan.vad, plan.asr, plan.segmentation]) if (m) parts.push([m.name, m.memoryMb ?? 0]);
  if (plan.segmentation && plan.embedding) {
    // Loaded twice: inside the diarizer and as the extractor that links pieces.
    parts.push([`${plan.embedding.name} (x2)`, 2 * (plan.embedding.memoryMb ?? 0)]);
    parts.push(["diarizing a 10-minute piece", DIARIZATION_PIECE_MB]);
  }
  return { totalMb: parts.reduce((n, [, v]) => n + v, 0), parts: parts.map(([name, v]) => `${name} ${v} MB`) };
}

export class LocalSpeechEngine implements SpeechEngine {
  readonly name = "local";
  /** Stats of the last run (for benchmarks). */
  lastStats: LocalRunStats | null = null;
  private readonly catalogue: CatalogueModel[];

  constructor(private readonly opts: LocalEngineOptions) {
    this.catalogue = opts.catalogue ?? CATALOGUE;
  }

  /**
   * A job whose models cannot fit the worker's budget fails before anything loads, with the
   * numbers, instead of being killed by the operating system half-way.
   */
  checkBudget(plan: Pick<LocalPlan, "segmentation" | "embedding"> & { asr: CatalogueModel | null; vad: CatalogueModel | null }): void {
    const budget = this.opts.memoryBudgetBytes;
    if (budget === undefined) return;
    const need = declaredMemory(plan);
    if (need.totalMb * MB <= budget) return;
    throw new AppError(
      "TOO_COMPLEX",
      `This recording needs about ${need.totalMb} MB for the local speech engine (${need.parts.join(", ")}), ` +
        `but its memory budget is ${mb(budget)} MB (SPEECH_WORKER_MEMORY_MB). The owner of this server can raise ` +
        `SPEECH_WORKER_MEMORY_MB; a meeting with the Nano model or one speaker (no diarization) needs less, and a hosted speech engine needs none.`,
    );
  }

  private model(id: string): CatalogueModel {
    const m = findModel(this.catalogue, id);
    if (!m) throw new EngineError(`Model "${id}" is not in the model catalogue`, "MODEL_MISSING");
    return m;
  }

  /**
   * Choose models by language. English (the default when none is given) → nano ? Moonshine :
   * Parakeet v2; one of Parakeet v3's 25 European languages, or "auto" (detect) → Parakeet
   * v3; any other supported language → Whisper small. If the chosen English model is not
   * installed and autoDownload is off, the other installed English model is used instead (a
   * transcript beats a failure; the result's `model` names what ran). With autoDownload on,
   * the chosen model is pulled instead. Speaker embeddings: 3D-Speaker (trained on Chinese)
   * for Chinese, TitaNet-small (English) otherwise.
   */
  async plan(options: Pick<TranscribeOptions, "nano" | "speakers" | "language">): Promise<LocalPlan> {
    // The upload already refuses unknown codes; a stored meeting from before that check must
    // still never reach Whisper, which exits the process on a code it does not know.
    const parsed = parseSpeechLanguage(options.language);
    if (!parsed.ok) throw new AppError("VALIDATION_FAILED", `This meeting's ${parsed.message}`); // not retryable
    const lang = parsed.value ?? "en";
    const english = lang === "en";
    const role = this.opts.forceAsrModel
      ? this.opts.forceAsrModel
      : english
        ? options.nano
          ? ROLES.nano
          : ROLES.accurate
        : lang === DETECT_LANGUAGE || EUROPEAN_LANGUAGES.includes(lang)
          ? ROLES.european
          : ROLES.multilingual;
    let asr = this.model(role);
    if (english && !this.opts.autoDownload && !this.opts.forceAsrModel) {
      const other = this.model(options.nano ? ROLES.accurate : ROLES.nano);
      const chosenOk = (await checkModel(this.opts.modelsDir, asr.id, this.catalogue)).ok;
      if (!chosenOk && (await checkModel(this.opts.modelsDir, other.id, this.catalogue)).ok) asr = other;
    }
    const diarize = options.speakers !== 1;
    return {
      asr,
      vad: this.model(ROLES.vad),
      segmentation: diarize ? this.model(ROLES.segmentation) : null,
      embedding: diarize ? this.model(lang === "zh" ? ROLES.embeddingChinese : ROLES.embedding) : null,
      spoken: lang === DETECT_LANGUAGE ? null : lang,
      language: lang === DETECT_LANGUAGE ? "" : whisperCode(lang),
    };
  }

  /**
   * Make sure a model's files are present and intact, pulling it when allowed. Returns its
   * folder. `missing` is every planned model not installed yet, for the message when a
   * download fails. Messages name models and sizes, never the server's folders.
   */
  private async ensure(model: CatalogueModel, signal: AbortSignal, missing: CatalogueModel[]): Promise<string> {
    const { modelsDir } = this.opts;
    let check = await checkModel(modelsDir, model.id, this.catalogue);
    if (check.ok) return check.dir;
    if (check.missing && this.opts.autoDownload) {
      try {
        await pullModel(modelsDir, model.id, { catalogue: this.catalogue, signal, onProgress: this.opts.onModelDownload });
      } catch (err) {
        if (err instanceof ModelError && err.code === "ABORTED") throw new EngineError("Transcription was cancelled.", "ABORTED");
        const reason =
          err instanceof ModelError && err.code === "OFFLINE"
            ? "Downloading them automatically failed: the server could not reach the download site."
            : err instanceof ModelError && err.code === "CHECKSUM_MISMATCH"
              ? "Downloading them automatically failed: a download did not match its checksum."
              : "Downloading them automatically failed.";
        throw new EngineError(missingModelsMessage(missing.length ? missing : [model], reason), "MODEL_MISSING");
      }
      check = await checkModel(modelsDir, model.id, this.catalogue);
      if (check.ok) return check.dir;
    }
    throw new EngineError(
      check.missing
        ? missingModelsMessage(missing.length ? missing : [model])
        : `The speech model "${model.name}" on this server is damaged (${check.problem}), so it was not loaded. The owner of this server can reinstall it ` +
            `(Settings → Models says how). Then use 'Retry processing'.`,
      "MODEL_MISSING",
    );
  }

  /** The planned models whose files are not there at all (damaged ones are reported apart). */
  async missingModels(models: CatalogueModel[]): Promise<CatalogueModel[]> {
    const missing: CatalogueModel[] = [];
    for (const m of models) {
      const check = await checkModel(this.opts.modelsDir, m.id, this.catalogue);
      if (!check.ok && check.missing) missing.push(m);
    }
    return missing;
  }

  /**
   * Speaker turns only, when the diarization models are installed and intact (never
   * downloads); null when they are not. Used to add speakers to hosted transcripts.
   */
  async diarize(audioPath: string, speakers: number | null, signal: AbortSignal): Promise<SpeakerTurn[] | null> {
    return (await this.diarizeOnly(audioPath, speakers, signal, false))?.turns ?? null;
  }

  /**
   * The same, with one voice per turn speaker (`spk_N`) for voice profiles (decision 031):
   * a hosted transcript's speakers get voices like the local engine's.
   */
  async diarizeWithVoices(audioPath: string, speakers: number | null, signal: AbortSignal): Promise<DiarizedTurns | null> {
    return this.diarizeOnly(audioPath, speakers, signal, true);
  }

  private async diarizeOnly(
    audioPath: string,
    speakers: number | null,
    signal: AbortSignal,
    withVoices: boolean,
  ): Promise<DiarizedTurns | null> {
    const seg = this.model(ROLES.segmentation);
    const emb = this.model(ROLES.embedding);
    this.checkBudget({ asr: null, vad: null, segmentation: seg, embedding: emb });
    const a = await checkModel(this.opts.modelsDir, seg.id, this.catalogue);
    const b = await checkModel(this.opts.modelsDir, emb.id, this.catalogue);
    if (!a.ok || !b.ok) return null;
    const out = await runWorker(
      this.opts.workerScript ?? DEFAULT_WORKER,
      {
        audioPath: path.resolve(audioPath),
        sherpaModule: this.opts.sherpaModule,
        numThreads: Math.max(1, this.opts.numThreads),
        vad: null,
        asr: null,
        diarization: {
          segmentation: path.join(a.dir, modelFilePath(seg)),
          embedding: path.join(b.dir, modelFilePath(emb)),
          numClusters: speakers && speakers > 1 ? speakers : 0,
          threshold: this.opts.diarizationThreshold ?? 0.5,
          pieceSeconds: this.opts.diarizationPieceSeconds,
          speakerEmbeddings: withVoices,
        },
      },
      signal,
      () => {},
      this.opts.memoryBudgetBytes,
    );
    const turns = tidyTurns(out.turns ?? [], out.totalSeconds, speakers && speakers > 1 ? speakers : undefined);
    // A speaker folded into another by tidyTurns keeps no voice.
    const kept = new Set(turns.map((t) => t.speaker));
    const voices = Object.entries(out.voices ?? {}).flatMap(([speaker, embedding]) =>
      kept.has(speaker) ? [{ speaker, model: emb.id, embedding }] : [],
    );
    return { turns, voices };
  }

  async transcribe(audioPath: string, options: TranscribeOptions, onProgress: (p: TranscribeProgress) => void): Promise<SpeechResult> {
    const { signal } = options;
    if (signal.aborted) throw new EngineError("Transcription was cancelled.", "ABORTED");
    const plan = await this.plan(options);
    this.checkBudget(plan);
    // Every file is checked before the worker constructs anything native.
    const dirs = new Map<string, string>();
    const needed = [plan.vad, plan.asr, plan.segmentation, plan.embedding].filter((m): m is CatalogueModel => m !== null);
    const missing = await this.missingModels(needed);
    // Without automatic downloads, say at once everything the recording needs.
    if (missing.length && !this.opts.autoDownload) throw new EngineError(missingModelsMessage(missing), "MODEL_MISSING");
    for (const m of needed) {
      dirs.set(
        m.id,
        await this.ensure(
          m,
          signal,
          missing.filter((x) => !dirs.has(x.id)),
        ),
      );
    }
    if (signal.aborted) throw new EngineError("Transcription was cancelled.", "ABORTED");
    const file = (m: CatalogueModel, i = 0) => path.join(dirs.get(m.id)!, modelFilePath(m, i));

    const job: WorkerJob = {
      audioPath: path.resolve(audioPath),
      sherpaModule: this.opts.sherpaModule,
      numThreads: Math.max(1, this.opts.numThreads),
      vad: file(plan.vad),
      asr: asrConfig(plan.asr, dirs.get(plan.asr.id)!, plan.language),
      wordTimes: plan.asr.timestamps === true,
      diarization:
        plan.segmentation && plan.embedding
          ? {
              segmentation: file(plan.segmentation),
              embedding: file(plan.embedding),
              numClusters: options.speakers && options.speakers > 1 ? options.speakers : 0,
              threshold: this.opts.diarizationThreshold ?? 0.5,
              pieceSeconds: this.opts.diarizationPieceSeconds,
              speakerEmbeddings: true,
            }
          : null,
    };
    const out = await runWorker(this.opts.workerScript ?? DEFAULT_WORKER, job, signal, onProgress, this.opts.memoryBudgetBytes);
    this.lastStats = {
      asrMs: out.timings.asrMs,
      recognitionMs: out.timings.recognitionMs ?? 0,
      diarMs: out.timings.diarMs,
      diarization: out.diarization ?? null,
      workerRssBytes: out.rssBytes,
      speechSegments: out.speechSegments,
    };
    const known = options.speakers && options.speakers > 1 ? options.speakers : undefined;
    const labels = new Map<string, string>();
    const utterances = mergeTranscript(withoutUnknownTokens(out.segments), tidyTurns(out.turns ?? [], out.totalSeconds, known), {
      labels,
    });
    // A speaker folded into another (tidyTurns) or with no words keeps no voice.
    const voices = Object.entries(out.voices ?? {}).flatMap(([raw, embedding]) => {
      const speaker = labels.get(raw);
      return speaker && plan.embedding ? [{ speaker, model: plan.embedding.id, embedding }] : [];
    });
    return {
      voices,
      text: utterances.map((u) => u.text).join("\n"),
      utterances,
      language: plan.spoken,
      engine: this.name,
      model: [plan.asr.id, plan.segmentation && plan.embedding ? `${plan.segmentation.id}+${plan.embedding.id}` : null]
        .filter(Boolean)
        .join(" / "),
    };
  }
}

/** Whisper's name for a language: its ISO 639-1 code, except Javanese. */
function whisperCode(lang: string): string {
  return lang === "jv" ? "jw" : lang;
}

export function asrConfig(m: CatalogueModel, dir: string, language: string): Record<string, unknown> {
  const p = (i: number) => path.join(dir, modelFilePath(m, i));
  switch (m.id) {
    case ROLES.nano:
      return { moonshine: { preprocessor: p(0), encoder: p(1), uncachedDecoder: p(2), cachedDecoder: p(3) }, tokens: p(4) };
    case ROLES.accurate:
    case ROLES.european: // same NeMo TDT layout and config as v2 (upstream's example for v3)
      return { transducer: { encoder: p(0), decoder: p(1), joiner: p(2) }, tokens: p(3), modelType: "nemo_transducer" };
    case ROLES.multilingual:
      return { whisper: { encoder: p(0), decoder: p(1), language, task: "transcribe", tailPaddings: -1 }, tokens: p(2) };
    default:
      throw new EngineError(`Model "${m.id}" is not a speech recognition model the local engine knows`, "ENGINE_FAILED");
  }
}

/** What the worker does: VAD (+ recognition when `asr` is set), and/or diarization. */
export type WorkerJob = SpeechJob;
export type { DiarizationStats };

export interface WorkerResult extends Omit<WorkerSpeechResult, "segments" | "turns"> {
  segments: AsrSegment[];
  turns: SpeakerTurn[] | null;
}

export function runWorker(
  script: string,
  job: WorkerJob,
  signal: AbortSignal,
  onProgress: (p: TranscribeProgress) => void,
  memoryBudgetBytes?: number,
): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    let stage = "starting";
    let lastDone = 0;
    // The worker sends recognised text as it goes; the result carries none (older workers: all).
    const segments: AsrSegment[] = [];
    const finish = (fn: () => void) => {
      child?.stop();
      fn();
    };
    let child: ChildHandle<SpeechJob> | undefined;
    try {
      // --expose-gc: the worker collects after each window and piece (sherpa-onnx's streams hold
      // native memory behind small JS objects, which V8 alone does not hurry to collect).
      child = startChild<SpeechJob, SpeechWorkerMessage>({
        script,
        execArgv: ["--expose-gc"],
        signal,
        memoryBudgetBytes,
        onMessage: (msg) => {
          switch (msg.type) {
            case "stage":
              stage = msg.stage;
              break;
            case "progress": {
              // The addon can deliver a diarization progress callback after its last one (and after
              // the result): never report progress going back.
              const done = msg.doneSeconds;
              if (!(done >= lastDone)) break;
              lastDone = done;
              onProgress({ doneSeconds: done, totalSeconds: msg.totalSeconds });
              break;
            }
            case "engine-missing":
              finish(() =>
                reject(
                  new EngineError(
                    `The local speech engine could not load its native library (npm package sherpa-onnx-node with ` +
                      `sherpa-onnx-${process.platform === "win32" ? "win" : process.platform}-${process.arch}): ${msg.message}. ` +
                      `Reinstall dependencies with "npm install", or choose a hosted speech engine in Settings.`,
                    "ENGINE_MISSING",
                  ),
                ),
              );
              break;
            case "error":
              finish(() => reject(new EngineError(`Local transcription failed while ${stage}: ${msg.message}`, "ENGINE_FAILED")));
              break;
            case "segments":
              for (const seg of msg.segments) segments.push(seg);
              break;
            case "vad":
              break;
            case "result": {
              const { type: _type, ...result } = msg;
              finish(() => resolve({ ...result, segments: segments.concat(result.segments ?? []) }));
              break;
            }
          }
        },
        onEnd: (end) => {
          switch (end.reason) {
            case "aborted":
              return reject(new EngineError("Transcription was cancelled.", "ABORTED"));
            case "memory":
              return reject(
                new AppError(
                  "TOO_COMPLEX",
                  `The local speech engine used ${mb(end.rssBytes)} MB while ${stage}, over its memory budget of ${mb(end.budgetBytes)} MB ` +
                    `(SPEECH_WORKER_MEMORY_MB), so it was stopped. The owner of this server can raise SPEECH_WORKER_MEMORY_MB.`,
                ),
              );
            case "error":
              return reject(new EngineError(`The local speech worker failed: ${end.error.message}`, "ENGINE_FAILED"));
            case "timeout":
            case "exit":
              return reject(
                new EngineError(
                  `The local speech engine stopped unexpectedly (${end.reason === "exit" ? (end.signal ? `signal ${end.signal}` : `exit code ${end.code}`) : "time-out"}) while ${stage}.` +
                    ` A model file may be damaged: the owner of this server can check the models (Settings → Models says how).` +
                    stderrDetails(end.reason === "exit" ? end.stderr : ""),
                  "ENGINE_FAILED",
                ),
              );
          }
        },
      });
    } catch (err) {
      reject(new EngineError(`Could not start the local speech worker: ${(err as Error).message}`, "ENGINE_MISSING"));
      return;
    }
    child.send(job);
  });
}
