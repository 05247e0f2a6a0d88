// Audio for the engine tests and the benchmark: the corpus's real clips converted by the
// code the prepare step uses, and long synthetic meetings stitched from them.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { convertToWav16kMono } from "../../server/src/media/convert";
import { fromRoot } from "../../server/src/paths";

export const CORPUS_REAL = path.resolve(process.env.CORPUS_DIR ?? fromRoot("../shared/corpus"), "real");

/** Every real clip (path inside corpus/real) with how many speakers it has. */
export const REAL_CLIPS: { clip: string; speakers: number }[] = [
  { clip: "jfk/jfk.wav", speakers: 1 },
  { clip: "beckett/beckett.wav", speakers: 1 },
  { clip: "pyannote-sample/sample.wav", speakers: 2 },
  { clip: "ami-debug/dev00.wav", speakers: 4 },
  { clip: "ami-debug/tst00.wav", speakers: 4 },
  { clip: "falcon-3spk/test.wav", speakers: 3 },
  { clip: "stereo-overlap/stereo_diarization.wav", speakers: 2 },
];

export function corpusAvailable(): boolean {
  return REAL_CLIPS.every((c) => existsSync(path.join(CORPUS_REAL, c.clip)));
}

/** The repository's own speech clip (espeak-ng, 5.6 s): runs everywhere, corpus or not. */
export const REPO_SPEECH_CLIP = fromRoot("server/src/engines/speech/local/fixtures/synthetic-speech.wav");

/** A corpus clip as the 16 kHz mono WAV the prepare step writes (float32 and stereo clips included). */
export async function clip16k(clip: string, dir: string): Promise<string> {
  const out = path.join(dir, clip.replace(/[/.]/g, "_") + ".16k.wav");
  if (!existsSync(out)) await convertToWav16kMono(path.join(CORPUS_REAL, clip), out);
  return out;
}

export function pcm16Wav(samples: Int16Array, rate = 16000): Buffer {
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(samples.length * 2, 40);
  Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).copy(b, 44);
  return b;
}

/** The PCM samples of a 16-bit mono WAV (as written by ffmpeg or pcm16Wav). */
async function readPcm16(file: string): Promise<Int16Array> {
  const buf = await readFile(file);
  let off = 12;
  while (off + 8 <= buf.length) {
    const id = buf.toString("ascii", off, off + 4);
    const size = buf.readUInt32LE(off + 4);
    if (id === "data") {
      const data = buf.subarray(off + 8, off + 8 + Math.min(size, buf.length - off - 8));
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + (data.length & ~1)));
    }
    off += 8 + size + (size & 1);
  }
  throw new Error(`${file}: no data chunk`);
}

/**
 * A synthetic meeting of `seconds` length: the real clips (or, without the corpus, the
 * repository's speech clip) one after another in a fixed shuffled order, with 0.3-3 s pauses
 * of faint noise between them. Deterministic.
 */
export async function syntheticMeeting(dir: string, seconds: number, name = `meeting-${seconds}s.wav`): Promise<string> {
  const out = path.join(dir, name);
  if (existsSync(out)) return out;
  const clips = corpusAvailable()
    ? await Promise.all(REAL_CLIPS.map(async (c) => readPcm16(await clip16k(c.clip, dir))))
    : [await readPcm16(REPO_SPEECH_CLIP)];
  const total = Math.round(seconds * 16000);
  const pcm = new Int16Array(total);
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296;
  let pos = 0;
  for (let i = 0; pos < total; i++) {
    const pause = Math.round((0.3 + next() * 2.7) * 16000);
    for (let k = 0; k < pause && pos < total; k++) pcm[pos++] = Math.round((next() - 0.5) * 40);
    const clip = clips[(i * 5 + Math.floor(next() * 3)) % clips.length]!;
    const n = Math.min(clip.length, total - pos);
    pcm.set(clip.subarray(0, n), pos);
    pos += n;
  }
  await writeFile(out, pcm16Wav(pcm));
  return out;
}
