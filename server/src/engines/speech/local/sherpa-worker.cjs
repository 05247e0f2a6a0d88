// Child process that runs sherpa-onnx (VAD, ASR, diarization). It runs apart from the API
// process so that inference never blocks it, a native abort (e.g. a corrupt model) only kills
// this process, and cancelling is a plain kill.
// Plain CommonJS so it starts with bare `node`, without a TypeScript loader.
//
// Memory: the recording is read from disk in windows of WINDOW_SECONDS; each speech segment
// the VAD closes is recognised at once and dropped, so VAD + recognition hold a few windows of
// audio whatever the file's length. Diarization is the exception: sherpa-onnx's
// OfflineSpeakerDiarization takes the whole recording as one array.
"use strict";
const fs = require("node:fs");

const SR = 16000;
const WINDOW_SECONDS = 30;
/** Whisper decodes at most ~29.5 s per call and drops the rest; pieces stay under this. */
const MAX_PIECE_SECONDS = 28;
/** Where a long segment is cut: the quietest 20 ms frame in the last QUIET_SEARCH_SECONDS before the limit. */
const QUIET_SEARCH_SECONDS = 8;
const FRAME = 320;
/** Share of the progress bar for VAD + recognition when diarization follows (it is quicker). */
const ASR_SHARE = 0.7;

function send(msg) {
  if (process.send) process.send(msg);
}

// Forked: take one job. Required (tests): only export the pieces.
if (require.main === module) {
  process.on("message", (job) => {
    run(job).catch((err) => send({ type: "error", message: String((err && err.message) || err) }));
  });
}
module.exports = {
  detectSpeech,
  createSpeechDetector,
  splitLongSegment,
  recogniseSegment,
  openWav,
  readAllSamples,
  wordsFrom,
  MAX_PIECE_SECONDS,
};

async function run(job) {
  let sherpa;
  try {
    sherpa = require(job.sherpaModule || "sherpa-onnx-node");
  } catch (err) {
    send({ type: "engine-missing", message: String((err && err.message) || err) });
    return;
  }
  send({ type: "stage", stage: "reading audio" });
  const wav = openWav(job.audioPath);
  const total = wav.samples / SR;
  // Share of the bar for VAD + recognition: all of it without diarization, none without a VAD.
  const asrShare = !job.vad ? 0 : job.diarization ? ASR_SHARE : 1;
  // Never backwards: the diarization addon's chunk callbacks can arrive after its result.
  let sentFraction = 0;
  const progress = (fraction) => {
    if (fraction <= sentFraction) return;
    sentFraction = Math.min(1, fraction);
    send({ type: "progress", doneSeconds: total * sentFraction, totalSeconds: total });
  };

  const segments = [];
  let asrMs = 0;
  let speechSegments = 0;
  let speechSeconds = 0;
  // job.vad null: diarization only (adds speakers to hosted transcripts). job.asr null: VAD only (benchmark).
  if (job.vad) {
    send({ type: "stage", stage: "loading VAD" });
    const detector = createSpeechDetector(sherpa, job.vad, SR);
    let recognizer = null;
    if (job.asr) {
      send({ type: "stage", stage: "loading ASR" });
      recognizer = new sherpa.OfflineRecognizer({
        featConfig: { sampleRate: SR, featureDim: 80 },
        modelConfig: Object.assign({ numThreads: job.numThreads, provider: "cpu", debug: 0 }, job.asr),
        decodingMethod: "greedy_search",
      });
    }
    send({ type: "stage", stage: job.asr ? "transcribing" : "detecting speech" });
    const t0 = Date.now();
    const onSegment = (seg) => {
      speechSegments++;
      speechSeconds += seg.samples.length / SR;
      if (recognizer) segments.push(...recogniseSegment(recognizer, seg, SR, job.wordTimes));
    };
    for (const window of readWindows(wav, WINDOW_SECONDS)) {
      detector.accept(window.samples, onSegment);
      progress((asrShare * (window.start + window.samples.length)) / Math.max(1, wav.samples));
    }
    detector.flush(onSegment);
    asrMs = Date.now() - t0;
    send({ type: "vad", segments: speechSegments, speechSeconds });
  }
  wav.close();

  // Speaker diarization over the whole file.
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
    const share = 1 - asrShare;
    const addon = safeRequire(`${job.sherpaModule || "sherpa-onnx-node"}/addon.js`);
    // No reference to the samples is kept here: the async call copies them, and the copy in
    // JS can then be collected.
    const raw = await diarize(sd, addon, readAllSamples(job.audioPath), (done, all) =>
      progress(asrShare + (share * done) / Math.max(1, all)),
    );
    turns = raw.map((t) => ({ speaker: `spk_${t.speaker}`, start: t.start, end: t.end }));
    diarMs = Date.now() - t0;
  }
  progress(1);
  send({
    type: "result",
    segments,
    turns,
    totalSeconds: total,
    speechSegments,
    timings: { asrMs, diarMs },
    rssBytes: process.resourceUsage().maxRSS * 1024,
  });
}

