// Child process that runs the local language model (node-llama-cpp / llama.cpp). It runs
// apart from the API process so that inference never blocks it, a native abort on a broken
// model file only kills this process, and cancelling is a plain kill.
// Started by the one child-process harness (workers/child-process.ts); the prompts and
// validation live in the parent (local-summarizer.ts, llama-client.ts). The meeting's turns are
// parsed, counted and cut into chunks here (turn-plan.ts): that grows with the meeting, and the
// parent may be the web process (decision 052).
//
// Messages (contract/workers.ts, LlamaRequest → LlamaWorkerMessage):
//   load {modelPath, contextSize, threads, gpu}          → loaded {contextSize, …, chatWrapper}
//   count {id, texts}                                    → counted {id, counts}
//   generate {id, system, user, schema, maxTokens, sampling, echoContext}
//                                                        → generated {id, text, tokens, ms, sampler, context}
//   load {…, embedding: true} then embed {id, texts}     → embedded {id, vectors} (an embedding model, decision 036)
//   turns {id, utterancesJson}                           → turns-read {id, speakers, turns}
//   plan {id, budget}                                    → planned {id, chunks, transcriptTokens}
//   chunk {id, index}                                    → chunk {id, transcript, text, turnsJson}
// The reply's `sampler` is the configuration that last reached llama.cpp's sampler (read at the
// native binding, not echoed from the request); `context` (with echoContext) is the text llama.cpp
// evaluated: prompt and answer. Every reply carries the process's peak resident memory (rssBytes).
import type { ChatWrapper, GbnfJsonSchema, Llama, LlamaContext, LlamaEmbeddingContext, LlamaModel, Token } from "node-llama-cpp";
import type { LlamaGenerate, LlamaLoad, LlamaRequest, LlamaWorkerMessage, SamplerReadback } from "../../../../../contract/workers";
import { answerPlan, isPlanRequest, TurnPlan } from "./turn-plan";

type Lib = typeof import("node-llama-cpp");
/** What node-llama-cpp hands its native sampler (the fields read back here). */
interface NativeSamplerConfig {
  temperature: number;
  topK: number;
  topP: number;
  minP: number;
  seed: number;
  repeatPenalty?: number;
  repeatPenaltyPresencePenalty?: number;
  repeatPenaltyFrequencyPenalty?: number;
  repeatPenaltyMaxTokens?: number;
  grammarEvaluationState?: unknown;
}
type NativeSamplerClass = (new (...args: never[]) => { applyConfig(config: NativeSamplerConfig): unknown }) & { __recorded?: boolean };

let llama: Llama | null = null;
let model: LlamaModel | null = null;
let context: LlamaContext | null = null;
let embeddingContext: LlamaEmbeddingContext | null = null;
/** The embedding context's size in tokens: a longer text is cut to it. */
let embeddingTokens = 0;
let lib: Lib | null = null;
/** llama.cpp's last error lines: they say why a file did not load ("Failed to load model" does not). */
let nativeErrors: string[] = [];
/** The chat wrapper for the loaded model (chosen once, from its chat template). */
let wrapper: ChatWrapper | null = null;
/** The last configuration node-llama-cpp applied to a llama.cpp sampler. */
let lastSamplerConfig: SamplerReadback | null = null;
/** The meeting being summarised: its turns, lines and chunks. */
const plan = new TurnPlan();

/**
 * Records what each sampler is configured with, at the boundary to the native addon: node-llama-cpp
 * builds its sampler from `llama._bindings.AddonSampler` when it samples, so a subclass there sees the
 * values llama.cpp gets. Without that class (another node-llama-cpp) nothing is recorded.
 */
function recordSamplerConfigs(bindings: { AddonSampler?: NativeSamplerClass } | undefined) {
  const Native = bindings?.AddonSampler;
  if (!bindings || typeof Native !== "function" || Native.__recorded) return;
  class RecordingSampler extends Native {
    applyConfig(config: NativeSamplerConfig) {
      lastSamplerConfig = {
        temperature: config.temperature,
        topK: config.topK,
        topP: config.topP,
        minP: config.minP,
        seed: config.seed,
        repeatPenalty: config.repeatPenalty ?? null,
        presencePenalty: config.repeatPenaltyPresencePenalty ?? null,
        frequencyPenalty: config.repeatPenaltyFrequencyPenalty ?? null,
        penaltyLastTokens: config.repeatPenaltyMaxTokens ?? null,
        grammar: config.grammarEvaluationState != null,
      };
      return super.applyConfig(config);
    }
  }
  (RecordingSampler as NativeSamplerClass).__recorded = true;
  bindings.AddonSampler = RecordingSampler;
}

