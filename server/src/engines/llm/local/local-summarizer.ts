// Notes from a language model on this machine (node-llama-cpp in a child process, see
// llama-worker.mjs). The transcript is cut into chunks that fit the context, each chunk gets
// notes under a JSON-schema grammar, a merge pass writes one overview, and duplicates from the
// overlaps are removed. An answer that cannot be used (cut off mid-JSON, wrong fields) is asked
// for once more with another seed; a chunk that fails twice gets the built-in notes for its part
// of the meeting, and the other chunks keep theirs. A missing model gives the built-in notes
// with a note that says so; a model file that cannot be loaded fails the meeting (CORRUPT).
// The turns never are parsed in this process (the job's; in the default mode the web process):
// the worker reads, counts and chunks them (turn-plan.ts) and hands out one chunk at a time, and
// the notes are placed on the turns in the CPU task process for a large meeting (decision 052).
import path from "node:path";
import { access } from "node:fs/promises";
import type { SummaryResult } from "../../../../../contract/transcript";
import type { LlamaChunk } from "../../../../../contract/workers";
import { offThread, type CpuBudget } from "../../../workers/off-thread";
import { builtInNotes, NOTES_ON_THREAD_CHARS } from "../built-in-notes";
import { CATALOGUE, DEFAULT_LLM, LLM_PREFERENCE, findModel, modelFilePath, type CatalogueModel } from "../../speech/models/catalogue";
import { checkModel, pullModel, whyDownloadFailed } from "../../speech/models/manager";
import { sourceOf, turnsSize, type MeetingSummarizer, type SummarizeOptions, type TranscriptInput } from "../summarizer";
import { LlamaWorker, LlmEngineError, type Generated, type GenerateRequest, type SamplerReadback, type Sampling } from "./llama-client";
import { dedupeTexts, placeLocalNotes, type LocalNotesInput } from "./notes-merge";
import {
  AnswerError,
  ChunkNotes,
  MergedSummary,
  chunkNotesJsonSchema,
  chunkSystemPrompt,
  chunkUserPrompt,
  languageName,
  mergeSystemPrompt,
  mergeUserPrompt,
  mergedSummaryJsonSchema,
  parseAnswer,
  type Participant,
} from "./notes-schema";
import { samplingFor, seedFor } from "./sampling";

export const LOCAL_ENGINE = "local";

export interface LocalLlmOptions {
  modelsDir: string;
  /** "auto" (the best installed catalogue model), a catalogue id, or the path of a GGUF file. */
  model: string;
  threads: number;
  contextSize: number;
  gpu: "auto" | false;
  /** The worker's memory budget (bytes; LOCAL_LLM_MEMORY_MB); unset: none. */
  memoryBudgetBytes?: number;
  /** Start downloading the default model when none is installed (the meeting still gets built-in notes). */
  autoDownload: boolean;
  /** Tokens one answer may take; the rest of the context holds the prompt and transcript. */
  maxOutputTokens?: number;
  /** Sampling settings over the model's defaults (LOCAL_LLM_TEMPERATURE etc.; sampling.ts). */
  sampling?: Partial<Sampling>;
  /** For tests: another catalogue or worker script; keep the text llama.cpp evaluated in lastStats.contexts. */
  catalogue?: CatalogueModel[];
  workerScript?: string;
  echoContext?: boolean;
  /** Budget of the built-in notes it falls back to, which run off the API's thread (CPU_TASK_* settings). */
  cpuBudget?: CpuBudget;
}

/** Timings and memory of the last run (for the benchmark). */
export interface LocalRunStats {
  model: string;
  contextSize: number;
  chunks: number;
  transcriptTokens: number;
  outputTokens: number;
  loadMs: number;
  generateMs: number;
  totalMs: number;
  peakRssBytes: number;
  /** The chat wrapper and its thoughts setting ("discourage": the hybrid model's thinking switched off). */
  chatWrapper: { name: string; thoughts: string | null };
  sampling: Sampling;
  /** What reached llama.cpp's sampler on the last call (read back in the worker). */
  sampler: SamplerReadback | null;
  /** Calls whose answer could not be used and were asked again. */
  retries: number;
  /** Parts that got the built-in notes after two unusable answers (1-based). */
  builtInParts: number[];
  /** The text llama.cpp evaluated for each call (prompt and answer), with `echoContext` only. */
  contexts?: string[];
}

type Resolved = { ok: true; path: string; model: string; label: string; fix: string } | { ok: false; note: string };

/** How long a meeting waits to see whether the model's download fails at once (offline) before saying it runs. */
const EARLY_FAILURE_MS = 2000;

/** Room in the context for the chat template around the prompts. */
const TEMPLATE_TOKENS = 96;

