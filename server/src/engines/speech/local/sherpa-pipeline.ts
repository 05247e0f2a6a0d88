// What the speech worker (sherpa-worker.ts, a child process) does with sherpa-onnx: VAD, ASR,
// diarization. It runs apart from the API process so that inference never blocks it, a native
// abort (e.g. a corrupt model) only kills that process, and cancelling is a plain kill. The
// pieces are exported for the tests; messages are contract/workers.ts's SpeechWorkerMessage.
//
// Memory: the recording is read from disk in windows of WINDOW_SECONDS; each speech segment
// the VAD closes is recognised at once and its text sent to the parent, so VAD + recognition
// hold a few windows of audio whatever the file's length. Diarization reads pieces of at most
// PIECE_SECONDS, diarizes each with sherpa-onnx's OfflineSpeakerDiarization and links the
// pieces' speakers by their embeddings (decision 019), so it holds one piece, not the file.
import fs from "node:fs";
import { createRequire } from "node:module";
import type {
  DiarizationStats,
  SpeechDiarizationJob,
  SpeechJob,
  SpeechWorkerMessage,
  WorkerSegment,
  WorkerSpeakerTurn,
  WorkerWord,
} from "../../../../../contract/workers";

// sherpa-onnx-node is CommonJS and ships no types: its objects are typed loosely here, at the edge.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Native = any;
const require = createRequire(import.meta.url);

/** A speech segment the VAD closed: where it starts (s) and its samples. */
export interface SpeechPiece {
  start: number;
  samples: Float32Array;
}
/** The open prepared WAV: its file descriptor, where the samples start, how many there are. */
export interface OpenWav {
  fd: number;
  dataOffset: number;
  samples: number;
  close(): void;
}
/** A turn of a piece's local speaker, in seconds of the recording. */
interface LocalTurn {
  piece: number;
  local: number;
  start: number;
  end: number;
}
interface PieceSpeaker {
  piece: number;
  local: number;
  embedding: Float32Array | null;
  foldedInto?: number | null;
}

const SR = 16000;
const WINDOW_SECONDS = 30;
/** Whisper decodes at most ~29.5 s per call and drops the rest; pieces stay under this. */
const MAX_PIECE_SECONDS = 28;
/** Where a long segment is cut: the quietest 20 ms frame in the last QUIET_SEARCH_SECONDS before the limit. */
const QUIET_SEARCH_SECONDS = 8;
const FRAME = 320;
/** Share of the progress bar for VAD + recognition when diarization follows (it is quicker). */
const ASR_SHARE = 0.7;
/**
 * Longest piece diarized at once. sherpa-onnx clusters one embedding per (1 s step, local
 * speaker) with an n x n distance matrix, so its memory grows with the square of the length:
 * +78 MB at 10 min, ~2 GB at 60 min (decision 016). A recording up to this long is diarized
 * exactly as the whole-array diarizer does it.
 */
const PIECE_SECONDS = 600;
/** Where a piece ends: the quietest 20 ms frame in the last BOUNDARY_SEARCH_SECONDS before its nominal end. */
const BOUNDARY_SEARCH_SECONDS = 5;
/** Speech per speaker and piece that goes into the embedding that links pieces (longest stretches first). */
const MAX_EMBEDDING_SECONDS = 60;
/** Same as upstream's minDurationOff: a speaker's turns this close across a piece boundary are one turn. */
const MIN_DURATION_OFF = 0.5;

/**
 * A full collection, where the worker runs with --expose-gc. Each recogniser stream holds its
 * piece's features (up to 28 s x 128 bins) in native memory behind a small JS object, which
 * V8 does not count.
 */
const collect = typeof global.gc === "function" ? () => global.gc!() : () => {};
/**
 * Collects, then yields to the event loop: the addon frees a stream's native memory in a
 * finalizer that Node runs from the event loop, never inside a synchronous loop. Without
 * this the recognition loop kept every segment's stream (features included) until it ended:
 * +2.4 MB per minute of audio on the generated models.
 */
