// Child process for `npm run bench:asr` (no audio given): times each stage of the local
// speech engine separately with the worker's own functions and sherpa-onnx's own timers, on
// the generated models. Plain CommonJS started with bare node, like the worker.
"use strict";
const worker = require(process.env.SHERPA_WORKER);

const SR = 16000;
// Wall time and CPU time (all threads of this process): the machine may be shared, and CPU
// time is what the work itself costs.
const now = () => ({ wall: process.hrtime.bigint(), cpu: process.cpuUsage() });
const since = (t0) => {
  const c = process.cpuUsage(t0.cpu);
  return { wall: Number(process.hrtime.bigint() - t0.wall) / 1e6, cpu: (c.user + c.system) / 1000 };
};
const add = (a, b) => ({ wall: a.wall + b.wall, cpu: a.cpu + b.cpu });
const zero = () => ({ wall: 0, cpu: 0 });

process.on("message", (job) => {
  const sherpa = require("sherpa-onnx-node");
  const t = { read: zero(), vad: zero(), features: zero(), decode: zero(), diarization: zero() };
  let t0 = now();
  const samples = worker.readAllSamples(job.audio);
  t.read = since(t0);

  // VAD over 30 s windows, as the worker reads the file.
  const detector = worker.createSpeechDetector(sherpa, job.vad, SR);
  const segments = [];
  t0 = now();
  for (let i = 0; i < samples.length; i += 30 * SR) detector.accept(samples.subarray(i, i + 30 * SR), (s) => segments.push(s));
  detector.flush((s) => segments.push(s));
  t.vad = since(t0);

  // Recognition: features are computed when a stream accepts the samples; decode() is the
  // encoder plus the greedy TDT loop (decoder and joiner per step) — with tiny networks,
  // mostly the loop and onnxruntime's per-call cost.
  const recognizer = new sherpa.OfflineRecognizer({
    featConfig: { sampleRate: SR, featureDim: 80 },
    modelConfig: Object.assign({ numThreads: job.numThreads, provider: "cpu", debug: 0 }, job.asr),
    decodingMethod: "greedy_search",
  });
  let tokens = 0;
  let pieces = 0;
  for (const seg of segments) {
    for (const piece of worker.splitLongSegment(seg, SR)) {
      pieces++;
      t0 = now();
      const stream = recognizer.createStream();
      stream.acceptWaveform({ samples: piece.samples, sampleRate: SR });
      t.features = add(t.features, since(t0));
      t0 = now();
      recognizer.decode(stream);
      tokens += recognizer.getResult(stream).tokens.length;
      t.decode = add(t.decode, since(t0));
    }
  }

  // Diarization with debug on: sherpa-onnx logs its segmentation, embedding and clustering
  // times to stderr; the parent reads them.
  const sd = new sherpa.OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: job.segmentation }, numThreads: job.numThreads, debug: 1 },
    embedding: { model: job.embedding, numThreads: job.numThreads, debug: 0 },
    clustering: { numClusters: -1, threshold: 0.5 },
    minDurationOn: 0.2,
    minDurationOff: 0.5,
  });
  const peakBeforeDiarization = process.resourceUsage().maxRSS * 1024;
  t0 = now();
  const turns = sd.process(samples);
  t.diarization = since(t0);
  process.send({
    timings: t,
    segments: segments.length,
    pieces,
    tokens,
    turns: turns.length,
    speakers: new Set(turns.map((x) => x.speaker)).size,
    peakBeforeDiarization,
    rssBytes: process.resourceUsage().maxRSS * 1024,
  });
});
