// Child process that runs the local language model (node-llama-cpp / llama.cpp). It runs
// apart from the API process so that inference never blocks it, a native abort on a broken
// model file only kills this process, and cancelling is a plain kill.
// Plain JavaScript so it starts with bare `node`, without a TypeScript loader; the prompts,
// chunking and validation live in the parent (local-summarizer.ts).
//
// Messages in: {type:"load", modelPath, contextSize, threads, gpu}
//              {type:"count", id, texts}              → {type:"counted", id, counts}
//              {type:"generate", id, system, user, schema, maxTokens, temperature, seed}
//                                                     → {type:"generated", id, text, tokens, ms}
// Every reply carries the process's peak resident memory (rssBytes).

let llama = null;
let model = null;
let context = null;
let lib = null;
/** llama.cpp's last error lines: they say why a file did not load ("Failed to load model" does not). */
let nativeErrors = [];

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
  send({
    type: "loaded",
    contextSize: context.contextSize,
    trainContextSize: model.trainContextSize,
    gpu: llama.gpu || "cpu",
    name: model.fileInfo?.metadata?.general?.name ?? null,
    loadMs: Date.now() - started,
  });
}

function chatWrapper() {
  const resolved = lib.resolveChatWrapper(model);
  // Qwen3 thinks aloud by default; notes need the answer only.
  if (resolved instanceof lib.QwenChatWrapper) return new lib.QwenChatWrapper({ thoughts: "discourage", variation: resolved.variation });
  return resolved;
}

async function generate(job) {
  const started = Date.now();
  const grammar = await llama.createGrammarForJsonSchema(job.schema);
  const sequence = context.getSequence();
  const session = new lib.LlamaChatSession({ contextSequence: sequence, systemPrompt: job.system, chatWrapper: chatWrapper() });
  let tokens = 0;
  try {
    const text = await session.prompt(job.user, {
      grammar,
      maxTokens: job.maxTokens,
      temperature: job.temperature,
      seed: job.seed,
      budgets: { thoughtTokens: 0 },
      onToken: (t) => {
        tokens += t.length;
        if (tokens % 16 === 0) send({ type: "tokens", id: job.id, tokens });
      },
    });
    send({ type: "generated", id: job.id, text, tokens, ms: Date.now() - started });
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