export class LocalLlmSummarizer implements MeetingSummarizer {
  lastStats: LocalRunStats | null = null;
  private readonly catalogue: CatalogueModel[];
  private readonly maxOutputTokens: number;

  constructor(private readonly opts: LocalLlmOptions) {
    this.catalogue = opts.catalogue ?? CATALOGUE;
    this.maxOutputTokens = opts.maxOutputTokens ?? 1536;
  }

  /** Which model file to load, or why there is none. A damaged catalogue model throws CORRUPT. */
  async resolve(): Promise<Resolved> {
    const { model, modelsDir } = this.opts;
    if (model.endsWith(".gguf") || model.includes("/") || model.includes(path.sep)) {
      const file = path.resolve(model);
      const exists = await access(file).then(
        () => true,
        () => false,
      );
      if (!exists)
        return { ok: false, note: `The language model file ${file} (LOCAL_LLM_MODEL) does not exist, so the built-in notes are shown.` };
      return {
        ok: true,
        path: file,
        model: path.basename(file),
        label: path.basename(file),
        fix: "Check that LOCAL_LLM_MODEL points at a complete GGUF file.",
      };
    }
    const ids = model === "auto" ? [...LLM_PREFERENCE] : [model];
    for (const id of ids) {
      const entry = findModel(this.catalogue, id);
      if (!entry || entry.purpose !== "llm") {
        return {
          ok: false,
          note: `LOCAL_LLM_MODEL names "${id}", which is not a language model this server knows, so the built-in notes are shown. The owner of this server can choose one of those listed under Settings → Models.`,
        };
      }
      const check = await checkModel(modelsDir, id, this.catalogue);
      const fix = `The owner of this server can reinstall it (Settings → Models says how) or set SUMMARY_ENGINE=built-in.`;
      if (check.ok) return { ok: true, path: path.join(check.dir, modelFilePath(entry)), model: id, label: `${entry.name} (${id})`, fix };
      if (!check.missing)
        throw new LlmEngineError(
          `The local language model ${entry.name} (${id}) is damaged: ${check.problem}. It was not loaded and the notes were not written. ${fix}`,
          "CORRUPT",
        );
    }
    const wanted = findModel(this.catalogue, model === "auto" ? DEFAULT_LLM : model)!;
    if (this.opts.autoDownload) {
      // Download in the background; this meeting gets the built-in notes now. A download that cannot start
      // (no network, a dead address) fails within moments: then the note says so instead of "downloading now".
      const pulling = pullModel(this.opts.modelsDir, wanted.id, { catalogue: this.catalogue });
      const early = await Promise.race([
        pulling.then(
          () => "installed" as const,
          (err: unknown) => whyDownloadFailed(err),
        ),
        new Promise<"running">((done) => setTimeout(() => done("running"), EARLY_FAILURE_MS).unref()),
      ]);
      if (early === "installed") return this.resolve();
      if (early === "running")
        return {
          ok: false,
          note: `The local language model ${wanted.name} is not installed yet, so the built-in notes are shown. It is downloading now (the owner of this server sees its progress under Settings → Models); use 'Regenerate summary' once it is installed.`,
        };
      return {
        ok: false,
        note: `The local language model ${wanted.name} is not installed, and downloading it failed (${early}), so the built-in notes are shown. The owner of this server can install it under Settings → Models, which also says how to copy it in by hand, then use 'Regenerate summary'.`,
      };
    }
    return {
      ok: false,
      note: `No local language model is installed, so the built-in notes are shown. The owner of this server can install one under Settings → Models, then use 'Regenerate summary'.`,
    };
  }

  /**
   * The built-in notes for one chunk, in the shape of the model's: its overview, key points and decisions as
   * texts, and its action items as they are (already resolved). A chunk fits the context, not the meeting; past
   * the built-in notes' own size rule it still runs in the CPU task process.
   */
  private async builtInPart(
    chunk: LlamaChunk,
    language: string | null,
    options: SummarizeOptions,
  ): Promise<LocalNotesInput["parts"][number]> {
    const built = await builtInNotes(this.opts.cpuBudget)({ text: chunk.text, utterancesJson: chunk.turnsJson, language }, options);
    const { overview, keyPoints, decisions } = built.notes;
    return {
      notes: { overview, keyPoints: keyPoints.map((p) => p.text), decisions: decisions.map((p) => p.text), actionItems: [] },
      turnsJson: chunk.turnsJson,
      drafts: built.actionItems,
    };
  }

  /** The notes and items placed on the turns: every turn is read, so in the CPU task process for a large meeting. */
  private async place(input: TranscriptInput, notes: LocalNotesInput, options: SummarizeOptions) {
    if (turnsSize(input) <= NOTES_ON_THREAD_CHARS) return placeLocalNotes(notes);
    return offThread("local-notes", notes, this.opts.cpuBudget, { signal: options.signal });
  }