/** Diarization with chunk progress where the addon offers it (processAsync), else in one call. */
function diarize(sd, addon, samples, onProgress) {
  if (addon && sd.handle && typeof addon.offlineSpeakerDiarizationProcessAsync === "function") {
    return addon.offlineSpeakerDiarizationProcessAsync(sd.handle, samples, (done, all) => {
      onProgress(done, all);
      return 0; // 0 = go on
    });
  }
  return Promise.resolve(sd.process(samples));
}

function safeRequire(name) {
  try {
    return require(name);
  } catch {
    return null;
  }
}

// ---- WAV reading in windows ----

/**
 * Opens a 16 kHz mono 16-bit PCM WAV (what the prepare step writes) and reads its header only.
 * Returns the data offset and the number of samples; `readWindows` reads the samples.
 */
function openWav(file) {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(12);
    fs.readSync(fd, head, 0, 12, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error("the prepared audio is not a WAV file");
    }
    let pos = 12;
    let fmt = null;
    const chunk = Buffer.alloc(8);
    while (pos + 8 <= size) {
      fs.readSync(fd, chunk, 0, 8, pos);
      const id = chunk.toString("ascii", 0, 4);
      const len = chunk.readUInt32LE(4);
      if (id === "fmt ") {
        const b = Buffer.alloc(16);
        fs.readSync(fd, b, 0, 16, pos + 8);
        fmt = { format: b.readUInt16LE(0), channels: b.readUInt16LE(2), rate: b.readUInt32LE(4), bits: b.readUInt16LE(14) };
      } else if (id === "data") {
        if (!fmt) throw new Error("the WAV file has no format chunk before its data");
        if (fmt.format !== 1 || fmt.channels !== 1 || fmt.bits !== 16 || fmt.rate !== SR) {
          throw new Error(
            `expected 16 kHz mono 16-bit PCM audio, got ${fmt.rate} Hz, ${fmt.channels} channel(s), ${fmt.bits}-bit, format ${fmt.format}`,
          );
        }
        // A streamed WAV may carry a placeholder length: trust the file size then.
        const bytes = Math.min(len, size - (pos + 8));
        return { fd, dataOffset: pos + 8, samples: Math.floor(bytes / 2), close: () => fs.closeSync(fd) };
      }
      pos += 8 + len + (len % 2);
    }
    throw new Error("the WAV file has no data chunk");
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
}

/** Yields { start (sample index), samples: Float32Array } windows of `seconds`. */
function* readWindows(wav, seconds) {
  const perWindow = seconds * SR;
  const buf = Buffer.alloc(perWindow * 2);
  for (let start = 0; start < wav.samples; start += perWindow) {
    const n = Math.min(perWindow, wav.samples - start);
    const got = fs.readSync(wav.fd, buf, 0, n * 2, wav.dataOffset + start * 2);
    const count = Math.floor(got / 2);
    const out = new Float32Array(count);
    for (let i = 0; i < count; i++) out[i] = buf.readInt16LE(i * 2) / 32768;
    yield { start, samples: out };
    if (count < n) return;
  }
}

