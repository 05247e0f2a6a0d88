// Messages between the server and its worker processes, which server/src/workers/child-process.ts
// starts: the speech worker (sherpa-onnx), the live recogniser, the language-model worker
// (llama.cpp) and the CPU task process. They cross Node's IPC channel between two parts of one server, so they are
// types only (no validation): both ends are compiled against these.

// ---- speech worker (server/src/engines/speech/local/sherpa-worker.ts) ----

/** What the speech worker does: VAD (+ recognition when `asr` is set), and/or diarization. */
export interface SpeechJob {
  audioPath: string;
  /** Another native module name (tests: one that is not installed). */
  sherpaModule?: string;
  numThreads: number;
  /** Silero VAD model file; null = diarization only. */
  vad: string | null;
  /** Recogniser config (sherpa-onnx's modelConfig); null with a VAD = find speech only (benchmark). */
  asr: Record<string, unknown> | null;
  wordTimes?: boolean;
  diarization: SpeechDiarizationJob | null;
}

export interface SpeechDiarizationJob {
  segmentation: string;
  embedding: string;
  /** Known number of speakers; 0 = find out. */
  numClusters: number;
  threshold: number;
  /** Longest piece diarized at once (s); the worker's default (600) when unset. */
  pieceSeconds?: number;
  /** Return one unit embedding per speaker label (`voices`). */
  speakerEmbeddings?: boolean;
}

export interface WorkerWord {
  text: string;
  start: number;
  end: number;
}

/** Recognised text with its times (s). */
export interface WorkerSegment {
  start: number;
  end: number;
  text: string;
  words?: WorkerWord[];
}

export interface WorkerSpeakerTurn {
  speaker: string;
  start: number;
  end: number;
}

export interface DiarizationStats {
  pieces: number;
  /** The longest piece (s). */
  pieceSeconds: number;
  /** Speakers found piece by piece (before linking). */
  localSpeakers: number;
  speakers: number;
  /** Time in upstream's diarizer (segmentation, embeddings, clustering per piece), in the linking embeddings, in linking. */
  ms: { diarizer: number; embeddings: number; linking: number };
}

export interface SpeechResult {
  /** Empty: the text came before, in `segments` messages (older workers sent it all here). */
  segments: WorkerSegment[];
  turns: WorkerSpeakerTurn[] | null;
  totalSeconds: number;
  /** Speech segments the VAD found (before long ones are split for the recogniser). */
  speechSegments: number;
  timings: { asrMs: number; recognitionMs?: number; diarMs: number };
  diarization?: DiarizationStats | null;
  /** Speaker label → unit embedding, when the job asked for them. */
  voices?: Record<string, number[]> | null;
  /** Peak resident memory of the worker. */
  rssBytes: number;
}

export type SpeechWorkerMessage =
  | { type: "stage"; stage: string }
  | { type: "progress"; doneSeconds: number; totalSeconds: number }
  | { type: "segments"; segments: WorkerSegment[] }
  | { type: "vad"; segments: number; speechSeconds: number }
  /** sherpa-onnx's native module could not be loaded. */
  | { type: "engine-missing"; message: string }
  | { type: "error"; message: string }
  | ({ type: "result" } & SpeechResult);

// ---- language-model worker (server/src/engines/llm/local/llama-worker.ts) ----

export interface LlamaLoad {
  modelPath: string;
  contextSize: number;
  threads: number;
  gpu: "auto" | false;
  /** An embedding model: an embedding context instead of a chat one; then only count and embed are answered. */
  embedding?: boolean;
}

/** How the next token is drawn (llama.cpp's sampler chain). */
export interface LlamaSampling {
  temperature: number;
  topK: number;
  topP: number;
  minP: number;
  /** Subtracted from the logit of every token already in the last 64 (0 = off). */
  presencePenalty: number;
  seed: number;
}

export interface LlamaGenerate {
  system: string;
  user: string;
  /** JSON schema for the output grammar (node-llama-cpp's supported subset). */
  schema: object;
  maxTokens: number;
  sampling: LlamaSampling;
  /** Reply with the text llama.cpp evaluated (prompt and answer, special tokens written out). */
  echoContext?: boolean;
}

