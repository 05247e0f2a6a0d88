import { execFile } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertToWav16kMono, isSilent, measureLoudness, SILENT_RECORDING_MESSAGE } from "./convert";
import { ffmpegPath } from "./ffmpeg";
import { MediaError } from "./probe";
import { makeSilence, makeVideo } from "./test-fixtures";

let dir: string;
const f = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "convert-test-"));
  await Promise.all([makeVideo(f("talk.mp4"), 3), makeSilence(f("silence.wav"), 2)]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("convertToWav16kMono", () => {
  it("writes 16 kHz mono 16-bit PCM WAV and reports progress", async () => {
    const progress: number[] = [];
    await convertToWav16kMono(f("talk.mp4"), f("talk.wav"), { onProgress: (s) => progress.push(s) });
    const wav = await readFile(f("talk.wav"));
    expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE");
    expect(wav.readUInt16LE(20)).toBe(1); // PCM
    expect(wav.readUInt16LE(22)).toBe(1); // mono
    expect(wav.readUInt32LE(24)).toBe(16000);
    expect(wav.readUInt16LE(34)).toBe(16);
    // About 3 s of 16-bit samples at 16 kHz.
    expect(wav.length).toBeGreaterThan(2.8 * 32000);
    expect(wav.length).toBeLessThan(3.3 * 32000);
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeCloseTo(3, 0);
    expect(await readdir(dir)).not.toContain("talk.wav.part");
  });

  it("fails with a user message and the tail of ffmpeg stderr, leaving no output", async () => {
    await writeFile(f("bad.mp3"), "this is not audio at all");
    const err = await convertToWav16kMono(f("bad.mp3"), f("bad.wav")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MediaError);
    expect((err as MediaError).code).toBe("CONVERSION_FAILED");
    expect((err as MediaError).message).toMatch(/could not be converted.*upload it/);
    expect((err as MediaError).detail).toMatch(/Invalid data|bad\.mp3/);
    const files = await readdir(dir);
    expect(files).not.toContain("bad.wav");
    expect(files).not.toContain("bad.wav.part");
  });

  it("stops ffmpeg when aborted and removes the partial file", async () => {
    // A FIFO with no writer blocks ffmpeg on open, so the abort lands mid-run deterministically.
    await promisify(execFile)("mkfifo", [f("stuck.fifo")]);
    const ac = new AbortController();
    const started = Date.now();
    const pending = convertToWav16kMono(f("stuck.fifo"), f("stuck.wav"), { signal: ac.signal });
    setTimeout(() => ac.abort(new Error("user cancelled")), 200);
    await expect(pending).rejects.toThrow("user cancelled");
    expect(Date.now() - started).toBeLessThan(5000);
    const files = await readdir(dir);
    expect(files).not.toContain("stuck.wav");
    expect(files).not.toContain("stuck.wav.part");
  });

  it("rejects at once when the signal is already aborted", async () => {
    const ac = new AbortController();
    ac.abort();
    await expect(convertToWav16kMono(f("talk.mp4"), f("never.wav"), { signal: ac.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});

describe("measureLoudness / isSilent", () => {
  it("measures a tone as loud and not silent", async () => {
    const l = await measureLoudness(f("talk.mp4"));
    expect(l.maxVolumeDb).toBeGreaterThan(-30);
    expect(l.meanVolumeDb).toBeLessThanOrEqual(l.maxVolumeDb);
    expect(isSilent(l)).toBe(false);
  });

  it("measures digital silence as silent", async () => {
    const l = await measureLoudness(f("silence.wav"));
    expect(l.maxVolumeDb).toBeLessThan(-80);
    expect(isSilent(l)).toBe(true);
    expect(SILENT_RECORDING_MESSAGE).toMatch(/^No speech was detected in this recording/);
  });

  it("treats a very quiet but present signal as not silent", async () => {
    // Tone at -40 dBFS peak: quiet speech far from a microphone is around here.
    await promisify(execFile)(ffmpegPath(), [
      "-v",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "sine=duration=1",
      "-af",
      "volume=-22dB",
      f("quiet.wav"),
    ]);
    const l = await measureLoudness(f("quiet.wav"));
    expect(l.maxVolumeDb).toBeLessThan(-35);
    expect(isSilent(l)).toBe(false);
    expect(isSilent({ maxVolumeDb: -60, meanVolumeDb: -75 })).toBe(true);
  });
});
