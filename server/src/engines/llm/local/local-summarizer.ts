// Notes from a language model on this machine (node-llama-cpp in a child process, see
// llama-worker.mjs). The transcript is cut into chunks that fit the context, each chunk gets
// notes under a JSON-schema grammar, a merge pass writes one overview, and duplicates from the
// overlaps are removed. A missing model gives the built-in notes with a note that says so; a
// model file that cannot be loaded fails the meeting (LlmEngineError CORRUPT).
import path from "node:path";
import { access } from "node:fs/promises";
import type { SummaryResult, Transcript } from "../../../../../contract/transcript";
import { summarizeBuiltIn } from "../../../pipeline/summary";
import { CATALOGUE, DEFAULT_LLM, LLM_PREFERENCE, findModel, modelFilePath, type CatalogueModel } from "../../speech/models/catalogue";
import { checkModel, pullCommand, pullModel, whyDownloadFailed } from "../../speech/models/manager";
import type { SummarizeOptions, Summarizer } from "../summarizer";
import { lineText, planMeeting } from "./chunking";
import { LlamaWorker, LlmEngineError } from "./llama-client";
import { dedupeTexts, formatSummary, mergeActionItems } from "./notes-merge";
import {
  AnswerError,
  ChunkNotes,
  MergedSummary,
  chunkNotesJsonSchema,
  chunkSystemPrompt,
  chunkUserPrompt,
  mergeSystemPrompt,
  mergeUserPrompt,
  mergedSummaryJsonSchema,
  parseAnswer,
} from "./notes-schema";

export const LOCAL_ENGINE = "local";

export interface LocalLlmOptions {
  modelsDir: string;
  /** "auto" (the best installed catalogue model), a catalogue id, or the path of a GGUF file. */
  model: string;
  threads: number;
  contextSize: number;
  gpu: "auto" | false;
  /** Start downloading the default model when none is installed (the meeting still gets built-in notes). */
  autoDownload: boolean;
  /** Tokens one answer may take; the rest of the context holds the prompt and transcript. */
  maxOutputTokens?: number;
  temperature?: number;
  /** For tests: another catalogue or worker script. */
  catalogue?: CatalogueModel[];
  workerScript?: string;
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
}

type Resolved = { ok: true; path: string; model: string; label: string; fix: string } | { ok: false; note: string };

/** How long a meeting waits to see whether the model's download fails at once (offline) before saying it runs. */
const EARLY_FAILURE_MS = 2000;

/** Room in the context for the chat template around the prompts. */
const TEMPLATE_TOKENS = 96;

