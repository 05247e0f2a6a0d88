// The one model that runs for real in the tests: Silero VAD (1.8 MB, MIT, shipped with the app
// in engines/speech/assets) through sherpa-onnx, exactly as the speech worker calls it. fixtures/synthetic-speech.wav is 1 s of silence, a
// sentence from espeak-ng (~3 s), then 1.5 s of silence, at 16 kHz mono.
import { createRequire } from "node:module";
import path from "node:path";
import { assert, describe, expect, it } from "vitest";
import { CATALOGUE, ROLES, modelFilePath } from "../models/catalogue";
import { detectSpeech } from "./sherpa-pipeline";

const require = createRequire(import.meta.url);
const sherpa = require("sherpa-onnx-node");
const fixtures = path.join(import.meta.dirname, "fixtures");
const vad = CATALOGUE.find((m) => m.id === ROLES.vad)!;
const model = path.join(vad.bundledDir!, modelFilePath(vad));
const SR = 16_000;

describe("Silero VAD (real model)", () => {
  it("finds the one sentence between the silences, with its start and end", () => {
    const wave = sherpa.readWave(path.join(fixtures, "synthetic-speech.wav"));
    expect(wave.sampleRate).toBe(SR);
    const total = wave.samples.length / SR;
    const speech = detectSpeech(sherpa, model, wave.samples, SR);
    expect(speech).toHaveLength(1);
    const [seg] = speech;
    assert(seg, "one speech segment");
    const end = seg.start + seg.samples.length / SR;
    expect(seg.start).toBeGreaterThan(0.8);
    expect(seg.start).toBeLessThan(1.4);
    // The sentence ends 1.5 s before the file does; the VAD keeps up to its 0.5 s hangover.
    expect(end).toBeGreaterThan(total - 2.2);
    expect(end).toBeLessThan(total - 0.8);
  });

  it("finds no speech in silence or in a steady tone", () => {
    const silence = new Float32Array(SR * 3);
    expect(detectSpeech(sherpa, model, silence, SR)).toEqual([]);
    const tone = Float32Array.from({ length: SR * 3 }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / SR));
    expect(detectSpeech(sherpa, model, tone, SR)).toEqual([]);
  });

  it("cuts speech longer than 20 s into pieces (Whisper takes at most 30 s)", () => {
    const wave = sherpa.readWave(path.join(fixtures, "synthetic-speech.wav"));
    // The sentence repeated without pauses for about 30 s.
    const start = Math.round(1.0 * SR);
    const sentence = wave.samples.subarray(start, start + Math.round(2.9 * SR));
    const long = new Float32Array(sentence.length * 11);
    for (let k = 0; k < 11; k++) long.set(sentence, k * sentence.length);
    const speech = detectSpeech(sherpa, model, long, SR);
    expect(speech.length).toBeGreaterThan(1);
    for (const s of speech) expect(s.samples.length / SR).toBeLessThanOrEqual(20.5);
  });
});