function send(msg: LlamaWorkerMessage) {
  if (process.send) process.send({ ...msg, rssBytes: process.resourceUsage().maxRSS * 1024 });
}

function errorText(err: unknown) {
  return String((err instanceof Error && err.message) || err).trim();
}

async function load(job: LlamaLoad) {
  const started = Date.now();
  send({ type: "stage", stage: "starting llama.cpp" });
  const l = (lib = await import("node-llama-cpp"));
  // build "never": the prebuilt binaries from npm or nothing (no download, no compiler).
  const ll = (llama = await l.getLlama({
    build: "never",
    gpu: job.gpu === "auto" ? "auto" : false,
    maxThreads: job.threads,
    logLevel: l.LlamaLogLevel.error,
    logger: (level, message) => {
      if (level === l.LlamaLogLevel.error || level === l.LlamaLogLevel.fatal)
        nativeErrors = [...nativeErrors, String(message).trim()].slice(-3);
    },
    progressLogs: false,
  }));
  // Private to node-llama-cpp: the native classes it samples with.
  recordSamplerConfigs((ll as unknown as { _bindings?: { AddonSampler?: NativeSamplerClass } })._bindings);
  send({ type: "stage", stage: "loading the model" });
  // Read into memory rather than mapped: with the Qwen3-1.7B stand-in (bench:llm) the worker peaked at 3.2 GiB
  // mapped and 2.4 GiB read, likely because the mapped file's pages stay resident beside the weights llama.cpp
  // repacks for the CPU. Load time is the same.
  const m = (model = await ll.loadModel({ modelPath: job.modelPath, useMmap: false }));
  send({ type: "stage", stage: "creating the context" });
  const contextSize = Math.min(job.contextSize, m.trainContextSize || job.contextSize);
  if (job.embedding) {
    embeddingContext = await m.createEmbeddingContext({ contextSize, threads: job.threads, batchSize: Math.min(512, contextSize) });
    embeddingTokens = Math.min(contextSize, 512);
    send({
      type: "loaded",
      contextSize,
      trainContextSize: m.trainContextSize,
      gpu: ll.gpu || "cpu",
      name: m.fileInfo?.metadata?.general?.name ?? null,
      loadMs: Date.now() - started,
      chatWrapper: { name: "none", thoughts: null },
    });
    return;
  }
  const settings = { contextSize, threads: job.threads, batchSize: Math.min(512, contextSize) };
  // Flash attention: a 1,921-token prompt took 14.8 s instead of 19.3 s on two CPU cores (same stand-in); a
  // backend without it gets the plain context.
  const c = (context = await m.createContext({ ...settings, flashAttention: true }).catch(() => m.createContext(settings)));
  const w = (wrapper = chatWrapper(l, m));
  send({
    type: "loaded",
    contextSize: c.contextSize,
    trainContextSize: m.trainContextSize,
    gpu: ll.gpu || "cpu",
    name: m.fileInfo?.metadata?.general?.name ?? null,
    loadMs: Date.now() - started,
    chatWrapper: { name: w.wrapperName, thoughts: (w as { thoughts?: string }).thoughts ?? null },
  });
}

/**
 * The chat wrapper node-llama-cpp resolves from the model's chat template. A hybrid model (Qwen3's
 * template has an `enable_thinking` switch) thinks aloud unless told not to: notes need the answer only,
 * so its thinking is switched off the way its template does it with enable_thinking=false (an empty
 * think block opens the answer). A model without the switch (Qwen3-4B-Instruct-2507, non-thinking) gets
 * its template as it is: no think block.
 */