/** The whole recording as one array (diarization needs it so). */
function readAllSamples(file) {
  const wav = openWav(file);
  try {
    const all = new Float32Array(wav.samples);
    for (const w of readWindows(wav, WINDOW_SECONDS)) all.set(w.samples, w.start);
    return all;
  } finally {
    wav.close();
  }
}

// ---- voice activity ----

/**
 * Silero VAD fed window by window. `accept` and `flush` call `onSegment({ start (s), samples })`
 * for each speech segment as soon as the VAD closes it. maxSpeechDuration is only a soft cap in
 * Silero (past it the VAD raises its threshold), so longer segments still come out; the
 * recogniser step splits them.
 */
function createSpeechDetector(sherpa, modelPath, sr) {
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
  const drain = (onSegment) => {
    while (!vad.isEmpty()) {
      const seg = vad.front(false);
      vad.pop();
      onSegment({ start: seg.start / sr, samples: seg.samples });
    }
  };
  let carry = new Float32Array(0);
  return {
    accept(samples, onSegment) {
      // The VAD takes 512-sample frames; keep a partial frame for the next window.
      let data = samples;
      if (carry.length) {
        data = new Float32Array(carry.length + samples.length);
        data.set(carry);
        data.set(samples, carry.length);
      }
      const whole = data.length - (data.length % 512);
      for (let i = 0; i < whole; i += 512) {
        vad.acceptWaveform(data.subarray(i, i + 512));
        drain(onSegment);
      }
      carry = data.slice(whole);
    },
    flush(onSegment) {
      if (carry.length) vad.acceptWaveform(carry);
      carry = new Float32Array(0);
      vad.flush();
      drain(onSegment);
    },
  };
}

/** Silero VAD over a recording held in memory (tests): the speech segments, each with its start (s) and samples. */
function detectSpeech(sherpa, modelPath, samples, sr) {
  const speech = [];
  const d = createSpeechDetector(sherpa, modelPath, sr);
  d.accept(samples, (s) => speech.push(s));
  d.flush((s) => speech.push(s));
  return speech;
}

// ---- recognition ----

/**
 * Cuts a segment longer than maxSeconds into pieces of at most maxSeconds, each cut at the
 * quietest 20 ms frame of the last QUIET_SEARCH_SECONDS before the limit (a pause between
 * words, where cutting loses nothing). The pieces cover every sample, in order.
 */
function splitLongSegment(seg, sr, maxSeconds = MAX_PIECE_SECONDS) {
  const max = Math.floor(maxSeconds * sr);
  const pieces = [];
  let from = 0;
  const n = seg.samples.length;
  while (n - from > max) {
    const hi = from + max;
    const lo = Math.max(from + Math.floor(max / 4), hi - QUIET_SEARCH_SECONDS * sr);
    let best = hi;
    let bestEnergy = Infinity;
    for (let f = hi - FRAME; f >= lo; f -= FRAME) {
      let e = 0;
      for (let i = f; i < f + FRAME; i++) e += seg.samples[i] * seg.samples[i];
      if (e < bestEnergy) {
        bestEnergy = e;
        best = f + FRAME / 2;
      }
    }
    pieces.push({ start: seg.start + from / sr, samples: seg.samples.subarray(from, best) });
    from = best;
  }
  pieces.push({ start: seg.start + from / sr, samples: seg.samples.subarray(from) });
  return pieces;
}

/** Recognises one speech segment (split when long): the text segments with their times. */
function recogniseSegment(recognizer, seg, sr, wordTimes) {
  const out = [];
  for (const piece of splitLongSegment(seg, sr)) {
    const stream = recognizer.createStream();
    stream.acceptWaveform({ samples: piece.samples, sampleRate: sr });
    recognizer.decode(stream);
    const r = recognizer.getResult(stream);
    const dur = piece.samples.length / sr;
    const text = (r.text || "").trim();
    if (text) {
      const words = wordTimes ? wordsFrom(r, piece.start, piece.start + dur) : undefined;
      out.push({ start: piece.start, end: piece.start + dur, text, words });
    }
  }
  return out;
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
