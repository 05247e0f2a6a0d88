// The parent side of llama-worker.ts: starts the child (workers/child-process.ts), sends it one
// request at a time and turns its replies, crashes and cancellations into LlmEngineErrors.
import { statSync } from "node:fs";
import type {
  LlamaChunk,
  LlamaGenerate,
  LlamaGenerated,
  LlamaLoaded,
  LlamaRequest,
  LlamaSampling,
  LlamaWorkerMessage,
  SamplerReadback,
} from "../../../../../contract/workers";
import { startChild, stderrDetails, workerScript, type ChildEnd, type ChildHandle } from "../../../workers/child-process";
import { MB, mb } from "../../worker-memory";
import { AppError } from "../../../core/errors";

const WORKER = workerScript(new URL("./llama-worker.ts", import.meta.url));

export type LlmEngineErrorCode =
  /** The model file could not be loaded (damaged, truncated, not a GGUF, unsupported architecture). */
  | "CORRUPT"
  /** node-llama-cpp or its prebuilt binary is missing. */
  | "ENGINE_MISSING"
  /** Inference failed or the worker died while generating. */
  | "ENGINE_FAILED"
  | "ABORTED";

/** A failure of the local language model; CORRUPT and ENGINE_MISSING fail the meeting with the message. */
export class LlmEngineError extends AppError {
  declare readonly code: LlmEngineErrorCode;
  constructor(message: string, code: LlmEngineErrorCode) {
    super(code, message);
    this.name = "LlmEngineError";
  }
}

export interface LoadOptions {
  modelPath: string;
  contextSize: number;
  threads: number;
  gpu: "auto" | false;
  /** An embedding model (embed, not generate). */
  embedding?: boolean;
  /**
   * The worker's memory budget (bytes; LOCAL_LLM_MEMORY_MB): the model file plus its context
   * must fit before loading, and the worker is stopped with the numbers past it. Unset: none.
   */
  memoryBudgetBytes?: number;
}

/** The worker itself and llama.cpp's compute buffers (MiB). */
export const LLM_WORKER_BASE_MB = 300;
/** Key/value cache per context token (MiB): Qwen3-4B's 36 layers x 8 KV heads x 128 x 2 x f16 is 0.14. */
export const KV_MB_PER_TOKEN = 0.15;

/** What loading a model needs by its file size and context (MiB), for the budget check. */
export function declaredLlmMemory(fileBytes: number, contextSize: number): { totalMb: number; text: string } {
  const file = Math.ceil(fileBytes / MB);
  const kv = Math.ceil(contextSize * KV_MB_PER_TOKEN);
  return {
    totalMb: file + kv + LLM_WORKER_BASE_MB,
    text: `model file ${file} MB, context of ${contextSize} tokens ${kv} MB, worker ${LLM_WORKER_BASE_MB} MB`,
  };
}

/** How the next token is drawn (llama.cpp's sampler chain), as Qwen's model cards give it. */
export type Sampling = Omit<LlamaSampling, "seed">;
export type GenerateRequest = LlamaGenerate;
export type LoadedModel = LlamaLoaded;
export type Generated = LlamaGenerated;
export type { SamplerReadback };

type Reply = LlamaWorkerMessage;