/** Requests carry an id (load: null); the reply to one carries the same id. One at a time, in order. */
export type LlamaRequest =
  | ({ type: "load"; id: null } & LlamaLoad)
  | { type: "count"; id: number; texts: string[] }
  | ({ type: "generate"; id: number } & LlamaGenerate)
  /** One vector per text (an embedding model's mean-pooled output, as llama.cpp gives it). */
  | { type: "embed"; id: number; texts: string[] }
  /**
   * The meeting's turns as JSON text (decision 052): the worker parses them and keeps those with
   * words, so the process that runs the job never parses a meeting's turns; then `plan` cuts
   * them into chunks of `budget` tokens, and `chunk` gives one chunk at a time.
   */
  | { type: "turns"; id: number; utterancesJson: string }
  | { type: "plan"; id: number; budget: number }
  | { type: "chunk"; id: number; index: number };

export interface LlamaLoaded {
  contextSize: number;
  trainContextSize: number;
  gpu: string;
  name: string | null;
  loadMs: number;
  /** node-llama-cpp's chat wrapper for the model's template, and its thoughts setting ("discourage": thinking off). */
  chatWrapper: { name: string; thoughts: string | null };
}

/** The sampler configuration that reached llama.cpp (read in the worker at the native binding). */
export interface SamplerReadback {
  temperature: number;
  topK: number;
  topP: number;
  minP: number;
  seed: number;
  repeatPenalty: number | null;
  presencePenalty: number | null;
  frequencyPenalty: number | null;
  penaltyLastTokens: number | null;
  grammar: boolean;
}

export interface LlamaGenerated {
  text: string;
  tokens: number;
  ms: number;
  sampler: SamplerReadback | null;
  context?: string;
}

/** One chunk of the planned meeting: its lines as the prompt gives them, and its turns (as cut) for the notes. */
export interface LlamaChunk {
  /** One line per turn ("Speaker: text"), as the model reads them. */
  transcript: string;
  /** The chunk's turns' texts, one per line (the built-in notes' plain text of the chunk). */
  text: string;
  /** The chunk's turns as JSON text (a long turn cut into several): where its notes' items were said. */
  turnsJson: string;
}

/** Every message carries the worker's peak resident memory (rssBytes). */
export type LlamaWorkerMessage = { rssBytes?: number } & (
  | { type: "stage"; stage: string }
  | { type: "tokens"; id: number; tokens: number }
  | ({ type: "loaded"; id?: null } & LlamaLoaded)
  | { type: "counted"; id: number; counts: number[] }
  | { type: "embedded"; id: number; vectors: number[][] }
  /** The speaker labels of the turns kept (first seen first), and how many turns were kept. */
  | { type: "turns-read"; id: number; speakers: string[]; turns: number }
  /** How many chunks, and the turns' tokens (each line counted alone). */
  | { type: "planned"; id: number; chunks: number; transcriptTokens: number }
  | ({ type: "chunk"; id: number } & LlamaChunk)
  | ({ type: "generated"; id: number } & LlamaGenerated)
  | { type: "error"; id: number | null; message: string }
);

// ---- live recogniser (server/src/engines/speech/live/live-worker.ts) ----

/** The streaming model's files and how to decode chunks; given as the worker's argument (JSON). */
export interface LiveWorkerConfig {
  encoder: string;
  decoder: string;
  joiner: string;
  tokens: string;
  threads: number;
  /** The ffmpeg program that decodes the browser's chunks. */
  ffmpeg: string;
}

export type LiveWorkerRequest =
  /** The recording's next chunk, in order; `startsPart` when it begins a new container (a new MediaRecorder). */
  { type: "chunk"; data: Uint8Array; startsPart: boolean } | { type: "end" };

/** `audioSeconds`: audio recognised so far; `decodeMs`: how long the last samples took. */
export type LiveWorkerMessage =
  | { type: "ready"; audioSeconds?: undefined; decodeMs?: undefined }
  | { type: "partial" | "final"; text: string; audioSeconds: number; decodeMs?: number }
  | { type: "progress"; audioSeconds: number; decodeMs: number }
  | { type: "ended"; audioSeconds: number; decodeMs?: undefined };

// ---- CPU task process (server/src/workers/cpu-worker.ts) ----

/** One task per process: its name and input (the task table is the server's, workers/cpu-task-types.ts). */
export interface CpuTaskRequest<Name extends string = string, Input = unknown> {
  name: Name;
  input: Input;
}

/** The task's output, or its error (`code`: an AppError's code; null for any other error). */
export type CpuTaskReply<Output = unknown> = { ok: true; output: Output } | { ok: false; error: { code: string | null; message: string } };
