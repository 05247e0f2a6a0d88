// Passage and query vectors from a local GGUF embedding model (decision 036), through the same
// llama worker as the language model (llama-worker.ts, loaded with `embedding: true`). One worker
// is started on first use and kept; a failed worker is dropped and the next call starts another.
import path from "node:path";
import { LlamaWorker } from "./llama-client";

export interface LocalEmbedderOptions {
  modelPath: string;
  /** The model's catalogue id (vectors of different models are never compared); default: the file name. */
  model?: string;
  threads: number;
  /** Tokens per text: longer texts are cut to their start. */
  contextSize?: number;
}

/** Texts per request to the worker: bounds one message's size. */
const BATCH = 64;

export class LocalEmbedder {
  readonly model: string;
  private worker: Promise<LlamaWorker> | null = null;

  constructor(private readonly options: LocalEmbedderOptions) {
    this.model = options.model ?? path.basename(options.modelPath);
  }

  private started(): Promise<LlamaWorker> {
    if (!this.worker) {
      const w = new LlamaWorker();
      this.worker = w
        .load({
          modelPath: this.options.modelPath,
          contextSize: this.options.contextSize ?? 512,
          threads: this.options.threads,
          gpu: false,
          embedding: true,
        })
        .then(() => w)
        .catch((err: unknown) => {
          this.worker = null;
          w.close();
          throw err;
        });
    }
    return this.worker;
  }

  async embed(texts: string[]): Promise<number[][]> {
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const w = await this.started();
      try {
        out.push(...(await w.embed(texts.slice(i, i + BATCH))));
      } catch (err) {
        this.close();
        throw err;
      }
    }
    return out;
  }

  close() {
    const w = this.worker;
    this.worker = null;
    void w?.then((x) => x.close()).catch(() => undefined);
  }
}