/** One running worker with one loaded model. Close it when done. */
export class LlamaWorker {
  /** Peak resident memory of the worker, from its last reply. */
  peakRssBytes = 0;
  private child: ChildHandle<LlamaRequest> | null = null;
  private stage = "starting";
  private nextId = 1;
  private pending: { resolve: (r: Reply) => void; reject: (e: Error) => void; onTokens?: (n: number) => void } | null = null;
  private dead: Error | null = null;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly script = WORKER,
  ) {}

  private fail(err: Error) {
    if (!this.dead) this.dead = err;
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
    this.close();
  }

  private start(memoryBudgetBytes?: number) {
    if (this.signal?.aborted) throw new LlmEngineError("Writing the notes was cancelled.", "ABORTED");
    this.child = startChild<LlamaRequest, Reply>({
      script: this.script,
      // A meeting's turns go as one JSON text (decision 052): V8's serializer copies it as it is, where
      // "json" would escape every quote of it on the job's thread (about 3 times the time for 14 MB).
      serialization: "advanced",
      signal: this.signal,
      memoryBudgetBytes,
      onMessage: (msg) => this.onMessage(msg),
      onEnd: (end) => this.fail(this.endError(end, memoryBudgetBytes)),
    });
  }

  private endError(end: ChildEnd, budget?: number): Error {
    switch (end.reason) {
      case "aborted":
        return new LlmEngineError("Writing the notes was cancelled.", "ABORTED");
      case "error":
        return new LlmEngineError(`The language model worker failed: ${end.error.message}`, "ENGINE_FAILED");
      case "memory":
        // Past its budget the worker is stopped and the request in flight fails with the numbers.
        return new AppError(
          "TOO_COMPLEX",
          `The local language model used ${mb(end.rssBytes)} MB while ${this.stage}, over its memory budget of ${mb(budget ?? end.budgetBytes)} MB (LOCAL_LLM_MEMORY_MB), ` +
            `so it was stopped. The owner of this server can raise LOCAL_LLM_MEMORY_MB or lower LOCAL_LLM_CONTEXT.`,
        );
      case "timeout":
      case "exit": {
        const how = end.reason === "timeout" ? "a time-out" : end.signal ? `signal ${end.signal}` : `exit code ${end.code}`;
        return this.errorFor(`llama.cpp stopped with ${how} while ${this.stage}.${stderrDetails(end.reason === "exit" ? end.stderr : "")}`);
      }
    }
  }

  private onMessage(msg: Reply) {
    if (typeof msg.rssBytes === "number") this.peakRssBytes = Math.max(this.peakRssBytes, msg.rssBytes);
    if (msg.type === "stage") {
      this.stage = msg.stage;
      return;
    }
    if (msg.type === "tokens") {
      this.pending?.onTokens?.(msg.tokens);
      return;
    }
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (msg.type === "error") {
      p.reject(this.errorFor(msg.message));
    } else {
      p.resolve(msg);
    }
  }

  /** A failure while loading the file means the file is unusable; later it is an engine failure. */
  private errorFor(message: string): LlmEngineError {
    if (this.stage === "loading the model") return new LlmEngineError(message, "CORRUPT");
    if (this.stage === "starting llama.cpp" || this.stage === "starting")
      return new LlmEngineError(
        `The local language model engine (node-llama-cpp, prebuilt llama.cpp for ${process.platform}-${process.arch}) could not start: ${message}. Reinstall dependencies with "npm install".`,
        "ENGINE_MISSING",
      );
    const memory = this.stage === "creating the context" ? " A smaller LOCAL_LLM_CONTEXT needs less memory." : "";
    return new LlmEngineError(`The language model failed while ${this.stage}: ${message}${memory}`, "ENGINE_FAILED");
  }

  private request(msg: LlamaRequest, onTokens?: (n: number) => void, memoryBudgetBytes?: number): Promise<Reply> {
    if (this.dead) return Promise.reject(this.dead);
    if (!this.child) this.start(memoryBudgetBytes);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, onTokens };
      this.child!.send(msg);
    });
  }

  async load(options: LoadOptions): Promise<LoadedModel> {
    const { memoryBudgetBytes, ...load } = options;
    if (memoryBudgetBytes !== undefined) {
      const need = declaredLlmMemory(statSync(options.modelPath).size, options.contextSize);
      if (need.totalMb * MB > memoryBudgetBytes)
        throw new AppError(
          "TOO_COMPLEX",
          `The local language model needs about ${need.totalMb} MB (${need.text}), but its memory budget is ${mb(memoryBudgetBytes)} MB ` +
            `(LOCAL_LLM_MEMORY_MB). The owner of this server can raise LOCAL_LLM_MEMORY_MB, lower LOCAL_LLM_CONTEXT or choose a smaller model.`,
        );
    }
    const r = await this.request({ type: "load", id: null, ...load }, undefined, memoryBudgetBytes);
    this.stage = "ready";
    if (r.type !== "loaded") throw this.errorFor(`unexpected reply ${r.type}`);
    const { type: _type, id: _id, rssBytes: _rss, ...loaded } = r;
    return loaded;
  }

  async countTokens(texts: string[]): Promise<number[]> {
    const r = await this.request({ type: "count", id: this.nextId++, texts });
    if (r.type !== "counted") throw this.errorFor(`unexpected reply ${r.type}`);
    return r.counts;
  }

  /** The meeting's turns, as JSON text, to the worker, which parses and keeps those with words (turn-plan.ts). */
  async readTurns(utterancesJson: string): Promise<{ speakers: string[]; turns: number }> {
    const r = await this.request({ type: "turns", id: this.nextId++, utterancesJson });
    if (r.type !== "turns-read") throw this.errorFor(`unexpected reply ${r.type}`);
    return { speakers: r.speakers, turns: r.turns };
  }

  /** Cuts the turns read into chunks of at most `budget` tokens, counted with the loaded model. */
  async planChunks(budget: number): Promise<{ chunks: number; transcriptTokens: number }> {
    const r = await this.request({ type: "plan", id: this.nextId++, budget });
    if (r.type !== "planned") throw this.errorFor(`unexpected reply ${r.type}`);
    return { chunks: r.chunks, transcriptTokens: r.transcriptTokens };
  }

  /** One chunk of the plan (0-based): its prompt lines, plain text and turns. */
  async chunk(index: number): Promise<LlamaChunk> {
    const r = await this.request({ type: "chunk", id: this.nextId++, index });
    if (r.type !== "chunk") throw this.errorFor(`unexpected reply ${r.type}`);
    return { transcript: r.transcript, text: r.text, turnsJson: r.turnsJson };
  }

  /** One vector per text; the worker must have loaded an embedding model (`embedding: true`). */
  async embed(texts: string[]): Promise<number[][]> {
    this.stage = "embedding";
    const r = await this.request({ type: "embed", id: this.nextId++, texts });
    this.stage = "ready";
    if (r.type !== "embedded") throw this.errorFor(`unexpected reply ${r.type}`);
    return r.vectors;
  }

  async generate(req: GenerateRequest, onTokens?: (n: number) => void): Promise<Generated> {
    this.stage = "generating";
    const r = await this.request({ type: "generate", id: this.nextId++, ...req }, onTokens);
    this.stage = "ready";
    if (r.type !== "generated") throw this.errorFor(`unexpected reply ${r.type}`);
    return {
      text: r.text,
      tokens: r.tokens,
      ms: r.ms,
      sampler: r.sampler ?? null,
      ...(typeof r.context === "string" ? { context: r.context } : {}),
    };
  }

  close() {
    if (!this.dead) this.dead = new LlmEngineError("The language model worker was closed.", "ABORTED");
    this.child?.stop();
    this.child = null;
  }
}
