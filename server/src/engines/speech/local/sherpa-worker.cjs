// Child process that runs sherpa-onnx (VAD, ASR, diarization, punctuation). It runs
// apart from the API process so that inference never blocks it, a native abort (e.g. a
// corrupt model) only kills this process, and cancelling is a plain kill.
// Plain CommonJS so it starts with bare `node`, without a TypeScript loader.
"use strict";

function send(msg) {
  if (process.send) process.send(msg);
}

// Forked: take one job. Required (tests): only export the pieces.
if (require.main === module) {
  process.on("message", (job) => {
    try {
      run(job);
    } catch (err) {
      send({ type: "error", message: String((err && err.message) || err) });
    }
  });
}
module.exports = { detectSpeech, wordsFrom };

function run(job) {
  let sherpa;
  try {
    sherpa = require(job.sherpaModule || "sherpa-onnx-node");
  } catch (err) {
    send({ type: "engine-missing", message: String((err && err.message) || err) });
    return;
  }
  send({ type: "stage", stage: "reading audio" });
  const wave = sherpa.readWave(job.audioPath);
  const sr = wave.sampleRate;
  const samples = wave.samples;
  const total = samples.length / sr;
  if (sr !== 16000) throw new Error(`expected 16 kHz audio, got ${sr} Hz`);

  const segments = [];
  let asrMs = 0;
  // job.asr null: diarization only (used by hosted engines that give no speakers).
  if (job.asr) {
  // 1. Voice activity: cut the file into speech segments.
  send({ type: "stage", stage: "loading VAD" });
  const speech = detectSpeech(sherpa, job.vad, samples, sr);
  send({ type: "vad", segments: speech.length, speechSeconds: speech.reduce((n, s) => n + s.samples.length / sr, 0) });

  // 2. ASR on each speech segment.
  send({ type: "stage", stage: "loading ASR" });
  const recognizer = new sherpa.OfflineRecognizer({
    featConfig: { sampleRate: 16000, featureDim: 80 },
    modelConfig: Object.assign({ numThreads: job.numThreads, provider: "cpu", debug: 0 }, job.asr),
    decodingMethod: "greedy_search",
  });
  let punct = null;
  if (job.punctuation) {
    send({ type: "stage", stage: "loading punctuation" });
    punct = new sherpa.OfflinePunctuation({
      model: { ctTransformer: job.punctuation, numThreads: job.numThreads, provider: "cpu", debug: 0 },
    });
  }
  const asrStart = Date.now();
  for (const s of speech) {
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: s.samples, sampleRate: sr });
    recognizer.decode(stream);
    const r = recognizer.getResult(stream);
    const dur = s.samples.length / sr;
    let text = (r.text || "").trim();
    if (text) {
      const words = job.wordTimes ? wordsFrom(r, s.start, s.start + dur) : undefined;
      // Punctuate only text that has none (models that give punctuation keep theirs).
      if (punct && (job.forcePunctuation || !/[.,?!;:]/.test(text))) text = punct.addPunct(text);
      segments.push({ start: s.start, end: s.start + dur, text, words });
    }
    send({ type: "progress", doneSeconds: Math.min(total, s.start + dur), totalSeconds: total });
  }
  asrMs = Date.now() - asrStart;
  }

  // 3. Speaker diarization over the whole file.
  let turns = null;
  let diarMs = 0;
  if (job.diarization) {
    send({ type: "stage", stage: "diarization" });
    const t0 = Date.now();
    const sd = new sherpa.OfflineSpeakerDiarization({
      segmentation: { pyannote: { model: job.diarization.segmentation }, numThreads: job.numThreads, debug: 0 },
      embedding: { model: job.diarization.embedding, numThreads: job.numThreads, debug: 0 },
      clustering: job.diarization.numClusters
        ? { numClusters: job.diarization.numClusters, threshold: 0.5 }
        : { numClusters: -1, threshold: job.diarization.threshold },
      minDurationOn: 0.2,
      minDurationOff: 0.5,
    });
    turns = sd.process(samples).map((t) => ({ speaker: `spk_${t.speaker}`, start: t.start, end: t.end }));
    diarMs = Date.now() - t0;
  }
  send({ type: "progress", doneSeconds: total, totalSeconds: total });
  send({ type: "result", segments, turns, totalSeconds: total, timings: { asrMs, diarMs }, rssBytes: process.resourceUsage().maxRSS * 1024 });
}

/**
 * Silero VAD over the whole recording: the speech segments, each with its start (seconds) and
 * samples. Segments are capped at 20 s: Whisper cannot take more than 30 s at once, and shorter
 * pieces give finer progress.
 */
function detectSpeech(sherpa, modelPath, samples, sr) {
  const vad = new sherpa.Vad(
    {
      sileroVad: {
        model: modelPath,
        threshold: 0.5,
        minSilenceDuration: 0.5,
        minSpeechDuration: 0.25,
        maxSpeechDuration: 20,
        windowSize: 512,
      },
      sampleRate: sr,
      numThreads: 1,
      debug: 0,
    },
    60,
  );
  const speech = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const seg = vad.front(false);
      speech.push({ start: seg.start / sr, samples: seg.samples });
      vad.pop();
    }
  };
  for (let i = 0; i < samples.length; i += 512) {
    vad.acceptWaveform(samples.subarray(i, Math.min(i + 512, samples.length)));
    drain();
  }
  vad.flush();
  drain();
  return speech;
}

// Token timestamps -> words. sherpa-onnx marks a word start with a leading space
// (or SentencePiece '\u2581') on the token. A lone '\u2581' is a token of its own (SentencePiece
// emits it before digits and some symbols: "by 5 pm" is "\u2581by", "\u2581", "5", "\u2581pm"), so
// it starts the word that follows it instead of being glued on to the one before.
function wordsFrom(r, segStart, segEnd) {
  const tokens = r.tokens || [];
  const ts = r.timestamps || [];
  if (!tokens.length || ts.length !== tokens.length) return undefined;
  const words = [];
  let pendingStart = null; // time of a lone word-start marker waiting for its word
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i];
    const marked = /^[\s\u2581]/.test(tok);
    const clean = tok.replace(/^[\s\u2581]+/, "");
    if (!clean) {
      if (marked && pendingStart === null) pendingStart = ts[i];
      continue;
    }
    if (i === 0 || marked || pendingStart !== null || !words.length) {
      const start = pendingStart !== null ? pendingStart : ts[i];
      words.push({ text: clean, start: segStart + start, end: segStart + ts[i] });
      pendingStart = null;
    } else {
      words[words.length - 1].text += clean;
    }
    const d = r.durations && r.durations[i] ? r.durations[i] : 0.08;
    words[words.length - 1].end = Math.min(segEnd, segStart + ts[i] + d);
  }
  for (const w of words) {
    w.start = Math.round(w.start * 1000) / 1000;
    w.end = Math.round(Math.max(w.end, w.start) * 1000) / 1000;
  }
  return words.length ? words : undefined;
}
