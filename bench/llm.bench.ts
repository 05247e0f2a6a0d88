// Time and memory of the local language model engine (server/src/engines/llm/local/), per meeting
// and per hour of transcript. Run: npm run bench:llm [-- --threads N] [-- --meetings ID,ID]
//
// Always measures the tiny random-weight qwen3 model the tests build (test/tiny-gguf.ts, Qwen3-1.7B's
// chat template): that is the engine's own cost (worker start, tokenizing, chunking, grammar,
// parsing), not a real model's.
// Then stand-ins with the catalogue models' shapes and quantisation but random weights
// (bench/lib/standin-gguf.ts): the worker's prompt and generation speed and its peak memory at an 8k
// context, which random weights do not change, and from them the time for each meeting and per hour
// of meeting with real answer sizes (600 and 1,000 tokens written per chunk).
// Then every language model installed in MODELS_DIR (default ./data/models): real figures.
// Meetings: validation transcripts from ../shared/corpus/real-meetings (imported like uploads).
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Transcript } from "../contract/transcript";
import { LocalLlmSummarizer, type LocalLlmOptions } from "../server/src/engines/llm/local/local-summarizer";
import { CATALOGUE } from "../server/src/engines/speech/models/catalogue";
import { loadConfig } from "../server/src/config/config";
import { checkModel } from "../server/src/engines/speech/models/manager";
import { parseTranscriptFile } from "../server/src/pipeline/import";
import { QWEN3_HYBRID_TEMPLATE } from "../test/qwen3-templates";
import { writeTinyQwen3Gguf } from "../test/tiny-gguf";
import { QWEN3_NON_THINKING } from "../server/src/engines/llm/local/sampling";
import { type ModelShape, QWEN3_1_7B, QWEN3_4B, writeStandInGguf } from "./lib/standin-gguf";
import { LlamaWorker } from "../server/src/engines/llm/local/llama-client";
import { lineText, planMeeting } from "../server/src/engines/llm/local/chunking";
import { chunkSystemPrompt, chunkUserPrompt } from "../server/src/engines/llm/local/notes-schema";

const here = path.dirname(fileURLToPath(import.meta.url));
const corpus = path.resolve(here, "../../shared/corpus/real-meetings/val");
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const threads = Number(arg("threads") ?? 2);
const meetingIds = (arg("meetings") ?? "ES2006b,Bmr012").split(",");

function load(id: string): { transcript: Transcript; hours: number; words: number } | null {
  const file = path.join(corpus, id, "transcript.vtt");
  if (!existsSync(file)) return null;
  const t = parseTranscriptFile("transcript.vtt", readFileSync(file, "utf8"));
  const end = Math.max(...t.utterances.map((u) => u.end ?? 0));
  return { transcript: { text: t.text, utterances: t.utterances, language: "en" }, hours: end / 3600, words: t.text.split(/\s+/).length };
}

