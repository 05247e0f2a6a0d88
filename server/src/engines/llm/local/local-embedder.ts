// Passage and query vectors from a local GGUF embedding model (decision 036), through the same
// llama worker as the language model (llama-worker.ts, loaded with `embedding: true`). One worker
// is started on first use and kept; a failed worker is dropped and the next call starts another.
import { statSync } from "node:fs";
import path from "node:path";
import { CATALOGUE, findModel, modelFilePath, TEXT_EMBEDDING } from "../../speech/models/catalogue";
import { modelDir } from "../../speech/models/manager";
import { LlamaWorker } from "./llama-client";

export interface LocalEmbedderOptions {
  modelPath: string;
  /** The model's catalogue id (vectors of different models are never compared); default: the file name. */
  model?: string;
  threads: number;
  /** Tokens per text: longer texts are cut to their start. */
  contextSize?: number;
  /** Put before each query / passage (the prefixes the model was trained with). */
  queryPrefix?: string;
  documentPrefix?: string;
}

/** Texts per request to the worker: bounds one message's size. */
const BATCH = 64;
const RETRY_AFTER_MS = 60_000;

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
          this.failedAt = Date.now();
          w.close();
          throw err;
        });
    }
    return this.worker;
  }

  /** The worker answers one request at a time: searches and the job take turns. */
  private turn: Promise<unknown> = Promise.resolve();
  /** After a failure the model is not tried again for a while (a broken file would cost every search a start). */
  private failedAt = 0;

  embed(texts: string[], role: "query" | "document" = "document"): Promise<number[][]> {
    const run = this.turn.then(() => this.embedNow(texts, role));
    this.turn = run.catch(() => undefined);
    return run;
  }

  private async embedNow(texts: string[], role: "query" | "document"): Promise<number[][]> {
    if (Date.now() - this.failedAt < RETRY_AFTER_MS) throw new Error("The text embedding model failed a moment ago.");
    const prefix = (role === "query" ? this.options.queryPrefix : this.options.documentPrefix) ?? "";
    texts = texts.map((t) => prefix + t);
    const out: number[][] = [];
    for (let i = 0; i < texts.length; i += BATCH) {
      const w = await this.started();
      try {
        out.push(...(await w.embed(texts.slice(i, i + BATCH))));
      } catch (err) {
        this.failedAt = Date.now();
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

/** One embedder per models folder, kept while its file stays. */
const installed = new Map<string, LocalEmbedder>();

/**
 * The catalogue's text embedding model when it is installed in `modelsDir` (its file there, of
 * the catalogue's size; the download checked its sha256), else null: search stays lexical. A cheap
 * stat per call, so a model installed while the server runs is used from the next search on.
 */
export function installedTextEmbedder(modelsDir: string, threads: number): LocalEmbedder | null {
  const entry = findModel(CATALOGUE, TEXT_EMBEDDING.id);
  if (!entry) return null;
  const file = path.join(modelDir(modelsDir, entry.id), modelFilePath(entry));
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    installed.get(modelsDir)?.close();
    installed.delete(modelsDir);
    return null;
  }
  if (entry.sizeBytes !== null && size !== entry.sizeBytes) return null;
  let e = installed.get(modelsDir);
  if (!e) {
    e = new LocalEmbedder({
      modelPath: file,
      model: entry.id,
      threads,
      queryPrefix: TEXT_EMBEDDING.queryPrefix,
      documentPrefix: TEXT_EMBEDDING.documentPrefix,
    });
    installed.set(modelsDir, e);
  }
  return e;
}
