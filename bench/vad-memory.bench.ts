// npm run bench:vad-memory [-- <minutes>]
// A synthetic 2-hour recording (default) through the prepare step (probe, ffmpeg conversion to
// 16 kHz mono WAV, loudness check: the same calls the prepare job makes) and then the speech
// worker's VAD pass, which runs here for real (Silero ships with the app). Prints the time of
// each step and the worker's peak RSS: the worker reads the WAV in 30 s windows, so its memory
// must not grow with the recording's length (target: under 300 MB for 2 h).
import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { once } from "node:events";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { convertToWav16kMono, isSilent, measureLoudness } from "../server/src/media/convert";
import { checkUploadedMedia } from "../server/src/media/probe";
import { pcm16, pcmWavHeader } from "../server/src/media/pcm-wav";
import { CATALOGUE, ROLES, modelFilePath } from "../server/src/engines/speech/models/catalogue";
import { DEFAULT_WORKER, runWorker } from "../server/src/engines/speech/local/local-engine";
import { fromRoot } from "../server/src/paths";

const require = createRequire(import.meta.url);
const SR = 16_000;

/** A WAV of `seconds`: the fixture sentence (≈2.9 s of speech), then 1.2 s of quiet noise, over and over. */
async function syntheticMeeting(file: string, seconds: number): Promise<void> {
  const sherpa = require("sherpa-onnx-node");
  const wave = sherpa.readWave(fromRoot("server/src/engines/speech/local/fixtures/synthetic-speech.wav"));
  const sentence: Float32Array = wave.samples.subarray(Math.round(1.0 * SR), Math.round(3.9 * SR));
  const pause = Float32Array.from({ length: Math.round(1.2 * SR) }, () => (Math.random() - 0.5) * 0.002);
  const unit = new Float32Array(sentence.length + pause.length);
  unit.set(sentence);
  unit.set(pause, sentence.length);
  const pcm = pcm16(unit);
  const total = seconds * SR;
  const out = createWriteStream(file);
  out.write(pcmWavHeader(total, SR));
  for (let written = 0; written < total; written += unit.length) {
    const n = Math.min(unit.length, total - written);
    if (!out.write(pcm.subarray(0, n * 2))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

async function main() {
  const minutes = Number(process.argv[2] ?? 120);
  const seconds = Math.round(minutes * 60);
  const dir = await mkdtemp(path.join(tmpdir(), "bench-vad-memory-"));
  try {
    const source = path.join(dir, "meeting.wav");
    let t = Date.now();
    await syntheticMeeting(source, seconds);
    console.log(
      `synthetic recording: ${minutes} min, ${((await stat(source)).size / 1e6).toFixed(0)} MB WAV (${((Date.now() - t) / 1000).toFixed(1)} s to write)`,
    );

    t = Date.now();
    const probe = await checkUploadedMedia(source, "meeting.wav");
    const prepared = path.join(dir, "audio.wav");
    await convertToWav16kMono(source, prepared);
    const loudness = await measureLoudness(prepared);
    if (isSilent(loudness)) throw new Error("the synthetic recording was judged silent");
    console.log(`prepare (probe ${probe.durationSeconds?.toFixed(0)} s, convert, loudness): ${((Date.now() - t) / 1000).toFixed(1)} s`);

    const vad = CATALOGUE.find((m) => m.id === ROLES.vad)!;
    t = Date.now();
    let lastPct = -1;
    const out = await runWorker(
      DEFAULT_WORKER,
      { audioPath: prepared, numThreads: 1, vad: path.join(vad.bundledDir!, modelFilePath(vad)), asr: null, diarization: null },
      new AbortController().signal,
      (p) => {
        const pct = Math.floor((100 * p.doneSeconds) / p.totalSeconds / 10) * 10;
        if (pct !== lastPct) process.stderr.write(`\rVAD ${(lastPct = pct)}%  `);
      },
    );
    process.stderr.write("\n");
    const vadSeconds = (Date.now() - t) / 1000;
    console.log(
      `VAD: ${out.speechSegments} speech segments in ${vadSeconds.toFixed(1)} s (RTF ${(vadSeconds / seconds).toFixed(4)}, 1 thread)`,
    );
    console.log(`worker peak RSS: ${(out.rssBytes / 1e6).toFixed(0)} MB (target < 300 MB for 2 h)`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
