// Time and memory of the local language model engine (server/src/engines/llm/local/), per meeting
// and per hour of transcript. Run: npm run bench:llm [-- --threads N] [-- --meetings ID,ID]
//
// Always measures the tiny random-weight model the tests build (test/tiny-gguf.ts): that is the
// engine's own cost (worker start, tokenizing, chunking, grammar, parsing), not a real model's.
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
import { writeTinyLlamaGguf } from "../test/tiny-gguf";

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

const tmp = await mkdtemp(path.join(os.tmpdir(), "minutes-bench-llm-"));
try {
  const tiny = path.join(tmp, "tiny.gguf");
  const bytes = await writeTinyLlamaGguf(tiny, { contextLength: 16384 });
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
