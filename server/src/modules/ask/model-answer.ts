// The language model's answer to a question (decision 021): written only from the retrieved
// passages, numbered [1]…[n] in the prompt and in `citations` alike, so a marker the model
// writes points at the citation it read. A model that finds no answer in the passages says a
// fixed word (NO_ANSWER) and the user reads that the meetings do not say. Engines: an
// OpenAI-compatible server (LLM_BASE_URL, streamed) or the local model (node-llama-cpp in its
// worker process, one answer at a time per process, written under a JSON grammar).
import OpenAI from "openai";
import type { Config } from "../../config/config";
import { LlamaWorker } from "../../engines/llm/local/llama-client";
import { LocalLlmSummarizer } from "../../engines/llm/local/local-summarizer";
import { samplingFor } from "../../engines/llm/local/sampling";
import { creditOf, type AskPassage } from "./ask-passages";

/** Passages a model reads (best first), and how much of each. */
export const MODEL_PASSAGES = 8;
const PASSAGE_CHARS = 700;
/** What the model writes when the passages do not answer the question. */
export const NO_ANSWER = "NO_ANSWER";
const ANSWER_TOKENS = 400;
const OPENAI_TIMEOUT_MS = 60_000;

export interface AnswerWriter {
  engine: "openai" | "local";
  /** The model's name, or null when none can write now (no model installed, busy): the built-in answer then. */
  ready(): Promise<{ model: string; write: (prompt: AnswerPrompt, onText: (delta: string) => void) => Promise<string> } | null>;
}

export interface AnswerPrompt {
  system: string;
  user: string;
}

const clock = (s: number | null) => {
  if (s === null) return "";
  const t = Math.floor(s);
  const h = Math.floor(t / 3600);
  const mm = String(Math.floor((t % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return ` at ${h ? `${h}:` : ""}${mm}:${String(t % 60).padStart(2, "0")}`;
};

/** The prompt: the rules, then the question and the numbered passages. */
export function answerPrompt(question: string, passages: AskPassage[]): AnswerPrompt {
  const system = [
    "You answer a question about meetings using only the numbered passages the user gives you.",
    "Write a short answer in plain text: at most 4 sentences and under 100 words, no lists, no headings.",
    "After each sentence, write the numbers of the passages it rests on in square brackets, like [1] or [2][3].",
    "Use nothing that is not in the passages: no outside knowledge, no guesses.",
    `If the passages do not answer the question, write only ${NO_ANSWER}.`,
  ].join("\n");
  const numbered = passages.map((p, i) => {
    const body = p.body.length > PASSAGE_CHARS ? `${p.body.slice(0, PASSAGE_CHARS)}…` : p.body;
    return `[${i + 1}] Meeting "${p.title}", ${creditOf(p, clock(p.start_seconds === null ? null : Number(p.start_seconds)))}: ${body}`;
  });
  return { system, user: `Question: ${question}\n\nPassages:\n${numbered.join("\n")}` };
}

/**
 * The model's text as the answer: markers that point at no passage dropped, "[1, 2]" written
 * [1][2]; null when the model said the passages do not answer (or wrote nothing).
 */
export function finishModelAnswer(text: string, passageCount: number): string | null {
  const t = text.trim();
  if (!t || t.toUpperCase().startsWith(NO_ANSWER) || t === NO_ANSWER.toLowerCase()) return null;
  return t
    .replace(/\[(\d+(?:\s*,\s*\d+)*)\]/g, (_m, list: string) =>
      list
        .split(",")
        .map((n) => Number(n.trim()))
        .filter((n) => n >= 1 && n <= passageCount)
        .map((n) => `[${n}]`)
        .join(""),
    )
    .replace(new RegExp(`\\s*${NO_ANSWER}\\s*`, "g"), " ")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
}

/** Holds back the start of a streamed answer until it cannot be the NO_ANSWER word. */
export function withoutNoAnswer(onText: (delta: string) => void): { push(delta: string): void; end(): void } {
  let held = "";
  let open = false;
  return {
    push(delta) {
      if (open) return onText(delta);
      held += delta;
      const start = held.trimStart();
      if (start.length >= NO_ANSWER.length || !NO_ANSWER.startsWith(start.toUpperCase())) {
        if (start.toUpperCase().startsWith(NO_ANSWER)) return;
        open = true;
        onText(held);
      }
    },
    end() {
      const start = held.trimStart();
      if (!open && start && !NO_ANSWER.startsWith(start.toUpperCase())) onText(held);
    },
  };
}

/** An OpenAI-compatible chat server (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL), answer streamed. */
export function openAiWriter(cfg: { baseUrl: string; apiKey: string; model: string }): AnswerWriter {
  const client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey || "none", timeout: OPENAI_TIMEOUT_MS, maxRetries: 0 });
  return {
    engine: "openai",
    async ready() {
      return {
        model: cfg.model,
        async write(prompt, onText) {
          const stream = await client.chat.completions.create({
            model: cfg.model,
            messages: [
              { role: "system", content: prompt.system },
              { role: "user", content: prompt.user },
            ],
            temperature: 0.2,
            max_tokens: ANSWER_TOKENS,
            stream: true,
          });
          let text = "";
          for await (const chunk of stream) {
            const delta = chunk.choices[0]?.delta?.content ?? "";
            if (!delta) continue;
            text += delta;
            onText(delta);
          }
          return text;
        },
      };
    },
  };
}

/** The local model (LOCAL_LLM_MODEL): a worker per answer, one at a time in this process. */
export function localWriter(config: Config): AnswerWriter {
  const summarizer = new LocalLlmSummarizer({
    modelsDir: config.modelsDir,
    model: config.summary.localModel,
    threads: config.summary.threads,
    contextSize: Math.min(config.summary.contextSize, 8192),
    gpu: config.summary.gpu,
    memoryBudgetBytes: config.summary.workerMemoryBytes,
    // Asking a question never starts a download; the notes' engine does that.
    autoDownload: false,
  });
  let busy = false;
  return {
    engine: "local",
    async ready() {
      if (busy) return null;
      const resolved = await summarizer.resolve().catch(() => null);
      if (!resolved?.ok) return null;
      return {
        model: resolved.model,
        async write(prompt, onText) {
          if (busy) throw new Error("the local language model is answering another question");
          busy = true;
          const worker = new LlamaWorker(undefined);
          try {
            await worker.load({
              modelPath: resolved.path,
              contextSize: Math.min(config.summary.contextSize, 8192),
              threads: config.summary.threads,
              gpu: config.summary.gpu,
              memoryBudgetBytes: config.summary.workerMemoryBytes,
            });
            const out = await worker.generate({
              system: prompt.system,
              user: prompt.user,
              schema: { type: "object", properties: { answer: { type: "string" } }, required: ["answer"] },
              maxTokens: ANSWER_TOKENS,
              sampling: { ...samplingFor(resolved.model, config.summary.sampling), seed: 1 },
            });
            const answer = String((JSON.parse(out.text) as { answer?: unknown }).answer ?? "");
            onText(answer);
            return answer;
          } finally {
            busy = false;
            worker.close();
          }
        },
      };
    },
  };
}

/** Who writes answers with these settings: none (built-in) with SUMMARY_ENGINE=built-in. */
export function answerWriterFor(config: Config): AnswerWriter | null {
  const engine = config.summary.engine;
  if (engine === "built-in") return null;
  if (config.llm && (engine === "auto" || engine === "openai")) return openAiWriter(config.llm);
  if (engine === "openai") return null;
  return localWriter(config);
}
