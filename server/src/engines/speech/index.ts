import { AssemblyAiSpeechEngine } from "./assemblyai";
import { LocalSpeechEngine } from "./local/local-engine";
import { OpenAiCompatibleSpeechEngine } from "./openai-compatible";
import { EngineError, type SpeechEngine } from "./speech-engine";
import type { CatalogueModel } from "./models/catalogue";

export * from "./speech-engine";
export { LocalSpeechEngine } from "./local/local-engine";
export { AssemblyAiSpeechEngine } from "./assemblyai";
export { OpenAiCompatibleSpeechEngine } from "./openai-compatible";
export { listModels, pullModel, verifyModels, removeModel, type ModelStatus } from "./models/manager";
export { CATALOGUE } from "./models/catalogue";

export interface SpeechEngineConfig {
  engine: "local" | "assemblyai" | "openai";
  modelsDir: string;
  numThreads: number;
  autoDownload: boolean;
  /** The local worker's memory budget (bytes; SPEECH_WORKER_MEMORY_MB); unset: none. */
  workerMemoryBytes?: number;
  /** Clustering threshold when the number of speakers is unknown (SPEECH_CLUSTERING_THRESHOLD). */
  clusteringThreshold?: number;
  /** Another catalogue (catalogueFrom(MODELS_BASE_URL)); default: the built-in one. */
  catalogue?: CatalogueModel[];
  assemblyai?: { apiKey: string; baseUrl?: string };
  openai?: { baseUrl: string; apiKey: string; model: string };
}

export function createSpeechEngine(cfg: SpeechEngineConfig): SpeechEngine {
  switch (cfg.engine) {
    case "local":
      return new LocalSpeechEngine({
        modelsDir: cfg.modelsDir,
        numThreads: cfg.numThreads,
        autoDownload: cfg.autoDownload,
        catalogue: cfg.catalogue,
        memoryBudgetBytes: cfg.workerMemoryBytes,
        diarizationThreshold: cfg.clusteringThreshold,
      });
    case "assemblyai":
      if (!cfg.assemblyai?.apiKey) throw new EngineError("AssemblyAI is selected but no API key is set.", "ENGINE_MISSING");
      return new AssemblyAiSpeechEngine(cfg.assemblyai);
    case "openai": {
      if (!cfg.openai?.baseUrl || !cfg.openai.model) {
        throw new EngineError("The OpenAI-compatible speech engine needs a base URL and a model name.", "ENGINE_MISSING");
      }
      // Hosted transcripts without speakers get them from local diarization when its models are installed.
      const local = new LocalSpeechEngine({
        modelsDir: cfg.modelsDir,
        numThreads: cfg.numThreads,
        autoDownload: false,
        catalogue: cfg.catalogue,
        memoryBudgetBytes: cfg.workerMemoryBytes,
        diarizationThreshold: cfg.clusteringThreshold,
      });
      return new OpenAiCompatibleSpeechEngine({ ...cfg.openai, diarize: (p, n, s) => local.diarizeWithVoices(p, n, s) });
    }
    default:
      throw new EngineError(`Unknown speech engine "${(cfg as { engine: string }).engine}".`, "ENGINE_MISSING");
  }
}
