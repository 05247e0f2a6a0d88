// Whisper decodes at most ~29.5 s per call and silently drops the rest, and Silero's
// maxSpeechDuration is only a soft cap: the worker must hand every sample of a long speech
// segment to the recogniser, in pieces it can take.
import { createRequire } from "node:module";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, assert, describe, expect, it } from "vitest";
import { pcmWav } from "../../../media/pcm-wav";
import { MAX_PIECE_SECONDS, readAllSamples, recogniseSegment, splitLongSegment } from "./sherpa-pipeline";

const require = createRequire(import.meta.url);
const sherpa = require("sherpa-onnx-node");
type Segment = { start: number; samples: Float32Array };
type Text = { start: number; end: number; text: string };
const worker = { recogniseSegment, splitLongSegment, readAllSamples, MAX_PIECE_SECONDS };
const SR = 16_000;
const fixtures = path.join(import.meta.dirname, "fixtures");
const work = await mkdtemp(path.join(tmpdir(), "long-segments-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** A recogniser stand-in with sherpa-onnx's OfflineRecognizer interface that records what it is given. */
function recordingRecognizer() {
  const received: Float32Array[] = [];
  return {
    received,
    createStream() {
      let samples: Float32Array = new Float32Array(0);
      return {
        acceptWaveform: (w: { samples: Float32Array }) => (samples = w.samples),
        get samples() {
          return samples;
        },
      };
    },
    decode(stream: { samples: Float32Array }) {
      received.push(Float32Array.from(stream.samples));
    },
    getResult() {
      return { text: `piece ${received.length}` };
    },
  };
}

/** 75 s of continuous speech: the fixture's sentence repeated with no pause longer than a breath. */
function continuousSpeech(seconds: number): Float32Array {
  const wave = sherpa.readWave(path.join(fixtures, "synthetic-speech.wav"));
  const sentence = wave.samples.subarray(Math.round(1.0 * SR), Math.round(3.9 * SR));
  const out = new Float32Array(seconds * SR);
  for (let at = 0; at < out.length; at += sentence.length) out.set(sentence.subarray(0, Math.min(sentence.length, out.length - at)), at);
  return out;
}

/** Deep equality of large arrays, without the matcher's per-element diffing. */
function sameSamples(a: Float32Array, b: Float32Array): boolean {
  return (
    a.length === b.length &&
    Buffer.compare(Buffer.from(a.buffer, a.byteOffset, a.byteLength), Buffer.from(b.buffer, b.byteOffset, b.byteLength)) === 0
  );
}

describe("long speech segments", () => {
  it("a 75 s continuous-speech segment reaches the recogniser whole, in pieces of at most 28 s", () => {
    const samples = continuousSpeech(75);
    const rec = recordingRecognizer();
    const texts = worker.recogniseSegment(rec, { start: 12, samples }, SR, false);
    expect(worker.MAX_PIECE_SECONDS).toBe(28);
    expect(rec.received.length).toBeGreaterThanOrEqual(3);
    for (const piece of rec.received) expect(piece.length / SR).toBeLessThanOrEqual(28);
    // Every sample, in order, nothing doubled.
    const joined = new Float32Array(rec.received.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of rec.received) {
      joined.set(p, at);
      at += p.length;
    }
    expect(sameSamples(joined, samples)).toBe(true);
    // The text pieces carry their own times, back to back from the segment's start.
    expect(texts.map((t) => t.text)).toEqual(rec.received.map((_, i) => `piece ${i + 1}`));
    expect(texts[0]?.start).toBe(12);
    for (const [i, t] of texts.entries()) if (i > 0) expect(t.start).toBeCloseTo(texts[i - 1]?.end ?? NaN, 6);
    expect(texts.at(-1)!.end).toBeCloseTo(12 + 75, 6);
  });

  it("cuts at the quietest point before the limit, not in the middle of a word", () => {
    // Loud noise with one quiet 100 ms gap at 23 s: the cut lands in the gap.
    const samples = Float32Array.from({ length: 40 * SR }, (_, i) => (Math.sin(i * 0.37) + Math.sin(i * 1.13)) * 0.3);
    samples.fill(0.001, 23 * SR, 23.1 * SR);
    const [first, second] = worker.splitLongSegment({ start: 0, samples }, SR);
    assert(first && second, "two pieces");
    expect(first.samples.length / SR).toBeGreaterThanOrEqual(23);
    expect(first.samples.length / SR).toBeLessThanOrEqual(23.1);
    expect(second.start).toBeCloseTo(first.samples.length / SR, 6);
  });

  it("leaves segments up to 28 s alone", () => {
    const seg = { start: 1, samples: new Float32Array(28 * SR) };
    const pieces = worker.splitLongSegment(seg, SR);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]?.start).toBe(1);
    expect(pieces[0]?.samples.length).toBe(seg.samples.length);
  });

  it("reads a WAV in windows exactly as sherpa-onnx reads it whole, skipping chunks before the data", async () => {
    const wave = sherpa.readWave(path.join(fixtures, "synthetic-speech.wav"));
    expect(sameSamples(worker.readAllSamples(path.join(fixtures, "synthetic-speech.wav")), wave.samples)).toBe(true);
    // A WAV with a LIST chunk between fmt and data (ffmpeg writes one with metadata).
    const tone = Float32Array.from({ length: SR * 2 }, (_, i) => Math.round(Math.sin(i / 10) * 1000) / 32767);
    const plain = pcmWav(tone);
    const list = Buffer.concat([Buffer.from("LIST"), Buffer.from([4, 0, 0, 0]), Buffer.from("INFO")]);
    const withList = Buffer.concat([plain.subarray(0, 36), list, plain.subarray(36)]);
    withList.writeUInt32LE(withList.length - 8, 4);
    const file = path.join(work, "list.wav");
    await writeFile(file, withList);
    const read = worker.readAllSamples(file);
    expect(read.length).toBe(SR * 2);
    expect(read[100]).toBeCloseTo(Math.round(Math.sin(10) * 1000) / 32768, 4);
  });
});