function chatWrapper(lib: Lib, model: LlamaModel): ChatWrapper {
  const resolved = lib.resolveChatWrapper(model);
  const template = model.fileInfo?.metadata?.tokenizer?.chat_template ?? "";
  if (!template.includes("enable_thinking")) return resolved;
  if (resolved instanceof lib.QwenChatWrapper) return new lib.QwenChatWrapper({ thoughts: "discourage", variation: resolved.variation });
  if (resolved instanceof lib.JinjaTemplateChatWrapper)
    return new lib.JinjaTemplateChatWrapper({
      template,
      tokenizer: model.tokenizer,
      additionalRenderParameters: { enable_thinking: false },
    });
  return resolved;
}

/** Token id → whether its text is only JSON punctuation and white space (`", "`, `{`, `]`, `\n\t`). */
const punctuation = new Map<Token, boolean>();
function notJsonPunctuation(tokens: Token[]): Token[] {
  return tokens.filter((t) => {
    let only = punctuation.get(t);
    if (only === undefined) {
      only = /^[\s{}[\]":,]*$/.test(model!.detokenize([t], true));
      punctuation.set(t, only);
    }
    return !only;
  });
}

async function generate(job: LlamaGenerate & { id: number }) {
  if (!llama || !context || !model || !lib || !wrapper) throw new Error("no model is loaded");
  const loaded = model;
  const started = Date.now();
  const grammar = await llama.createGrammarForJsonSchema(job.schema as never);
  const sequence = context.getSequence();
  const session = new lib.LlamaChatSession({ contextSequence: sequence, systemPrompt: job.system, chatWrapper: wrapper });
  const s = job.sampling;
  let tokens = 0;
  lastSamplerConfig = null;
  try {
    const text = await session.prompt(job.user, {
      grammar,
      maxTokens: job.maxTokens,
      temperature: s.temperature,
      topK: s.topK,
      topP: s.topP,
      minP: s.minP,
      seed: s.seed,
      // Qwen's advice against repetition is a presence penalty, not the multiplicative one (penalty 1 = off). JSON's
      // own punctuation repeats by design: penalising it would make the model keep strings open rather than close them.
      repeatPenalty: { penalty: 1, presencePenalty: s.presencePenalty, frequencyPenalty: 0, punishTokensFilter: notJsonPunctuation },
      budgets: { thoughtTokens: 0 },
      onToken: (t) => {
        tokens += t.length;
        if (tokens % 16 === 0) send({ type: "tokens", id: job.id, tokens });
      },
    });
    send({
      type: "generated",
      id: job.id,
      text,
      tokens,
      ms: Date.now() - started,
      sampler: lastSamplerConfig,
      context: job.echoContext ? loaded.detokenize(sequence.contextTokens, true) : undefined,
    });
  } finally {
    session.dispose();
    void sequence.dispose(); // as before: the next request does not wait for it
  }
}

async function handle(msg: LlamaRequest) {
  try {
    if (msg.type === "load") await load(msg);
    else if (isPlanRequest(msg)) {
      const m = model;
      send(answerPlan(plan, msg, m ? (texts) => texts.map((t) => m.tokenize(t).length) : null));
    } else if (msg.type === "count") {
      if (!model) throw new Error("no model is loaded");
      const m = model;
      send({ type: "counted", id: msg.id, counts: msg.texts.map((t) => m.tokenize(t).length) });
    } else if (msg.type === "generate") await generate(msg);
    else if (msg.type === "embed") {
      if (!embeddingContext || !model) throw new Error("no embedding model is loaded");
      const e = embeddingContext;
      // Room for the special tokens llama.cpp adds around the text.
      const max = embeddingTokens - 8;
      const vectors: number[][] = [];
      // A text past the context is cut to it: its start says what the passage is about.
      for (const text of msg.texts) {
        const tokens = model.tokenize(text);
        vectors.push([...(await e.getEmbeddingFor(tokens.length > max ? tokens.slice(0, max) : tokens)).vector]);
      }
      send({ type: "embedded", id: msg.id, vectors });
    }
  } catch (err) {
    // llama.cpp's log lines reach JavaScript a little after the failure they explain.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const native = nativeErrors.filter(Boolean).join("; ");
    nativeErrors = [];
    send({ type: "error", id: msg.id ?? null, message: errorText(err).replace(/\.+$/, "") + (native ? ` (llama.cpp: ${native})` : "") });
  }
}

// One message at a time, in order.
let queue = Promise.resolve();
process.on("message", (msg: LlamaRequest) => {
  queue = queue.then(() => handle(msg));
});
process.on("disconnect", () => process.exit(0));
