// Which engine writes a meeting's notes. SUMMARY_ENGINE=auto (the default): an OpenAI-compatible
// server when one is configured (LLM_BASE_URL), else the local model (built-in notes with a
// note while none is installed). 'Use enhanced summary' off, or SUMMARY_ENGINE=built-in: the
// built-in notes.
import type { CpuBudget } from "../../workers/off-thread";
import { builtInNotes } from "./built-in-notes";
import { LocalLlmSummarizer, type LocalLlmOptions } from "./local/local-summarizer";
import { OpenAiSummarizer, type LlmConfig } from "./openai-summarizer";
import type { MeetingSummarizer } from "./summarizer";

export type { MeetingSummarizer, Summarizer, SummarizeOptions, TranscriptSource } from "./summarizer";
export { LlmEngineError } from "./local/llama-client";
export { LocalLlmSummarizer } from "./local/local-summarizer";

export interface SummarizerConfig {
  engine: "auto" | "local" | "openai" | "built-in";
  openai: LlmConfig | null;
  local: LocalLlmOptions;
  /** Budget of the built-in notes, which run off the API's thread (CPU_TASK_* settings). */
  cpuBudget?: CpuBudget;
}

export function createSummarizer(cfg: SummarizerConfig): MeetingSummarizer {
  const openai = cfg.openai ? new OpenAiSummarizer(cfg.openai, undefined, cfg.cpuBudget) : null;
  const local = new LocalLlmSummarizer({ ...cfg.local, cpuBudget: cfg.cpuBudget });
  const builtIn = builtInNotes(cfg.cpuBudget);
  return {
    async summarize(transcript, options) {
      if (!options.enhanced || cfg.engine === "built-in") return builtIn(transcript, options);
      if (openai && (cfg.engine === "openai" || cfg.engine === "auto")) return openai.summarize(transcript, options);
      if (cfg.engine === "openai")
        return {
          ...(await builtIn(transcript, options)),
          note: "No language model server is configured (LLM_BASE_URL); the built-in summary is shown.",
        };
      return local.summarize(transcript, options);
    },
  };
}
