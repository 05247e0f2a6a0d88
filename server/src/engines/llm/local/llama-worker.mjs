// Child process that runs the local language model (node-llama-cpp / llama.cpp). It runs
// apart from the API process so that inference never blocks it, a native abort on a broken
// model file only kills this process, and cancelling is a plain kill.
// Plain JavaScript so it starts with bare `node`, without a TypeScript loader; the prompts,
// chunking and validation live in the parent (local-summarizer.ts).
//
// Messages in: {type:"load", modelPath, contextSize, threads, gpu}
//                                                     → {type:"loaded", contextSize, …, chatWrapper}
//              {type:"count", id, texts}              → {type:"counted", id, counts}
//              {type:"generate", id, system, user, schema, maxTokens, sampling, echoContext}
//                                                     → {type:"generated", id, text, tokens, ms, sampler, context}
// sampling: {temperature, topK, topP, minP, presencePenalty, seed}. The reply's `sampler` is the
// configuration that last reached llama.cpp's sampler (read at the native binding, not echoed from
// the request); `context` (with echoContext) is the text llama.cpp evaluated: prompt and answer.
// Every reply carries the process's peak resident memory (rssBytes).

let llama = null;
let model = null;
let context = null;
let lib = null;
/** llama.cpp's last error lines: they say why a file did not load ("Failed to load model" does not). */
let nativeErrors = [];
/** The chat wrapper for the loaded model (chosen once, from its chat template). */
let wrapper = null;
/** The last configuration node-llama-cpp applied to a llama.cpp sampler. */
let lastSamplerConfig = null;

/**
 * Records what each sampler is configured with, at the boundary to the native addon: node-llama-cpp
 * builds its sampler from `llama._bindings.AddonSampler` when it samples, so a subclass there sees the
 * values llama.cpp gets. Without that class (another node-llama-cpp) nothing is recorded.
 */
function recordSamplerConfigs(bindings) {
  const Native = bindings?.AddonSampler;
  if (typeof Native !== "function" || Native.__recorded) return;
  class RecordingSampler extends Native {
    applyConfig(config) {
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
  RecordingSampler.__recorded = true;
  bindings.AddonSampler = RecordingSampler;
}

function send(msg) {
  if (process.send) process.send({ ...msg, rssBytes: process.resourceUsage().maxRSS * 1024 });
}

function errorText(err) {
  return String((err && err.message) || err).trim();
}

async function load(job) {
  const started = Date.now();
  send({ type: "stage", stage: "starting llama.cpp" });
  lib = await import("node-llama-cpp");
  // build "never": the prebuilt binaries from npm or nothing (no download, no compiler).
  llama = await lib.getLlama({
    build: "never",
    gpu: job.gpu === "auto" ? "auto" : false,
    maxThreads: job.threads,
    logLevel: lib.LlamaLogLevel.error,
    logger: (level, message) => {
      if (level === lib.LlamaLogLevel.error || level === lib.LlamaLogLevel.fatal)
        nativeErrors = [...nativeErrors, String(message).trim()].slice(-3);
    },
    progressLogs: false,
  });
  recordSamplerConfigs(llama._bindings);
  send({ type: "stage", stage: "loading the model" });
  // Read into memory rather than mapped: with the Qwen3-1.7B stand-in (bench:llm) the worker peaked at 3.2 GiB
  // mapped and 2.4 GiB read, likely because the mapped file's pages stay resident beside the weights llama.cpp
  // repacks for the CPU. Load time is the same.
  model = await llama.loadModel({ modelPath: job.modelPath, useMmap: false });
  send({ type: "stage", stage: "creating the context" });
  const contextSize = Math.min(job.contextSize, model.trainContextSize || job.contextSize);
  const settings = { contextSize, threads: job.threads, batchSize: Math.min(512, contextSize) };
  // Flash attention: a 1,921-token prompt took 14.8 s instead of 19.3 s on two CPU cores (same stand-in); a
  // backend without it gets the plain context.
  context = await model.createContext({ ...settings, flashAttention: true }).catch(() => model.createContext(settings));
  wrapper = chatWrapper();
  send({
    type: "loaded",
    contextSize: context.contextSize,
    trainContextSize: model.trainContextSize,
    gpu: llama.gpu || "cpu",
    name: model.fileInfo?.metadata?.general?.name ?? null,
    loadMs: Date.now() - started,
    chatWrapper: { name: wrapper.wrapperName, thoughts: wrapper.thoughts ?? null },
  });
}

/**
 * The chat wrapper node-llama-cpp resolves from the model's chat template. A hybrid model (Qwen3's
 * template has an `enable_thinking` switch) thinks aloud unless told not to: notes need the answer only,
 * so its thinking is switched off the way its template does it with enable_thinking=false (an empty
 * think block opens the answer). A model without the switch (Qwen3-4B-Instruct-2507, non-thinking) gets
 * its template as it is: no think block.
 */
function chatWrapper() {
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
const punctuation = new Map();
function notJsonPunctuation(tokens) {
  return tokens.filter((t) => {
    let only = punctuation.get(t);
    if (only === undefined) {
      only = /^[\s{}[\]":,]*$/.test(model.detokenize([t], true));
      punctuation.set(t, only);
    }
    return !only;
  });
}

async function generate(job) {
  const started = Date.now();
  const grammar = await llama.createGrammarForJsonSchema(job.schema);
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
      context: job.echoContext ? model.detokenize(sequence.contextTokens, true) : undefined,
    });
  } finally {
    session.dispose();
    sequence.dispose();
  }
}

async function handle(msg) {
  try {
    if (msg.type === "load") await load(msg);
    else if (msg.type === "count") send({ type: "counted", id: msg.id, counts: msg.texts.map((t) => model.tokenize(t).length) });
    else if (msg.type === "generate") await generate(msg);
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
process.on("message", (msg) => {
  queue = queue.then(() => handle(msg));
});
process.on("disconnect", () => process.exit(0));
