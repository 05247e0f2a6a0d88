// The notes engines the benches compare. The built-in one (no model) always runs; an engine that needs a
// model or a server runs when it is configured or installed, and otherwise is listed as skipped with why.
// To add an engine: one entry in ENGINES whose `load` returns a Summarizer, or a sentence saying why not.
import type { SummaryResult, Transcript, Utterance } from "../../contract/transcript";
import { loadConfig } from "../../server/src/config/config";
import { LocalLlmSummarizer } from "../../server/src/engines/llm/local/local-summarizer";
import { OpenAiSummarizer } from "../../server/src/engines/llm/openai-summarizer";
import type { Summarizer } from "../../server/src/engines/llm/summarizer";
import { builtInSummarizer } from "../../server/src/pipeline/summary/summary";

export interface BenchEngine {
  name: string;
  summarizer: Summarizer;
}

interface EngineEntry {
  name: string;
  /** The engine ready to run, or why it cannot run here. */
  load(): Promise<Summarizer | string>;
}

const ENGINES: EngineEntry[] = [
  { name: "built-in", load: async () => builtInSummarizer },
  {
    name: "openai-compatible",
    load: async () => {
      const baseUrl = process.env.LLM_BASE_URL;
      if (!baseUrl) return "LLM_BASE_URL is not set";
      return new OpenAiSummarizer({ baseUrl, apiKey: process.env.LLM_API_KEY ?? "", model: process.env.LLM_MODEL ?? "" });
    },
  },
  {
    // The local language model the app would use (LOCAL_LLM_MODEL, MODELS_DIR); never downloads.
    name: "local",
    load: async () => {
      const { modelsDir, summary } = loadConfig();
      const local = new LocalLlmSummarizer({
        modelsDir,
        model: summary.localModel,
        threads: summary.threads,
        contextSize: summary.contextSize,
        gpu: summary.gpu,
        autoDownload: false,
      });
      const resolved = await local.resolve().catch((e: Error) => ({ ok: false as const, note: e.message }));
      return resolved.ok ? local : `no local language model: ${resolved.note}`;
    },
  },
];

/** The engines that can run here; `--engine=a,b` keeps those named. Prints the skipped ones. */
export async function availableEngines(argv = process.argv): Promise<BenchEngine[]> {
  const wanted = argv
    .find((a) => a.startsWith("--engine="))
    ?.slice("--engine=".length)
    .split(",");
  const out: BenchEngine[] = [];
  for (const e of ENGINES) {
    if (wanted && !wanted.includes(e.name)) continue;
    const loaded = await e.load();
    if (typeof loaded === "string") console.log(`Engine ${e.name}: skipped (${loaded}).`);
    else out.push({ name: e.name, summarizer: loaded });
  }
  return out;
}

/** Runs one engine on one meeting; `enhanced` asks for the model where the engine has one. */
export function runEngine(engine: BenchEngine, utterances: Utterance[], meetingDate: Date): Promise<SummaryResult> {
  const transcript: Transcript = { text: utterances.map((u) => u.text).join("\n"), utterances, language: "en" };
  return engine.summarizer.summarize(transcript, { meetingDate, enhanced: true, title: null });
}