  async summarize(input: TranscriptInput, options: SummarizeOptions): Promise<SummaryResult> {
    // Without a model (the default install) the turns go to the built-in notes as they came, unparsed here.
    const blank = "utterancesJson" in input ? !input.text.trim() : !input.utterances.some((u) => u.text.trim());
    if (blank) return await builtInNotes(this.opts.cpuBudget)(input, options);
    const resolved = await this.resolve();
    if (!resolved.ok) return { ...(await builtInNotes(this.opts.cpuBudget)(input, options)), note: resolved.note };
    // The turns stay JSON text here: the model's worker parses, counts and chunks them, the CPU task process
    // places the notes on them (decision 052). A meeting with no turns at all gets the built-in notes at once.
    const source = sourceOf(input);
    if (/^\s*(?:null|\[\s*\])?\s*$/.test(source.utterancesJson)) return await builtInNotes(this.opts.cpuBudget)(input, options);

    const started = Date.now();
    const report = (fraction: number, detail: string) => options.onProgress?.(Math.min(1, Math.max(0, fraction)), detail);
    const worker = new LlamaWorker(options.signal, this.opts.workerScript);
    const sampling = samplingFor(resolved.model, this.opts.sampling);
    const language = languageName(options.language ?? source.language);
    const contexts: string[] = [];
    let retries = 0;
    let sampler: SamplerReadback | null = null;
    let outputTokens = 0;
    let generateMs = 0;
    /** One call, asked once more with another seed when its answer cannot be used; null when both were unusable. */
    const ask = async <T>(
      part: number,
      request: Omit<GenerateRequest, "sampling" | "echoContext">,
      read: (text: string) => T,
      onTokens?: (n: number) => void,
    ): Promise<{ value: T } | { error: AnswerError }> => {
      let error: AnswerError | null = null;
      for (let attempt = 0; attempt < 2; attempt++) {
        if (attempt > 0) retries++;
        const answer: Generated = await worker.generate(
          { ...request, sampling: { ...sampling, seed: seedFor(part, attempt) }, echoContext: this.opts.echoContext },
          onTokens,
        );
        outputTokens += answer.tokens;
        generateMs += answer.ms;
        sampler = answer.sampler;
        if (answer.context !== undefined) contexts.push(answer.context);
        try {
          return { value: read(answer.text) };
        } catch (err) {
          if (!(err instanceof AnswerError)) throw err;
          error = err;
        }
      }
      return { error: error! };
    };
    try {
      report(0, "Loading the language model");
      const loaded = await worker.load({
        modelPath: resolved.path,
        contextSize: this.opts.contextSize,
        threads: this.opts.threads,
        gpu: this.opts.gpu,
        memoryBudgetBytes: this.opts.memoryBudgetBytes,
      });
      const { speakers, turns } = await worker.readTurns(source.utterancesJson);
      if (!turns) return await builtInNotes(this.opts.cpuBudget)(input, options);
      const participants = participantsOf(speakers, options.participants);
      const system = chunkSystemPrompt(language);
      const header = chunkUserPrompt({
        title: options.title,
        meetingDate: options.meetingDate,
        part: 99,
        parts: 99,
        participants,
        language,
        transcript: "",
      });
      const [systemTokens, headerTokens] = await worker.countTokens([system, header]);
      if (systemTokens === undefined || headerTokens === undefined) throw new Error("The language model worker counted no tokens.");
      const budget = loaded.contextSize - systemTokens - headerTokens - this.maxOutputTokens - TEMPLATE_TOKENS;
      if (budget < 256)
        throw new LlmEngineError(
          `the context of ${loaded.contextSize} tokens leaves no room for the transcript; set LOCAL_LLM_CONTEXT higher`,
          "ENGINE_FAILED",
        );
      const { chunks, transcriptTokens } = await worker.planChunks(budget);
      const steps = chunks + (chunks > 1 ? 1 : 0);
      const parts: LocalNotesInput["parts"] = [];
      const builtInParts: number[] = [];
      let lastError: AnswerError | null = null;
      for (let k = 0; k < chunks; k++) {
        const chunk = await worker.chunk(k);
        const detail = chunks > 1 ? `Writing notes: chunk ${k + 1} of ${chunks}` : "Writing notes";
        report(k / steps, detail);
        const answer = await ask(
          k + 1,
          {
            system,
            user: chunkUserPrompt({
              title: options.title,
              meetingDate: options.meetingDate,
              part: k + 1,
              parts: chunks,
              participants,
              language,
              transcript: chunk.transcript,
            }),
            schema: chunkNotesJsonSchema,
            maxTokens: this.maxOutputTokens,
          },
          (text) => parseAnswer(ChunkNotes, text),
          (n) => report((k + Math.min(0.95, n / this.maxOutputTokens)) / steps, detail),
        );
        if ("value" in answer) {
          parts.push({ notes: answer.value, turnsJson: chunk.turnsJson });
          continue;
        }
        // Two unusable answers: this part of the meeting gets the built-in notes; the others keep the model's.
        lastError = answer.error;
        builtInParts.push(k + 1);
        parts.push(await this.builtInPart(chunk, source.language, options));
      }
      const recordStats = () => {
        this.lastStats = {
          model: resolved.model,
          contextSize: loaded.contextSize,
          chunks,
          transcriptTokens,
          outputTokens,
          loadMs: loaded.loadMs,
          generateMs,
          totalMs: Date.now() - started,
          peakRssBytes: worker.peakRssBytes,
          chatWrapper: loaded.chatWrapper,
          sampling,
          sampler,
          retries,
          builtInParts,
          ...(this.opts.echoContext ? { contexts } : {}),
        };
      };
      if (builtInParts.length === chunks) {
        recordStats();
        return {
          ...(await builtInNotes(this.opts.cpuBudget)(input, options)),
          note: `The local language model could not write the notes (${lastError?.message ?? "no usable answer"}, twice); the built-in notes are shown.`,
        };
      }

      const first = parts[0]!;
      let overview = first.notes.overview;
      let keyPoints = first.notes.keyPoints;
      let mergeFailed = false;
      if (parts.length > 1) {
        report(chunks / steps, "Merging the notes");
        const merged = await ask(
          0,
          {
            system: mergeSystemPrompt(language),
            user: mergeUserPrompt(
              options.title,
              parts.map((p) => p.notes),
            ),
            schema: mergedSummaryJsonSchema,
            maxTokens: this.maxOutputTokens,
          },
          (text) => parseAnswer(MergedSummary, text),
        );
        if ("value" in merged) {
          overview = merged.value.overview;
          keyPoints = merged.value.keyPoints;
        } else {
          // No overview of the whole: the parts' overviews and key points, each once.
          mergeFailed = true;
          overview = parts
            .map((p) => p.notes.overview)
            .filter(Boolean)
            .join(" ");
          keyPoints = dedupeTexts(parts.flatMap((p) => p.notes.keyPoints)).slice(0, 8);
        }
      }
      report(1, "Saving the notes");
      recordStats();
      const decisions = dedupeTexts(parts.flatMap((p) => p.notes.decisions));
      const placed = await this.place(
        input,
        { utterancesJson: source.utterancesJson, parts, participants, meetingDate: options.meetingDate, overview, keyPoints, decisions },
        options,
      );
      const notes = [
        builtInParts.length
          ? `The language model's answer for ${partList(builtInParts)} of ${chunks} could not be used (${lastError?.message}, twice), so the built-in notes are shown for that part.`
          : null,
        mergeFailed ? "The overview joins the parts' own overviews: the language model could not merge them." : null,
      ].filter(Boolean);
      return {
        // Structure, never markdown: each point with the speaker and time of the turn it comes from.
        notes: placed.notes,
        actionItems: placed.actionItems,
        engine: LOCAL_ENGINE,
        model: resolved.model,
        note: notes.length ? notes.join(" ") : null,
      };
    } catch (err) {
      if (err instanceof LlmEngineError && err.code === "CORRUPT")
        throw new LlmEngineError(
          `The local language model ${resolved.label} could not be loaded: ${err.message}. The notes were not written. ${resolved.fix}`,
          "CORRUPT",
        );
      if (err instanceof LlmEngineError && err.code !== "ENGINE_FAILED") throw err;
      const reason = err instanceof AnswerError || err instanceof LlmEngineError ? err.message : String(err);
      return {
        ...(await builtInNotes(this.opts.cpuBudget)(input, options)),
        note: `The local language model could not write the notes (${reason}); the built-in notes are shown.`,
      };
    } finally {
      worker.close();
    }
  }
}

/** The meeting's participants: as given (labels with names), then every other speaker label of the transcript. */
export function participantsOf(labels: string[], given?: Participant[]): Participant[] {
  if (!given?.length) return labels.map((label) => ({ label, name: null }));
  const known = new Set(given.map((p) => p.label));
  return [...given, ...labels.filter((l) => !known.has(l)).map((label) => ({ label, name: null }))];
}

/** "part 2", "parts 2 and 4", "parts 1, 3 and 4". */
function partList(parts: number[]): string {
  if (parts.length === 1) return `part ${parts[0]}`;
  return `parts ${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
