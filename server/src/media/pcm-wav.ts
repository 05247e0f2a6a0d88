// 16-bit PCM mono WAV bytes, for tests and benchmarks that make their own audio (the app's
// own WAVs come from ffmpeg).

/** The 44-byte header of a mono 16-bit PCM WAV holding `samples` samples. */
export function pcmWavHeader(samples: number, rate = 16_000): Buffer {
  const b = Buffer.alloc(44);
  b.write("RIFF", 0);
  b.writeUInt32LE(36 + samples * 2, 4);
  b.write("WAVEfmt ", 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36);
  b.writeUInt32LE(samples * 2, 40);
  return b;
}

/** Float samples in [-1, 1] as 16-bit little-endian PCM (clipped). */
export function pcm16(samples: Float32Array): Buffer {
  const b = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => b.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  return b;
}

/** A whole WAV file of `samples`. */
export function pcmWav(samples: Float32Array, rate = 16_000): Buffer {
  return Buffer.concat([pcmWavHeader(samples.length, rate), pcm16(samples)]);
}
