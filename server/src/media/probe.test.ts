import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MediaError, checkUploadedMedia, probeMedia, sniffContent } from "./probe";
import { ffmpeg, makeM4a, makeMp3, makeSilentVideoNoAudio, makeVideo, makeWav } from "./test-fixtures";

let dir: string;
const f = (name: string) => join(dir, name);

async function truncate(src: string, dest: string, fraction = 0.5): Promise<string> {
  const buf = await readFile(src);
  await writeFile(dest, buf.subarray(0, Math.floor(buf.length * fraction)));
  return dest;
}

async function expectMediaError(p: Promise<unknown>, code: string): Promise<MediaError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(MediaError);
  expect((err as MediaError).code).toBe(code);
  return err as MediaError;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "probe-test-"));
  await Promise.all([
    makeWav(f("a.wav")),
    makeMp3(f("a.mp3")),
    makeM4a(f("a.m4a")),
    makeVideo(f("a.mp4"), 3, ["-metadata", "creation_time=2024-03-05T14:30:00Z"]),
    makeVideo(f("fast.mp4"), 3, ["-movflags", "+faststart"]),
  ]);
  await Promise.all([makeVideo(f("a.mov")), makeVideo(f("a.avi")), makeSilentVideoNoAudio(f("mute.mp4"))]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("probeMedia", () => {
  it("reads duration, streams, format and creation time of a video", async () => {
    const p = await probeMedia(f("a.mp4"));
    expect(p.durationSeconds).toBeCloseTo(3, 0);
    expect(p.hasAudio).toBe(true);
    expect(p.hasVideo).toBe(true);
    expect(p.formatName).toContain("mp4");
    expect(p.creationTime?.toISOString()).toBe("2024-03-05T14:30:00.000Z");
  });

  it("reports audio-only files as having no video", async () => {
    const p = await probeMedia(f("a.mp3"));
    expect(p).toMatchObject({ hasAudio: true, hasVideo: false, formatName: "mp3", creationTime: null });
    expect(p.durationSeconds).toBeCloseTo(3, 0);
  });

  it("throws CORRUPT_MEDIA for unreadable input", async () => {
    await writeFile(f("junk.bin"), Buffer.from([1, 2, 3, 4, 5, 6, 7, 8]));
    await expectMediaError(probeMedia(f("junk.bin")), "CORRUPT_MEDIA");
  });
});

describe("checkUploadedMedia", () => {
  it.each(["a.wav", "a.mp3", "a.m4a", "a.mp4", "a.mov", "a.avi", "fast.mp4"])("accepts a valid %s", async (name) => {
    const p = await checkUploadedMedia(f(name), name);
    expect(p.hasAudio).toBe(true);
    expect(p.durationSeconds).toBeGreaterThan(2);
  });

  it("judges the type by the original name, case-insensitively", async () => {
    await expect(checkUploadedMedia(f("a.mp3"), "Team Sync.MP3")).resolves.toMatchObject({ formatName: "mp3" });
  });

  it("refuses an empty file", async () => {
    await writeFile(f("empty.mp3"), "");
    const err = await expectMediaError(checkUploadedMedia(f("empty.mp3"), "empty.mp3"), "EMPTY_FILE");
    expect(err.message).toMatch(/empty/i);
  });

  it("refuses an extension outside the accepted list, naming the accepted ones", async () => {
    const err = await expectMediaError(checkUploadedMedia(f("a.wav"), "notes.flac"), "UNSUPPORTED_TYPE");
    expect(err.message).toContain(".flac");
    expect(err.message).toMatch(/MP3, WAV or M4A/);
    await expectMediaError(checkUploadedMedia(f("a.wav"), "recording"), "UNSUPPORTED_TYPE");
  });

  it("refuses a text file renamed .mp3", async () => {
    await writeFile(f("notes.mp3"), "Meeting notes\nAlice: hello\nBob: hi there\n");
    const err = await expectMediaError(checkUploadedMedia(f("notes.mp3"), "notes.mp3"), "CONTENT_MISMATCH");
    expect(err.message).toMatch(/^This file is not an MP3 audio file: its content looks like text\. /);
  });

  it("refuses a PDF renamed .mp4 and a WAV renamed .mp3", async () => {
    await writeFile(f("doc.mp4"), "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n");
    const pdf = await expectMediaError(checkUploadedMedia(f("doc.mp4"), "doc.mp4"), "CONTENT_MISMATCH");
    expect(pdf.message).toContain("not an MP4 video file: its content looks like a PDF document");
    const wav = await expectMediaError(checkUploadedMedia(f("a.wav"), "call.mp3"), "CONTENT_MISMATCH");
    expect(wav.message).toContain("looks like WAV audio");
  });

  it("refuses random binary bytes as not media", async () => {
    const bytes = Buffer.alloc(4096);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 251;
    await writeFile(f("random.m4a"), bytes);
    const err = await expectMediaError(checkUploadedMedia(f("random.m4a"), "random.m4a"), "CONTENT_MISMATCH");
    expect(err.message).toMatch(/not an M4A audio file/);
  });

  it("refuses a truncated MP4 whose index was cut off", async () => {
    await truncate(f("a.mp4"), f("cut.mp4"));
    const err = await expectMediaError(checkUploadedMedia(f("cut.mp4"), "cut.mp4"), "CORRUPT_MEDIA");
    expect(err.message).toMatch(/damaged or incomplete/);
  });

  it("refuses a truncated MP4 whose index survived (decoding the end fails)", async () => {
    await truncate(f("fast.mp4"), f("cutfast.mp4"));
    // ffprobe alone still reports the full length here.
    expect((await probeMedia(f("cutfast.mp4"))).durationSeconds).toBeCloseTo(3, 0);
    await expectMediaError(checkUploadedMedia(f("cutfast.mp4"), "cutfast.mp4"), "CORRUPT_MEDIA");
  });

  it("refuses a truncated MP3 whose header declares the full length", async () => {
    await truncate(f("a.mp3"), f("cut.mp3"));
    await expectMediaError(checkUploadedMedia(f("cut.mp3"), "cut.mp3"), "CORRUPT_MEDIA");
  });

  it("refuses a video without an audio track", async () => {
    const err = await expectMediaError(checkUploadedMedia(f("mute.mp4"), "mute.mp4"), "NO_AUDIO");
    expect(err.message).toMatch(/^This video has no audio track, so there is nothing to transcribe\./);
  });

  it("accepts an MP3 without a Xing header (estimated duration) when it decodes", async () => {
    await ffmpeg(["-f", "lavfi", "-i", "sine=duration=3", "-c:a", "libmp3lame", "-b:a", "32k", "-write_xing", "0", f("noxing.mp3")]);
    expect((await stat(f("noxing.mp3"))).size).toBeGreaterThan(0);
    await expect(checkUploadedMedia(f("noxing.mp3"), "noxing.mp3")).resolves.toMatchObject({ hasAudio: true });
  });
});

describe("sniffContent", () => {
  it.each([
    ["RIFF\0\0\0\0WAVEfmt ", "wav"],
    ["RIFF\0\0\0\0AVI LIST", "avi"],
    ["\0\0\0\x18ftypM4A ", "isobmff"],
    ["ID3\x04\0\0", "mp3"],
    ["\xff\xfb\x90\x64", "mp3"],
    ["\xff\xf1\x50\x80", "aac"],
    ["OggS\0\x02", "ogg"],
    ["<!DOCTYPE html><html>", "html"],
    ["hello world, plain notes", "text"],
    ["\0\x01\x02\x03\xfe", "unknown"],
  ])("%j → %s", (head, kind) => {
    expect(sniffContent(Buffer.from(head, "latin1"))).toBe(kind);
  });
});