async function measure(label: string, options: LocalLlmOptions) {
  for (const id of meetingIds) {
    const m = load(id);
    if (!m) {
      console.log(`${label}: meeting ${id} not found under ${corpus}`);
      continue;
    }
    const s = new LocalLlmSummarizer(options);
    const r = await s.summarize(m.transcript, { meetingDate: new Date("2025-01-01T10:00:00Z"), enhanced: true, title: id });
    const st = s.lastStats;
    if (!st || r.note) {
      console.log(`${label} ${id}: no figures (${r.note ?? "no stats"})`);
      continue;
    }
    const perHour = st.totalMs / 1000 / 60 / m.hours;
    console.log(
      `${label.padEnd(34)} ${id.padEnd(8)} ${(m.hours * 60).toFixed(0).padStart(3)} min ${String(m.words).padStart(6)} words  ` +
        `${st.transcriptTokens} tokens in ${st.chunks} chunks of ${st.contextSize}  load ${(st.loadMs / 1000).toFixed(1)} s  ` +
        `generate ${(st.generateMs / 1000).toFixed(1)} s (${st.outputTokens} tokens)  total ${(st.totalMs / 1000).toFixed(1)} s  ` +
        `= ${perHour.toFixed(2)} min per hour of meeting  peak RSS ${(st.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
    );
  }
}

/**
 * The stand-in's speed: one prompt of about 2,000 tokens answered with 1 token (prompt speed), then with 65
 * (generation speed, under a JSON grammar), through the engine's own worker. Its vocabulary tokenizes per
 * character, so the prompt is measured in its own tokens; the hour is counted in real ones.
 */
const GENERATED = 64;
async function measureStandIn(file: string, shape: ModelShape, publishedBytes: number) {
  const bytes = await writeStandInGguf(file, shape);
  const worker = new LlamaWorker();
  try {
    const loaded = await worker.load({ modelPath: file, contextSize: 8192, threads, gpu: false });
    const m = load(meetingIds[0] ?? "ES2006b");
    const text = (m?.transcript.utterances ?? []).map(lineText).join("\n").slice(0, 1800);
    // A grammar that cannot end before 65 tokens: random weights would close the notes JSON at any length.
    const schema = {
      type: "object",
      properties: { points: { type: "array", items: { type: "string" }, minItems: 64 } },
      required: ["points"],
    };
    const request = { system: chunkSystemPrompt().slice(0, 200), schema, sampling: { ...QWEN3_NON_THINKING, seed: 1 } };
    const user = chunkUserPrompt({ title: "Bench", meetingDate: new Date("2025-01-01T10:00:00Z"), part: 1, parts: 1, transcript: text });
    const [systemTokens = 0, userTokens = 0] = await worker.countTokens([request.system, user]);
    const promptTokens = systemTokens + userTokens;
    // The first call sets up buffers: a short one first, so that the figures are the steady state.
    await worker.generate({ ...request, user: "Alice: hello.", maxTokens: 1 });
    const prompt = await worker.generate({ ...request, user, maxTokens: 1 });
    const both = await worker.generate({ ...request, user, maxTokens: GENERATED + 1 });
    const ppRate = promptTokens / (prompt.ms / 1000);
    const tgRate = (both.tokens - prompt.tokens) / Math.max(0.001, (both.ms - prompt.ms) / 1000);
    console.log(
      `${shape.name}, ${(bytes / 1e9).toFixed(3)} GB (published file ${(publishedBytes / 1e9).toFixed(3)} GB), ${threads} threads, context ${loaded.contextSize}: ` +
        `load ${(loaded.loadMs / 1000).toFixed(1)} s, prompt ${ppRate.toFixed(0)} tokens/s (${promptTokens} tokens in ${(prompt.ms / 1000).toFixed(1)} s), ` +
        `generation ${tgRate.toFixed(1)} tokens/s under a JSON grammar (${both.tokens - prompt.tokens} tokens), peak RSS ${(worker.peakRssBytes / 2 ** 20).toFixed(0)} MiB`,
    );
    for (const id of meetingIds) {
      const meeting = load(id);
      if (meeting) for (const written of OUTPUT_TOKENS) console.log(`  ${standInHour(id, meeting, ppRate, tgRate, written)}`);
    }
  } finally {
    worker.close();
  }
}

/**
 * Time for a meeting at the measured speeds, planned as the engine plans it (local-summarizer.ts) with real
 * token counts estimated at TOKENS_PER_WORD, and `written` tokens per call (the cap is 1536). A real model's
 * notes for a chunk of about 6,000 tokens run 600-1,000 tokens of JSON (8 key points, decisions and up to
 * 12 action items with owner and due date), so both ends are printed.
 */
const TOKENS_PER_WORD = 1.33;
const OUTPUT_TOKENS = [600, 1000];
function standInHour(id: string, m: { transcript: Transcript; hours: number }, ppRate: number, tgRate: number, written: number): string {
  const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
  const est = (s: string) => Math.ceil(words(s) * TOKENS_PER_WORD);
  const utterances = m.transcript.utterances;
  const overhead = est(chunkSystemPrompt()) + 20 + 96;
  const budget = 8192 - overhead - 1536;
  const { lines, ranges } = planMeeting(
    utterances,
    utterances.map((u) => est(lineText(u)) + 1),
    budget,
  );
  const calls = ranges.length + (ranges.length > 1 ? 1 : 0);
  const prompt =
    ranges.reduce((n, r) => n + overhead + lines.slice(r.start, r.end).reduce((a, l) => a + l.tokens, 0), 0) +
    (calls - ranges.length) * 600;
  const seconds = prompt / ppRate + (calls * written) / tgRate;
  return (
    `${id}: ${(m.hours * 60).toFixed(0)} min, about ${prompt} prompt tokens in ${ranges.length} chunks (+${calls - ranges.length} merge), ` +
    `${written} written per call (${calls * written} in all): about ${(seconds / 60).toFixed(1)} min, ${(seconds / 60 / m.hours).toFixed(1)} min per hour of meeting`
  );
}

const tmp = await mkdtemp(path.join(os.tmpdir(), "minutes-bench-llm-"));
try {
  const tiny = path.join(tmp, "tiny.gguf");
  const bytes = await writeTinyQwen3Gguf(tiny, { chatTemplate: QWEN3_HYBRID_TEMPLATE, contextLength: 16384 });
  console.log(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${(os.loadavg()[0] ?? 0).toFixed(1)}; threads ${threads}`,
  );
  // The tiny model's work per token is so small that more threads only wait on each other.
  await measure(`tiny random model (${(bytes / 1e6).toFixed(1)} MB, 1 thread)`, {
    modelsDir: tmp,
    model: tiny,
    threads: 1,
    contextSize: 8192,
    gpu: false,
    autoDownload: false,
  });
  const standIns: [string, ModelShape][] = [
    ["qwen3-1.7b-q4_k_m", QWEN3_1_7B],
    ["qwen3-4b-instruct-2507-q4_k_m", QWEN3_4B],
  ];
  for (const [id, shape] of standIns) {
    await measureStandIn(path.join(tmp, "standin.gguf"), shape, CATALOGUE.find((m) => m.id === id)?.sizeBytes ?? 0);
    await rm(path.join(tmp, "standin.gguf"), { force: true });
  }
  const modelsDir = loadConfig().modelsDir;
  let any = false;
  for (const entry of CATALOGUE.filter((m) => m.purpose === "llm")) {
    if (!(await checkModel(modelsDir, entry.id)).ok) continue;
    any = true;
    await measure(entry.id, { modelsDir, model: entry.id, threads, contextSize: 8192, gpu: "auto", autoDownload: false });
  }
  if (!any) console.log(`No language model installed in ${modelsDir}: real-model figures need "npm run models -- pull qwen3-1.7b-q4_k_m".`);
} finally {
  await rm(tmp, { recursive: true, force: true });
}
