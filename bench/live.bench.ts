// `npm run bench:live`: the live recogniser's own overhead (engines/speech/live) with the tiny
// fixture streaming model: real-time factor (all chunks fed at once) and latency (chunks fed
// once a second, as the recorder sends them: time from a chunk's arrival to its audio being
// recognised). The fixture's weights are tiny, so these are the costs of everything around the
// network (ffmpeg decoding, features, the decoding loop, IPC), not of a real model's encoder.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { findLiveModel, LiveRecognizer } from "../server/src/engines/speech/live/live-recognizer";
import { partStart } from "../server/src/modules/recordings/recording-join";
import { ffmpeg } from "../server/src/media/test-fixtures";
import { installStreamingFixture } from "../test/speech-models/streaming-model";

const SECONDS = 60;
const LATENCY_SECONDS = 20;

function slices(data: Buffer, count: number): Buffer[] {
  const size = Math.ceil(data.length / count);
  return Array.from({ length: count }, (_, i) => data.subarray(i * size, Math.min(data.length, (i + 1) * size)));
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? NaN;

async function main() {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "bench-live-"));
  try {
    const modelsDir = path.join(tmp, "models");
    await installStreamingFixture(modelsDir);
    const model = await findLiveModel(modelsDir);
    if (!model) throw new Error("the fixture streaming model was not accepted");
    const file = path.join(tmp, "meeting.webm");
    // Tone and noise as MediaRecorder would write them: WebM/Opus at 64 kbit/s.
    await ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=220:duration=${SECONDS}:sample_rate=48000`,
      "-f",
      "lavfi",
      "-i",
      `anoisesrc=color=pink:amplitude=0.1:duration=${SECONDS}:sample_rate=48000`,
      "-filter_complex",
      "amix=inputs=2",
      "-c:a",
      "libopus",
      "-b:a",
      "64k",
      "-f",
      "webm",
      file,
    ]);
    const chunks = slices(await readFile(file), SECONDS);
    console.log(
      `live recogniser, fixture model, ${os.cpus().length} CPU cores, 1 recogniser thread, ${SECONDS} s of WebM/Opus in ${chunks.length} chunks`,
    );

    // Real-time factor: everything at once; wall time until the last audio is recognised.
    {
      const rec = new LiveRecognizer(model, { threads: 1 });
      let decodeMs = 0;
      rec.onUpdate = (_t, m) => (decodeMs += m.decodeMs ?? 0);
      const started = performance.now();
      chunks.forEach((c, i) => rec.feed(c, i === 0 || partStart(c.subarray(0, 8)) !== null));
      const end = await rec.end();
      const wall = (performance.now() - started) / 1000;
      console.log(`  audio recognised: ${end.audioSeconds.toFixed(1)} s`);
      console.log(`  real-time factor (wall, decoding + recognising): ${(wall / end.audioSeconds).toFixed(4)}`);
      console.log(`  real-time factor (recogniser only): ${(decodeMs / 1000 / end.audioSeconds).toFixed(4)}`);
    }

    // Latency: one chunk a second; from each chunk's arrival to the recogniser reporting more audio.
    {
      const rec = new LiveRecognizer(model, { threads: 1 });
      const waits: number[] = [];
      let fedAt = 0;
      let waiting = false;
      let lastAudio = 0;
      rec.onUpdate = (t) => {
        if (waiting && t.audioSeconds > lastAudio) {
          waits.push(performance.now() - fedAt);
          waiting = false;
        }
        lastAudio = t.audioSeconds;
      };
      for (let i = 0; i < LATENCY_SECONDS; i++) {
        fedAt = performance.now();
        waiting = true;
        rec.feed(chunks[i]!, i === 0);
        await new Promise((r) => setTimeout(r, 1000));
      }
      await rec.end();
      // The first chunk also starts the worker, ffmpeg and the model: reported apart.
      const [first, ...rest] = waits;
      console.log(`  first chunk to first recognised audio (worker, ffmpeg and model start): ${first?.toFixed(0) ?? "-"} ms`);
      console.log(
        `  chunk arrival to its audio recognised: median ${pct(rest, 50).toFixed(0)} ms, p95 ${pct(rest, 95).toFixed(0)} ms (${rest.length} chunks)`,
      );
      console.log(
        "  (the page adds its 1 s chunk length and up to 1 s of polling: words show about 1-3 s after they are said; measured in the browser test: 1.9 s to the first words)",
      );
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

await main();
