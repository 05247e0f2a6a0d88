// Test helper: builds small media files with the bundled ffmpeg. Not used at runtime.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { ffmpegPath } from "./ffmpeg";

const run = promisify(execFile);

export async function ffmpeg(args: string[]): Promise<void> {
  await run(ffmpegPath(), ["-nostdin", "-v", "error", "-y", ...args]);
}

const tone = (seconds: number) => ["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`];
const picture = (seconds: number) => ["-f", "lavfi", "-i", `testsrc=size=96x64:rate=5:duration=${seconds}`];

export async function makeWav(out: string, seconds = 3): Promise<string> {
  await ffmpeg([...tone(seconds), "-ar", "16000", out]);
  return out;
}
export async function makeMp3(out: string, seconds = 3): Promise<string> {
  await ffmpeg([...tone(seconds), "-c:a", "libmp3lame", "-b:a", "32k", out]);
  return out;
}
export async function makeM4a(out: string, seconds = 3): Promise<string> {
  await ffmpeg([...tone(seconds), "-c:a", "aac", "-b:a", "32k", out]);
  return out;
}
/** Video with sound; `extra` adds output options such as -movflags +faststart. */
export async function makeVideo(out: string, seconds = 3, extra: string[] = []): Promise<string> {
  const audioCodec = out.endsWith(".avi") ? ["-c:a", "pcm_s16le"] : ["-c:a", "aac", "-b:a", "32k"];
  // -t rather than -shortest: the bundled 2018 ffmpeg mishandles -shortest.
  await ffmpeg([...picture(seconds), ...tone(seconds), "-t", String(seconds), "-c:v", "mpeg4", ...audioCodec, ...extra, out]);
  return out;
}
export async function makeSilentVideoNoAudio(out: string, seconds = 2): Promise<string> {
  await ffmpeg([...picture(seconds), "-t", String(seconds), "-c:v", "mpeg4", out]);
  return out;
}
export async function makeSilence(out: string, seconds = 2): Promise<string> {
  await ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", String(seconds), out]);
  return out;
}