async function release() {
  for (let i = 0; i < 2; i++) {
    collect();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function send(msg: SpeechWorkerMessage) {
  if (process.send) process.send(msg);
}

const errorText = (err: unknown) => String((err instanceof Error && err.message) || err);
export { MAX_PIECE_SECONDS };

/** Runs one job, sending its stages, progress, text and result to the parent. */
export async function runSpeechJob(job: SpeechJob): Promise<void> {
  let sherpa: Native;
  try {
    sherpa = require(job.sherpaModule || "sherpa-onnx-node");
  } catch (err) {
    send({ type: "engine-missing", message: errorText(err) });
    return;
  }
  send({ type: "stage", stage: "reading audio" });
  const wav = openWav(job.audioPath);
  const total = wav.samples / SR;
  // Share of the bar for VAD + recognition: all of it without diarization, none without a VAD.
  const asrShare = !job.vad ? 0 : job.diarization ? ASR_SHARE : 1;
  // Never backwards: the diarization addon's chunk callbacks can arrive after its result.
  let sentFraction = 0;
  const progress = (fraction: number) => {
    if (fraction <= sentFraction) return;
    sentFraction = Math.min(1, fraction);
    send({ type: "progress", doneSeconds: total * sentFraction, totalSeconds: total });
  };

  // Recognised text goes to the parent as it comes (the worker keeps none of it).
  let pending: WorkerSegment[] = [];
  const flushSegments = () => {
    if (pending.length) send({ type: "segments", segments: pending });
    pending = [];
  };
  let asrMs = 0;
  let recognitionMs = 0;
  let speechSegments = 0;
  let speechSeconds = 0;
  // job.vad null: diarization only (adds speakers to hosted transcripts). job.asr null: VAD only (benchmark).
  if (job.vad) {
    send({ type: "stage", stage: "loading VAD" });
    const detector = createSpeechDetector(sherpa, job.vad, SR);
    const newRecognizer = () =>
      new sherpa.OfflineRecognizer({
        featConfig: { sampleRate: SR, featureDim: 80 },
        modelConfig: Object.assign({ numThreads: job.numThreads, provider: "cpu", debug: 0 }, job.asr),
        decodingMethod: "greedy_search",
      });
    let recognizer: Native = null;
    if (job.asr) {
      send({ type: "stage", stage: "loading ASR" });
      recognizer = newRecognizer();
    }
    send({ type: "stage", stage: job.asr ? "transcribing" : "detecting speech" });
    const t0 = Date.now();
    const onSegment = (seg: SpeechPiece) => {
      speechSegments++;
      speechSeconds += seg.samples.length / SR;
      if (!recognizer) return;
      const r0 = Date.now();
      pending.push(...recogniseSegment(recognizer, seg, SR, job.wordTimes));
      recognitionMs += Date.now() - r0;
    };
    for (const window of readWindows(wav, WINDOW_SECONDS)) {
      detector.accept(window.samples, onSegment);
      flushSegments();
      await release();
      progress((asrShare * (window.start + window.samples.length)) / Math.max(1, wav.samples));
    }
    detector.flush(onSegment);
    flushSegments();
    asrMs = Date.now() - t0;
    send({ type: "vad", segments: speechSegments, speechSeconds });
  }

  // Speaker diarization, piece by piece from the file.
  let turns: WorkerSpeakerTurn[] | null = null;
  let diarMs = 0;
  let diarization: DiarizationStats | null = null;
  let voices: Record<string, number[]> | null = null;
  try {
    if (job.diarization) {
      send({ type: "stage", stage: "diarization" });
      const t0 = Date.now();
      const share = 1 - asrShare;
      const out = await diarizeInPieces(sherpa, wav, job.diarization, job.numThreads, job.sherpaModule, (doneSamples) =>
        progress(asrShare + (share * doneSamples) / Math.max(1, wav.samples)),
      );
      turns = out.turns;
      voices = out.voices;
      diarization = out.stats;
      diarMs = Date.now() - t0;
    }
  } finally {
    wav.close();
  }
  progress(1);
  send({
    type: "result",
    segments: [],
    turns,
    totalSeconds: total,
    speechSegments,
    // VAD + recognition, recognition alone (features + decoding), diarization.
    timings: { asrMs, recognitionMs, diarMs },
    diarization,
    // Speaker label -> unit embedding, when the job asked for them (d.speakerEmbeddings).
    voices,
    rssBytes: peakRssBytes(),
  });
}

// ---- diarization in pieces ----

/**
 * Diarizes the open WAV piece by piece: each piece (at most `d.pieceSeconds`, cut at a quiet
 * point) goes through upstream's OfflineSpeakerDiarization; with more than one piece, each
 * piece's local speakers get one embedding (sherpa-onnx's extractor, the diarizer's own
 * embedding model) and are linked across pieces by the same clustering upstream uses
 * (complete linkage over cosine distance), never joining two speakers of one piece.
 * A recording of one piece gets exactly the whole-array diarizer's result.
 * `onProgress(samplesDone)`. Returns turns with speakers `spk_<n>` and what it did.
 */
export async function diarizeInPieces(
  sherpa: Native,
  wav: OpenWav,
  d: SpeechDiarizationJob,
  numThreads: number,
  sherpaModule: string | undefined,
  onProgress: (samplesDone: number) => void,
): Promise<{ turns: WorkerSpeakerTurn[]; voices: Record<string, number[]> | null; stats: DiarizationStats }> {
  const pieces = planPieces(wav, d.pieceSeconds || PIECE_SECONDS);
  const single = pieces.length === 1;
  const known = d.numClusters > 0 ? d.numClusters : 0;
  const sd = new sherpa.OfflineSpeakerDiarization({
    segmentation: { pyannote: { model: d.segmentation }, numThreads, debug: 0 },
    embedding: { model: d.embedding, numThreads, debug: 0 },
    // One piece: upstream's whole-array call as it was. Several: each piece by the threshold
    // (a piece may hold fewer than the known speakers); the known number cuts the linking.
    clustering: single && known ? { numClusters: known, threshold: 0.5 } : { numClusters: -1, threshold: d.threshold },
    minDurationOn: 0.2,
    minDurationOff: MIN_DURATION_OFF,
  });
  // The addon's async call (progress within the piece) keeps about 65 MB per call on the
  // generated models (measured: 4 pieces of 7.5 min, 422 MiB async, 231 MiB sync), so it
  // serves one piece only; several pieces are diarized by the plain call, progress per piece.
  const addon = single ? safeRequire(`${sherpaModule || "sherpa-onnx-node"}/addon.js`) : null;
  // One piece needs the extractor only for the voices a meeting keeps (d.speakerEmbeddings).
  const extractor =
    single && !d.speakerEmbeddings ? null : new sherpa.SpeakerEmbeddingExtractor({ model: d.embedding, numThreads, debug: 0 });
  const turns: LocalTurn[] = []; // in seconds of the recording
  const speakers: PieceSpeaker[] = [];
  let maxPieceSamples = 0;
  const ms = { diarizer: 0, embeddings: 0, linking: 0 };
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const len = piece.end - piece.start;
    maxPieceSamples = Math.max(maxPieceSamples, len);
    let t0 = Date.now();
    const raw = await diarize(sd, addon, readRange(wav, piece.start, piece.end), (done: number, all: number) =>
      onProgress(piece.start + (len * done) / Math.max(1, all)),
    );
    ms.diarizer += Date.now() - t0;
    t0 = Date.now();
    const offset = piece.start / SR;
    // The segmentation's last 10 s window may run past a piece's end (a turn at 180.03 s of a
    // 180 s recording): several pieces keep turns inside their piece; one piece stays upstream's.
    const pieceEnd = single ? Infinity : piece.end / SR;
    const local: LocalTurn[] = raw
      .map((t: { speaker: number; start: number; end: number }) => ({
        piece: i,
        local: t.speaker,
        start: t.start + offset,
        end: Math.min(t.end + offset, pieceEnd),
      }))
      .filter((t) => t.end > t.start);
    if (extractor && local.length) {
      // Read again for the embeddings: the diarizer's copy is gone, and one piece is small.
      const samples = readRange(wav, piece.start, piece.end);
      for (const spk of [...new Set(local.map((t) => t.local))].sort((a, b) => a - b))
        speakers.push({ piece: i, local: spk, embedding: speakerEmbedding(extractor, samples, piece.start, local, spk) });
    }
    ms.embeddings += Date.now() - t0;
    turns.push(...local);
    await release();
    onProgress(piece.end);
  }

  // One piece: upstream's turns exactly as it gave them (labels and order).
  if (single)
    return {
      turns: turns.map((t) => ({ speaker: `spk_${t.local}`, start: t.start, end: t.end })),
      voices: d.speakerEmbeddings ? voicesOf(speakers, (s) => `spk_${s.local}`) : null,
      stats: {
        pieces: 1,
        pieceSeconds: maxPieceSamples / SR,
        localSpeakers: new Set(turns.map((t) => t.local)).size,
        speakers: new Set(turns.map((t) => t.local)).size,
        ms,
      },
    };
  let labelOf: (t: { piece: number; local: number }) => number | undefined;
  {
    const t0 = Date.now();
    foldSpeakersWithoutEmbedding(speakers, turns);
    const clusters = linkSpeakers(
      speakers.filter((s) => s.embedding),
      known ? { numClusters: known } : { threshold: d.threshold },
    );
    ms.linking = Date.now() - t0;
    const key = (piece: number, local: number | null | undefined) => `${piece}:${local}`;
    const map = new Map<string, number | undefined>();
    speakers.filter((s) => s.embedding).forEach((s, k) => map.set(key(s.piece, s.local), clusters[k]));
    for (const s of speakers) if (!s.embedding) map.set(key(s.piece, s.local), map.get(key(s.piece, s.foldedInto)));
    labelOf = (t) => map.get(key(t.piece, t.local));
  }
  // Labels by first appearance, as upstream's are sorted by start.
  turns.sort((a, b) => a.start - b.start || a.end - b.end);
  const names = new Map<number, number>();
  const out: WorkerSpeakerTurn[] = [];
  const lastBy = new Map<string, WorkerSpeakerTurn>();
  for (const t of turns) {
    const label = labelOf(t);
    if (label === undefined) continue;
    if (!names.has(label)) names.set(label, names.size);
    const speaker = `spk_${names.get(label)}`;
    // Upstream's rule within a piece, applied again after linking: a speaker's turns that
    // overlap (two local speakers joined) or lie within minDurationOff (a turn cut by a piece
    // boundary) are one turn.
    const prev = lastBy.get(speaker);
    if (prev && t.start - prev.end <= MIN_DURATION_OFF) {
      prev.end = Math.max(prev.end, t.end);
      continue;
    }
    const turn = { speaker, start: t.start, end: t.end };
    lastBy.set(speaker, turn);
    out.push(turn);
  }
  return {
    turns: out,
    voices: d.speakerEmbeddings
      ? voicesOf(
          speakers.filter((s) => s.embedding && names.has(labelOf(s)!)),
          (s) => `spk_${names.get(labelOf(s)!)}`,
        )
      : null,
    stats: { pieces: pieces.length, pieceSeconds: maxPieceSamples / SR, localSpeakers: speakers.length, speakers: names.size, ms },
  };
}

/**
 * One voice per speaker label for the meeting to keep (issue 34: voice profiles): the mean of
 * the unit embeddings of the pieces' speakers that became that label, as a unit vector.
 * Labels with no embedding (too little speech) have none.
 */
function voicesOf(speakers: PieceSpeaker[], labelOf: (s: PieceSpeaker) => string): Record<string, number[]> {
  const sums = new Map<string, Float64Array>();
  for (const s of speakers) {
    if (!s.embedding) continue;
    const label = labelOf(s);
    const u = unitVector(s.embedding);
    const sum = sums.get(label);
    if (!sum) sums.set(label, Float64Array.from(u));
    else if (sum.length === u.length) for (let i = 0; i < u.length; i++) sum[i]! += u[i]!;
  }
  const out: Record<string, number[]> = {};
  for (const [label, sum] of sums) out[label] = Array.from(unitVector(sum));
  return out;
}

function unitVector(v: Float32Array | Float64Array): Float32Array {
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  return Float32Array.from(v, (x) => x / norm);
}

/**
 * Cuts [0, samples) into pieces of at most `seconds`, of about equal length, each boundary at
 * the quietest 20 ms frame in the BOUNDARY_SEARCH_SECONDS before its nominal place (a pause
 * rather than a word). One piece when the recording fits.
 */
export function planPieces(wav: Pick<OpenWav, "samples" | "fd" | "dataOffset">, seconds: number): { start: number; end: number }[] {
  const n = wav.samples;
  const max = Math.floor(seconds * SR);
  if (n <= max) return [{ start: 0, end: n }];
  // A cut moves up to BOUNDARY_SEARCH_SECONDS early, so nominal pieces leave that much room.
  const count = Math.ceil(n / Math.max(SR, max - BOUNDARY_SEARCH_SECONDS * SR));
  const cuts = [0];
  for (let k = 1; k < count; k++) {
    const nominal = Math.floor((k * n) / count);
    const lo = Math.max(cuts[k - 1]! + SR, nominal - BOUNDARY_SEARCH_SECONDS * SR);
    cuts.push(quietestPoint(wav, lo, nominal));
  }
  cuts.push(n);
  const pieces: { start: number; end: number }[] = [];
  for (let k = 0; k < count; k++) pieces.push({ start: cuts[k]!, end: cuts[k + 1]! });
  return pieces;
}

/** The middle of the quietest 20 ms frame in [lo, hi), read from the file; `hi` when the range is empty. */
function quietestPoint(wav: Pick<OpenWav, "samples" | "fd" | "dataOffset">, lo: number, hi: number): number {
  if (hi - lo < FRAME) return hi;
  const samples = readRange(wav, lo, hi);
  let best = hi;
  let bestEnergy = Infinity;
  for (let f = samples.length - FRAME; f >= 0; f -= FRAME) {
    let e = 0;
    for (let i = f; i < f + FRAME; i++) e += samples[i]! * samples[i]!;
    if (e < bestEnergy) {
      bestEnergy = e;
      best = lo + f + FRAME / 2;
    }
  }
  return best;
}

/** Samples [start, end) of the open WAV as float32 in [-1, 1). */
export function readRange(wav: Pick<OpenWav, "samples" | "fd" | "dataOffset">, start: number, end: number): Float32Array {
  const n = Math.max(0, Math.min(end, wav.samples) - start);
  const out = new Float32Array(n);
  const chunk = WINDOW_SECONDS * SR;
  const buf = Buffer.alloc(Math.min(n, chunk) * 2);
  for (let from = 0; from < n; from += chunk) {
    const count = Math.min(chunk, n - from);
    const got = Math.floor(fs.readSync(wav.fd, buf, 0, count * 2, wav.dataOffset + (start + from) * 2) / 2);
    for (let i = 0; i < got; i++) out[from + i] = buf.readInt16LE(i * 2) / 32768;
    if (got < count) return out.subarray(0, from + got);
  }
  return out;
}

/**
 * One embedding for local speaker `spk` of a piece: its speech where nobody else of the
 * piece speaks (as pyannote embeds a speaker's clean frames), or all of it when that is
 * under a second, longest stretches first up to MAX_EMBEDDING_SECONDS. Null when too short
 * for the extractor or when the model gives NaN (upstream drops those embeddings too).
 */
function speakerEmbedding(
  extractor: Native,
  samples: Float32Array,
  pieceStart: number,
  turns: LocalTurn[],
  spk: number,
): Float32Array | null {
  const toIdx = (sec: number) => Math.max(0, Math.min(samples.length, Math.round(sec * SR - pieceStart)));
  const own = turns.filter((t) => t.local === spk).map((t): Span => [toIdx(t.start), toIdx(t.end)]);
  const others = turns.filter((t) => t.local !== spk).map((t): Span => [toIdx(t.start), toIdx(t.end)]);
  let spans = subtractSpans(own, others);
  const total = (xs: Span[]) => xs.reduce((n, [a, b]) => n + b - a, 0);
  if (total(spans) < SR) spans = own;
  spans = spans.filter(([a, b]) => b > a).sort((x, y) => y[1] - y[0] - (x[1] - x[0]));
  const stream = extractor.createStream();
  let left = MAX_EMBEDDING_SECONDS * SR;
  for (const [a, b] of spans) {
    if (left <= 0) break;
    const end = Math.min(b, a + left);
    stream.acceptWaveform({ samples: samples.subarray(a, end), sampleRate: SR });
    left -= end - a;
  }
  stream.inputFinished();
  if (!extractor.isReady(stream)) return null;
  const e = Float32Array.from(extractor.compute(stream) as ArrayLike<number>);
  return e.some((x) => Number.isNaN(x)) ? null : e;
}

/** [a, b) spans minus the union of `cut` spans. */
type Span = [number, number];
function subtractSpans(spans: Span[], cut: Span[]): Span[] {
  const out: Span[] = [];
  const sortedCut = [...cut].sort((x, y) => x[0] - y[0]);
  for (const [a, b] of spans) {
    let from = a;
    for (const [c, d] of sortedCut) {
      if (d <= from || c >= b) continue;
      if (c > from) out.push([from, c]);
      from = Math.max(from, d);
      if (from >= b) break;
    }
    if (from < b) out.push([from, b]);
  }
  return out;
}

/**
 * A piece's speaker with no embedding (too little speech) joins the piece's speaker whose
 * turn is nearest in time (`foldedInto`); with no other speaker in the piece it keeps none
 * and its turns are dropped.
 */
function foldSpeakersWithoutEmbedding(speakers: PieceSpeaker[], turns: LocalTurn[]) {
  for (const s of speakers) {
    if (s.embedding) continue;
    const mine = turns.filter((t) => t.piece === s.piece && t.local === s.local);
    let best: number | null = null;
    let bestGap = Infinity;
    for (const t of turns) {
      if (t.piece !== s.piece || t.local === s.local) continue;
      if (!speakers.some((o) => o.piece === s.piece && o.local === t.local && o.embedding)) continue;
      for (const m of mine) {
        const gap = Math.max(0, Math.max(m.start, t.start) - Math.min(m.end, t.end));
        if (gap < bestGap) [best, bestGap] = [t.local, gap];
      }
    }
    s.foldedInto = best;
  }
}

/**
 * Clusters the pieces' speakers: upstream's FastClustering (fastcluster, complete linkage,
 * distance 1 - cosine similarity clipped at 0; cut where the distance reaches `threshold`, or
 * at `numClusters` clusters), with one rule added: two speakers of the same piece were told
 * apart by that piece's diarizer and are never joined while the count allows it. Returns a
 * cluster index per speaker. O(n^2) memory and O(n^3) time in the pieces' speakers (tens).
 */
export function linkSpeakers(
  speakers: { piece: number; embedding: ArrayLike<number> | null }[],
  { threshold = 0.5, numClusters = 0 }: { threshold?: number; numClusters?: number },
): number[] {
  const n = speakers.length;
  if (!n) return [];
  const unit = speakers.map((s) => {
    let norm = 0;
    const e = Array.from(s.embedding ?? []);
    for (const x of e) norm += x * x;
    norm = Math.sqrt(norm) || 1;
    return Float32Array.from(e, (x) => x / norm);
  });
  // dist[i][j] between clusters (complete linkage: the largest pairwise distance);
  // apart[i][j]: they hold two speakers of the same piece.
  const dist: Float64Array[] = [];
  const apart: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    const di = new Float64Array(n);
    const ai = new Uint8Array(n);
    dist.push(di);
    apart.push(ai);
    const ui = unit[i]!;
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const uj = unit[j]!;
      let dot = 0;
      for (let k = 0; k < ui.length; k++) dot += ui[k]! * uj[k]!;
      di[j] = Math.max(0, 1 - dot);
      ai[j] = speakers[i]!.piece === speakers[j]!.piece ? 1 : 0;
    }
  }
  const D = (i: number, j: number) => dist[i]![j]!;
  const A = (i: number, j: number) => apart[i]![j]!;
  const members = speakers.map((_, i) => [i]);
  const alive = new Set(members.keys());
  const target = numClusters && numClusters > 0 ? numClusters : 1;
  const closest = (strict: boolean): { pair: [number, number]; d: number } | null => {
    let best: [number, number] | null = null;
    let bestD = Infinity;
    for (const i of alive)
      for (const j of alive) {
        if (j <= i || (strict && A(i, j))) continue;
        if (D(i, j) < bestD) [best, bestD] = [[i, j], D(i, j)];
      }
    return best && { pair: best, d: bestD };
  };
  while (alive.size > target) {
    let next = closest(true);
    // A known count: speakers of one piece are joined only when nothing else is left to join.
    if (numClusters > 0) next = next || closest(false);
    else if (next && next.d >= threshold) next = null;
    const best = next && next.pair;
    if (!best) break;
    const [a, b] = best;
    for (const k of alive) {
      if (k === a || k === b) continue;
      dist[a]![k] = dist[k]![a] = Math.max(D(a, k), D(b, k));
      apart[a]![k] = apart[k]![a] = A(a, k) | A(b, k);
    }
    members[a]!.push(...members[b]!);
    alive.delete(b);
  }
  const labels = new Array<number>(n);
  let c = 0;
  for (const i of [...alive].sort((x, y) => Math.min(...members[x]!) - Math.min(...members[y]!))) {
    for (const m of members[i]!) labels[m] = c;
    c++;
  }
  return labels;
}

