// npm run bench:asr [-- --minutes N]: the engine's own overhead on generated models (asr-overhead.ts).
// npm run bench:asr -- <audio> [reference.txt]
// Per installed ASR model: real-time factor on 2 threads, peak worker memory and (with a
// reference, or for ../shared/corpus/real clips that have reference.txt) WER; then the
// same for diarization. Exits 3 with a clear message when no models are installed.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpegPath } from "../server/src/media/ffmpeg";
import { LocalSpeechEngine } from "../server/src/engines/speech/local/local-engine";
import { CATALOGUE, ROLES } from "../server/src/engines/speech/models/catalogue";
import { loadConfig } from "../server/src/config/config";
import { checkModel } from "../server/src/engines/speech/models/manager";
import { wer } from "./lib/metrics";
import { runOverheadBenchmark } from "./asr-overhead";

async function main() {
  const args = process.argv.slice(2);
  if (!args.length || args[0] === "--minutes") {
    const minutes = args[0] === "--minutes" ? Number(args[1]) : 60;
    if (!(minutes > 0)) {
      console.error("Usage: npm run bench:asr [-- --minutes N]  |  npm run bench:asr -- <audio file> [reference.txt]");
      process.exit(2);
    }
    await runOverheadBenchmark(minutes);
    return;
  }
  const [audioArg, refArg] = args;
  if (!audioArg || !existsSync(audioArg)) {
    console.error("Usage: npm run bench:asr [-- --minutes N]  |  npm run bench:asr -- <audio file> [reference.txt]");
    process.exit(2);
  }
  const modelsDir = loadConfig().modelsDir;
  const ok = async (id: string) => (await checkModel(modelsDir, id)).ok;
  const asrModels = [];
  for (const m of CATALOGUE.filter((c) => c.purpose === "asr")) if (await ok(m.id)) asrModels.push(m);
  if (!(await ok(ROLES.vad)) || !asrModels.length) {
    console.error(
      `NO BENCHMARK RUN: no speech models installed in ${modelsDir}. ` +
        `Install one with "npm run models -- pull ${ROLES.accurate}" (or ${ROLES.nano}).`,
    );
    process.exit(3);
  }
  const tmp = mkdtempSync(path.join(tmpdir(), "bench-asr-"));
  const wav = path.join(tmp, "in.wav");
  execFileSync(ffmpegPath(), ["-v", "error", "-y", "-i", audioArg, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", wav]);
  const seconds = (readFileSync(wav).length - 44) / 32000;
  const refPath = refArg ?? path.join(path.dirname(audioArg), "reference.txt");
  const reference = existsSync(refPath) ? readFileSync(refPath, "utf8") : null;
  const signal = new AbortController().signal;
  console.log(`audio ${audioArg}: ${seconds.toFixed(1)} s; 2 threads; reference: ${reference ? refPath : "none"}`);

  for (const m of asrModels) {
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: 2, autoDownload: false, forceAsrModel: m.id });
    const r = await engine.transcribe(wav, { nano: false, speakers: 1, language: null, signal }, () => {});
    const s = engine.lastStats!;
    const w = reference ? ` WER ${(wer(reference, r.utterances.map((u) => u.text).join(" ")) * 100).toFixed(1)} %` : "";
    console.log(`${m.id.padEnd(28)} RTF ${(s.asrMs / 1000 / seconds).toFixed(3)}  peak ${(s.workerRssBytes / 1e6).toFixed(0)} MB${w}`);
  }
  const firstAsr = asrModels[0];
  if (firstAsr && (await ok(ROLES.segmentation)) && (await ok(ROLES.embedding))) {
    const engine = new LocalSpeechEngine({ modelsDir, numThreads: 2, autoDownload: false, forceAsrModel: firstAsr.id });
    const t0 = Date.now();
    const turns = await engine.diarize(wav, null, signal);
    const ms = Date.now() - t0;
    console.log(
      `diarization${" ".repeat(18)} RTF ${(ms / 1000 / seconds).toFixed(3)} (incl. worker start)  speakers ${new Set(turns?.map((t) => t.speaker)).size}`,
    );
  } else {
    console.log(`diarization: models not installed (${ROLES.segmentation}, ${ROLES.embedding}); skipped`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
