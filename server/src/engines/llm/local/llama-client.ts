// The parent side of llama-worker.mjs: starts the child, sends it one request at a time and
// turns its replies, crashes and cancellations into LlmEngineErrors.
import { fork, type ChildProcess } from "node:child_process";
import { statSync } from "node:fs";
import { MB, mb, watchMemory } from "../../worker-memory";
import { AppError } from "../../../core/errors";
import { fromRoot } from "../../../paths";

const WORKER = fromRoot("server/src/engines/llm/local/llama-worker.mjs");

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

export interface LoadedModel {
  contextSize: number;
  trainContextSize: number;
  gpu: string;
  name: string | null;
  loadMs: number;
  /** node-llama-cpp's chat wrapper for the model's template, and its thoughts setting ("discourage": thinking off). */
  chatWrapper: { name: string; thoughts: string | null };
}

/** How the next token is drawn (llama.cpp's sampler chain), as Qwen's model cards give it. */
export interface Sampling {
  temperature: number;
  topK: number;
  topP: number;
  minP: number;
  /** Subtracted from the logit of every token already in the last 64 (0 = off). */
  presencePenalty: number;
}

export interface GenerateRequest {
  system: string;
  user: string;
  /** JSON schema for the output grammar (node-llama-cpp's supported subset). */
  schema: object;
  maxTokens: number;
  sampling: Sampling & { seed: number };
  /** Reply with the text llama.cpp evaluated (prompt and answer, special tokens written out). */
  echoContext?: boolean;
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

export interface Generated {
  text: string;
  tokens: number;
  ms: number;
  sampler: SamplerReadback | null;
  context?: string;
}

type Reply = { type: string; id?: number | null; rssBytes?: number; [k: string]: unknown };

/** One running worker with one loaded model. Close it when done. */
export class LlamaWorker {
  /** Peak resident memory of the worker, from its last reply. */
  peakRssBytes = 0;
  private child: ChildProcess | null = null;
  private stage = "starting";
  private stderr = "";
  private nextId = 1;
  private pending: { id: number | null; resolve: (r: Reply) => void; reject: (e: Error) => void; onTokens?: (n: number) => void } | null =
    null;
  private dead: LlmEngineError | null = null;

  constructor(
    private readonly signal?: AbortSignal,
    private readonly script = WORKER,
  ) {}

  private onAbort = () => this.fail(new LlmEngineError("Writing the notes was cancelled.", "ABORTED"));

  private fail(err: LlmEngineError) {
    if (!this.dead) this.dead = err;
    const p = this.pending;
    this.pending = null;
    p?.reject(err);
    this.close();
  }

  private start() {
    if (this.signal?.aborted) throw new LlmEngineError("Writing the notes was cancelled.", "ABORTED");
    // Bare node: the worker is plain JS and must not inherit tsx/vitest loaders.
    const child = fork(this.script, [], { execArgv: [], stdio: ["ignore", "ignore", "pipe", "ipc"] });
    this.child = child;
    this.signal?.addEventListener("abort", this.onAbort);
    child.stderr?.on("data", (d) => (this.stderr = (this.stderr + String(d)).slice(-2000)));
    child.on("message", (msg: Reply) => this.onMessage(msg));
    child.on("error", (err) => this.fail(new LlmEngineError(`The language model worker failed: ${err.message}`, "ENGINE_FAILED")));
    child.on("exit", (code, sig) => {
      if (this.dead) return;
      const details = this.stderr.trim() ? ` Details: ${this.stderr.trim().split("\n").slice(-3).join(" ")}` : "";
      const how = sig ? `signal ${sig}` : `exit code ${code}`;
      this.fail(this.errorFor(`llama.cpp stopped with ${how} while ${this.stage}.${details}`));
    });
  }

  private onMessage(msg: Reply) {
    if (typeof msg.rssBytes === "number") this.peakRssBytes = Math.max(this.peakRssBytes, msg.rssBytes);
    if (msg.type === "stage") {
      this.stage = String(msg.stage);
      return;
    }
    if (msg.type === "tokens") {
      this.pending?.onTokens?.(Number(msg.tokens));
      return;
    }
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (msg.type === "error") {
      p.reject(this.errorFor(String(msg.message)));
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

  private request(msg: Record<string, unknown>, onTokens?: (n: number) => void, memoryBudgetBytes?: number): Promise<Reply> {
    if (this.dead) return Promise.reject(this.dead);
    if (!this.child) {
      this.start();
      if (memoryBudgetBytes !== undefined) this.watchBudget(memoryBudgetBytes);
    }
    const id = msg.type === "load" ? null : this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onTokens };
      this.child!.send({ ...msg, id } as Parameters<ChildProcess["send"]>[0]);
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
    const r = await this.request({ type: "load", ...load }, undefined, memoryBudgetBytes);
    this.stage = "ready";
    return r as unknown as LoadedModel;
  }

  async countTokens(texts: string[]): Promise<number[]> {
    const r = await this.request({ type: "count", texts });
    return r.counts as number[];
  }

  async generate(req: GenerateRequest, onTokens?: (n: number) => void): Promise<Generated> {
    this.stage = "generating";
    const r = await this.request({ type: "generate", ...req }, onTokens);
    this.stage = "ready";
    return {
      text: String(r.text),
      tokens: Number(r.tokens),
      ms: Number(r.ms),
      sampler: (r.sampler as SamplerReadback | null | undefined) ?? null,
      ...(typeof r.context === "string" ? { context: r.context } : {}),
    };
  }

  /** Past its budget the worker is stopped and the request in flight fails with the numbers. */
  private watchBudget(budget: number) {
    const child = this.child!;
    const stop = watchMemory(child, budget, (rss) => {
      const err = new AppError(
        "TOO_COMPLEX",
        `The local language model used ${mb(rss)} MB while ${this.stage}, over its memory budget of ${mb(budget)} MB (LOCAL_LLM_MEMORY_MB), ` +
          `so it was stopped. The owner of this server can raise LOCAL_LLM_MEMORY_MB or lower LOCAL_LLM_CONTEXT.`,
      );
      const p = this.pending;
      this.pending = null;
      this.close();
      p?.reject(err);
    });
    child.once("exit", stop);
  }

  close() {
    if (!this.dead) this.dead = new LlmEngineError("The language model worker was closed.", "ABORTED");
    this.signal?.removeEventListener("abort", this.onAbort);
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    this.child = null;
  }
}