/** Diarization with chunk progress where the addon offers it (processAsync), else in one call. */
function diarize(
  sd: Native,
  addon: Native,
  samples: Float32Array,
  onProgress: (done: number, all: number) => void,
): Promise<{ speaker: number; start: number; end: number }[]> {
  if (addon && sd.handle && typeof addon.offlineSpeakerDiarizationProcessAsync === "function") {
    return addon.offlineSpeakerDiarizationProcessAsync(sd.handle, samples, (done: number, all: number) => {
      onProgress(done, all);
      return 0; // 0 = go on
    });
  }
  return Promise.resolve(sd.process(samples));
}

/**
 * This process's peak resident memory: VmHWM on Linux, which starts afresh at exec. getrusage's
 * maxRSS does not: a forked child keeps the parent's peak from before its exec (a benchmark
 * holding 4 hours of audio made this worker look 900 MB large).
 */
function peakRssBytes() {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

function safeRequire(name: string): Native {
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
export function openWav(file: string): OpenWav {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(12);
    fs.readSync(fd, head, 0, 12, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") {
      throw new Error("the prepared audio is not a WAV file");
    }
    let pos = 12;
    let fmt: { format: number; channels: number; rate: number; bits: number } | null = null;
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
function* readWindows(wav: OpenWav, seconds: number): Generator<{ start: number; samples: Float32Array }> {
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
export function readAllSamples(file: string): Float32Array {
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
type OnSegment = (segment: SpeechPiece) => void;
export function createSpeechDetector(
  sherpa: Native,
  modelPath: string,
  sr: number,
): { accept(samples: Float32Array, onSegment: OnSegment): void; flush(onSegment: OnSegment): void } {
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
  const drain = (onSegment: OnSegment) => {
    while (!vad.isEmpty()) {
      const seg = vad.front(false);
      vad.pop();
      onSegment({ start: seg.start / sr, samples: seg.samples });
    }
  };
  let carry = new Float32Array(0);
  return {
    accept(samples: Float32Array, onSegment: OnSegment) {
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
    flush(onSegment: OnSegment) {
      if (carry.length) vad.acceptWaveform(carry);
      carry = new Float32Array(0);
      vad.flush();
      drain(onSegment);
    },
  };
}

/** Silero VAD over a recording held in memory (tests): the speech segments, each with its start (s) and samples. */
export function detectSpeech(sherpa: Native, modelPath: string, samples: Float32Array, sr: number): SpeechPiece[] {
  const speech: SpeechPiece[] = [];
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
export function splitLongSegment(seg: SpeechPiece, sr: number, maxSeconds = MAX_PIECE_SECONDS): SpeechPiece[] {
  const max = Math.floor(maxSeconds * sr);
  const pieces: SpeechPiece[] = [];
  let from = 0;
  const n = seg.samples.length;
  while (n - from > max) {
    const hi = from + max;
    const lo = Math.max(from + Math.floor(max / 4), hi - QUIET_SEARCH_SECONDS * sr);
    let best = hi;
    let bestEnergy = Infinity;
    for (let f = hi - FRAME; f >= lo; f -= FRAME) {
      let e = 0;
      for (let i = f; i < f + FRAME; i++) e += seg.samples[i]! * seg.samples[i]!;
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
export function recogniseSegment(recognizer: Native, seg: SpeechPiece, sr: number, wordTimes?: boolean): WorkerSegment[] {
  const out: WorkerSegment[] = [];
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
export function wordsFrom(
  r: { tokens?: string[]; timestamps?: number[]; durations?: number[] },
  segStart: number,
  segEnd: number,
): WorkerWord[] | undefined {
  const tokens = r.tokens || [];
  const ts = r.timestamps || [];
  if (!tokens.length || ts.length !== tokens.length) return undefined;
  const words: WorkerWord[] = [];
  let pendingStart: number | null = null; // time of a lone word-start marker waiting for its word
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i]!;
    const at = ts[i]!;
    const marked = /^[\s\u2581]/.test(tok);
    const clean = tok.replace(/^[\s\u2581]+/, "");
    if (!clean) {
      if (marked && pendingStart === null) pendingStart = at;
      continue;
    }
    if (i === 0 || marked || pendingStart !== null || !words.length) {
      const start = pendingStart !== null ? pendingStart : at;
      words.push({ text: clean, start: segStart + start, end: segStart + at });
      pendingStart = null;
    } else {
      words[words.length - 1]!.text += clean;
    }
    const d = r.durations?.[i] || 0.08;
    words[words.length - 1]!.end = Math.min(segEnd, segStart + at + d);
  }
  for (const w of words) {
    w.start = Math.round(w.start * 1000) / 1000;
    w.end = Math.round(Math.max(w.end, w.start) * 1000) / 1000;
  }
  return words.length ? words : undefined;
}
