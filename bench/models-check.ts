// npm run test:models: real transcription + diarization on ../shared/corpus/real with
// the installed models (WER against reference.txt, DER against .rttm).
// Exit codes: 0 = ran and passed the thresholds; 1 = ran and failed; 3 = DID NOT RUN
// (models or corpus absent; printed loudly). Non-zero when not run, so CI cannot mistake
// "skipped" for "passed".
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ffmpegPath } from "../server/src/media/ffmpeg";
import { LocalSpeechEngine } from "../server/src/engines/speech/local/local-engine";
import { ROLES } from "../server/src/engines/speech/models/catalogue";
import { loadConfig } from "../server/src/config/config";
import { checkModel } from "../server/src/engines/speech/models/manager";
import { der, wer } from "./lib/metrics";
import { parseRttm } from "../server/src/engines/speech/rttm";

const CORPUS = path.resolve(process.env.CORPUS_DIR ?? "../shared/corpus", "real");
const MAX_WER = 0.15;
const MAX_DER = 0.35;

function notRun(why: string): never {
  console.error(
    `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!! test:models DID NOT RUN: ${why}\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`,
  );
  process.exit(3);
}

/** sherpa-onnx reads 16-bit PCM; some corpus clips are float32 or stereo. */
export function to16kMono(src: string, dir: string): string {
  const out = path.join(dir, path.basename(src).replace(/\.\w+$/, ".16k.wav"));
  execFileSync(ffmpegPath(), ["-v", "error", "-y", "-i", src, "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", out]);
  return out;
}

async function main() {
  const modelsDir = loadConfig().modelsDir;
  const need = [ROLES.vad, ROLES.accurate, ROLES.segmentation, ROLES.embedding];
  const missing: string[] = [];
  for (const id of need) if (!(await checkModel(modelsDir, id)).ok) missing.push(id);
  if (missing.length) notRun(`models missing in ${modelsDir}: ${missing.join(", ")} (npm run models -- pull <id>)`);
  if (!existsSync(CORPUS)) notRun(`corpus not found at ${CORPUS}`);

  const tmp = mkdtempSync(path.join(tmpdir(), "models-check-"));
  const engine = new LocalSpeechEngine({ modelsDir, numThreads: 2, autoDownload: false });
  const signal = new AbortController().signal;
  let failed = false;

  for (const clip of ["jfk/jfk.wav", "beckett/beckett.wav"]) {
    const wav = to16kMono(path.join(CORPUS, clip), tmp);
    const ref = readFileSync(path.join(CORPUS, path.dirname(clip), "reference.txt"), "utf8");
    const r = await engine.transcribe(wav, { nano: false, speakers: 1, language: null, signal }, () => {});
    const w = wer(ref, r.utterances.map((u) => u.text).join(" "));
    failed ||= w > MAX_WER;
    console.log(`${clip.padEnd(32)} WER ${(w * 100).toFixed(1)} % ${w > MAX_WER ? "FAIL" : "ok"}`);
  }
  for (const [clip, rttm] of [
    ["pyannote-sample/sample.wav", "pyannote-sample/sample.rttm"],
    ["ami-debug/dev00.wav", "ami-debug/dev00.rttm"],
    ["falcon-3spk/test.wav", "falcon-3spk/reference.rttm"],
  ] as const) {
    if (!existsSync(path.join(CORPUS, clip))) continue;
    const wav = to16kMono(path.join(CORPUS, clip), tmp);
    const turns = await engine.diarize(wav, null, signal);
    const d = der(parseRttm(readFileSync(path.join(CORPUS, rttm), "utf8")), turns ?? []);
    failed ||= d > MAX_DER;
    console.log(`${clip.padEnd(32)} DER ${(d * 100).toFixed(1)} % ${d > MAX_DER ? "FAIL" : "ok"}`);
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