export class LocalLlmSummarizer implements Summarizer {
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
          note: `LOCAL_LLM_MODEL names "${id}", which is not a language model in the catalogue ("npm run models -- list"), so the built-in notes are shown.`,
        };
      }
      const check = await checkModel(modelsDir, id, this.catalogue);
      const fix = `Reinstall it with "npm run models -- remove ${id}" and "${pullCommand(id)}", or set SUMMARY_ENGINE=built-in.`;
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
          note: `The local language model ${wanted.name} is not installed yet, so the built-in notes are shown. It is downloading now (Settings shows its progress, or run "${pullCommand(wanted.id)}"); use 'Regenerate summary' once it is installed.`,
        };
      return {
        ok: false,
        note: `The local language model ${wanted.name} is not installed, and downloading it failed (${early}), so the built-in notes are shown. Install it with "${pullCommand(wanted.id)}" (or copy the model into the models folder), then use 'Regenerate summary'.`,
      };
    }
    return {
      ok: false,
      note: `No local language model is installed, so the built-in notes are shown. Install one with "${pullCommand(wanted.id)}", then use 'Regenerate summary'.`,
    };
  }

  async summarize(transcript: Transcript, options: SummarizeOptions): Promise<SummaryResult> {
    const utterances = transcript.utterances.filter((u) => u.text.trim());
    if (!utterances.length) return summarizeBuiltIn(transcript, options);
    const resolved = await this.resolve();
    if (!resolved.ok) return { ...summarizeBuiltIn(transcript, options), note: resolved.note };

    const started = Date.now();
    const report = (fraction: number, detail: string) => options.onProgress?.(Math.min(1, Math.max(0, fraction)), detail);
    const worker = new LlamaWorker(options.signal, this.opts.workerScript);
    try {
      report(0, "Loading the language model");
      const loaded = await worker.load({
        modelPath: resolved.path,
        contextSize: this.opts.contextSize,
        threads: this.opts.threads,
        gpu: this.opts.gpu,
      });
      const system = chunkSystemPrompt();
      const header = chunkUserPrompt({ title: options.title, meetingDate: options.meetingDate, part: 99, parts: 99, transcript: "" });
      const [systemTokens, headerTokens, ...counts] = await worker.countTokens([system, header, ...utterances.map(lineText)]);
      if (systemTokens === undefined || headerTokens === undefined) throw new Error("The language model worker counted no tokens.");
      // Lines are joined with newlines: one more token each.
      const budget = loaded.contextSize - systemTokens - headerTokens - this.maxOutputTokens - TEMPLATE_TOKENS;
      if (budget < 256)
        throw new LlmEngineError(
          `the context of ${loaded.contextSize} tokens leaves no room for the transcript; set LOCAL_LLM_CONTEXT higher`,
          "ENGINE_FAILED",
        );
      const { lines, ranges } = planMeeting(
        utterances,
        counts.map((c) => c + 1),
        budget,
      );
      const steps = ranges.length + (ranges.length > 1 ? 1 : 0);
      const parts: { notes: ChunkNotes; utterances: typeof utterances }[] = [];
      let outputTokens = 0;
      let generateMs = 0;
      for (const [k, range] of ranges.entries()) {
        const chunkLines = lines.slice(range.start, range.end);
        const detail = ranges.length > 1 ? `Writing notes: chunk ${k + 1} of ${ranges.length}` : "Writing notes";
        report(k / steps, detail);
        const answer = await worker.generate(
          {
            system,
            user: chunkUserPrompt({
              title: options.title,
              meetingDate: options.meetingDate,
              part: k + 1,
              parts: ranges.length,
              transcript: chunkLines.map((l) => l.text).join("\n"),
            }),
            schema: chunkNotesJsonSchema,
            maxTokens: this.maxOutputTokens,
            temperature: this.opts.temperature ?? 0,
          },
          (n) => report((k + Math.min(0.95, n / this.maxOutputTokens)) / steps, detail),
        );
        outputTokens += answer.tokens;
        generateMs += answer.ms;
        parts.push({ notes: parseAnswer(ChunkNotes, answer.text), utterances: chunkLines.map((l) => l.utterance) });
      }

      const first = parts[0];
      if (!first) throw new Error("No part of the transcript was summarized.");
      let overview = first.notes.overview;
      let keyPoints = first.notes.keyPoints;
      if (parts.length > 1) {
        report(ranges.length / steps, "Merging the notes");
        const merged = await worker.generate({
          system: mergeSystemPrompt(),
          user: mergeUserPrompt(
            options.title,
            parts.map((p) => p.notes),
          ),
          schema: mergedSummaryJsonSchema,
          maxTokens: this.maxOutputTokens,
          temperature: this.opts.temperature ?? 0,
        });
        outputTokens += merged.tokens;
        generateMs += merged.ms;
        const summary = parseAnswer(MergedSummary, merged.text);
        overview = summary.overview;
        keyPoints = summary.keyPoints;
      }
      report(1, "Saving the notes");
      const speakers = [...new Set(utterances.map((u) => u.speaker))];
      const decisions = dedupeTexts(parts.flatMap((p) => p.notes.decisions));
      this.lastStats = {
        model: resolved.model,
        contextSize: loaded.contextSize,
        chunks: ranges.length,
        transcriptTokens: counts.reduce((a, b) => a + b, 0),
        outputTokens,
        loadMs: loaded.loadMs,
        generateMs,
        totalMs: Date.now() - started,
        peakRssBytes: worker.peakRssBytes,
      };
      return {
        summary: formatSummary(overview, dedupeTexts(keyPoints), decisions),
        decisions,
        actionItems: mergeActionItems(parts, speakers, options.meetingDate),
        engine: LOCAL_ENGINE,
        model: resolved.model,
        note: null,
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
        ...summarizeBuiltIn(transcript, options),
        note: `The local language model could not write the notes (${reason}); the built-in notes are shown.`,
      };
    } finally {
      worker.close();
    }
  }
}
