// The live recogniser's child process (live-recognizer.ts starts it through the harness,
// workers/child-process.ts; messages: contract/workers.ts): one per
// recording being transcribed live. It decodes the recording's chunks (WebM/Opus, MP4/AAC or
// Ogg, as the browser records) with ffmpeg to 16 kHz mono samples and runs sherpa-onnx's
// OnlineRecognizer on them, sending back partial text as it changes and final text at each
// endpoint. In its own process so that the native recogniser never runs on the API's thread.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import { createRequire } from "node:module";
import type { Readable, Writable } from "node:stream";
import type { LiveWorkerConfig, LiveWorkerMessage, LiveWorkerRequest } from "../../../../../contract/workers";

// sherpa-onnx-node is CommonJS and ships no types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const sherpa: any = createRequire(import.meta.url)("sherpa-onnx-node");

const cfg = JSON.parse(process.argv[2] || "{}") as LiveWorkerConfig;
const SAMPLE_RATE = 16000;

const recognizer = new sherpa.OnlineRecognizer({
  featConfig: { sampleRate: SAMPLE_RATE, featureDim: 80 },
  modelConfig: {
    transducer: { encoder: cfg.encoder, decoder: cfg.decoder, joiner: cfg.joiner },
    tokens: cfg.tokens,
    numThreads: cfg.threads || 1,
    provider: "cpu",
    debug: 0,
  },
  decodingMethod: "greedy_search",
  // Endpoints: 2.4 s of silence before anything was said, 1.2 s after speech, or 20 s of speech.
  enableEndpoint: 1,
  rule1MinTrailingSilence: 2.4,
  rule2MinTrailingSilence: 1.2,
  rule3MinUtteranceLength: 20,
});
const stream = recognizer.createStream();

let decoder: ChildProcessByStdio<Writable, Readable, null> | null = null;
let carry: Buffer = Buffer.alloc(0);
let partial = "";
/** Seconds of audio given to the recogniser so far. */
let audioSeconds = 0;
const pending = new Set<Promise<unknown>>();

const send = (m: LiveWorkerMessage) => process.send?.(m);

function onSamples(buf: Buffer) {
  const all = carry.length ? Buffer.concat([carry, buf]) : buf;
  const whole = all.length - (all.length % 4);
  carry = all.subarray(whole);
  if (!whole) return;
  const samples = new Float32Array(all.buffer.slice(all.byteOffset, all.byteOffset + whole));
  audioSeconds += samples.length / SAMPLE_RATE;
  const started = performance.now();
  stream.acceptWaveform({ samples, sampleRate: SAMPLE_RATE });
  while (recognizer.isReady(stream)) recognizer.decode(stream);
  const text = (recognizer.getResult(stream).text as string).trim();
  const decodeMs = performance.now() - started;
  if (recognizer.isEndpoint(stream)) {
    if (text) send({ type: "final", text, audioSeconds, decodeMs });
    recognizer.reset(stream);
    if (partial) send({ type: "partial", text: "", audioSeconds, decodeMs });
    partial = "";
  } else if (text !== partial) {
    partial = text;
    send({ type: "partial", text, audioSeconds, decodeMs });
  } else send({ type: "progress", audioSeconds, decodeMs });
}

/** A new MediaRecorder run (after a reload) starts a new container: a new decoder for it. */
function startDecoder(): ChildProcessByStdio<Writable, Readable, null> {
  if (decoder) decoder.stdin.end();
  const child = spawn(
    cfg.ffmpeg,
    [
      "-nostdin",
      "-hide_banner",
      "-v",
      "error",
      "-probesize",
      "32768",
      "-analyzeduration",
      "0",
      "-i",
      "pipe:0",
      "-vn",
      "-ac",
      "1",
      "-ar",
      String(SAMPLE_RATE),
      "-f",
      "f32le",
      "pipe:1",
    ],
    { stdio: ["pipe", "pipe", "ignore"] },
  );
  child.stdin.on("error", () => {});
  child.stdout.on("data", onSamples);
  const done = new Promise((resolve) => child.on("close", resolve));
  pending.add(done);
  void done.then(() => pending.delete(done));
  decoder = child;
  return child;
}

process.on("message", async (m: LiveWorkerRequest) => {
  if (m.type === "chunk") {
    const d = m.startsPart || !decoder ? startDecoder() : decoder;
    d.stdin.write(Buffer.from(m.data));
  } else if (m.type === "end") {
    if (decoder) decoder.stdin.end();
    await Promise.all([...pending]);
    // The tail: a little silence lets the last words out, then whatever is left is final.
    stream.acceptWaveform({ samples: new Float32Array(SAMPLE_RATE / 2), sampleRate: SAMPLE_RATE });
    stream.inputFinished();
    while (recognizer.isReady(stream)) recognizer.decode(stream);
    const text = (recognizer.getResult(stream).text as string).trim();
    if (text) send({ type: "final", text, audioSeconds });
    send({ type: "ended", audioSeconds });
    process.exit(0);
  }
});
send({ type: "ready" });
