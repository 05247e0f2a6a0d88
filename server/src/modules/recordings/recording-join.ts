// Joins a recording's chunks into one media file. The chunks of one MediaRecorder (with a
// timeslice) are byte slices of one stream: concatenated in order they are one valid WebM
// (or fragmented MP4, or Ogg). A reload or crash mid-recording starts a new MediaRecorder,
// whose first chunk begins with a fresh container header: each such run is a "part". One
// part is remuxed (no re-encoding; the header then carries the duration and seek index the
// browser could not write); several parts are decoded and joined end to end.
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { AppError } from "../../core/errors";
import { ffmpegPath, runBinary } from "../../media/ffmpeg";
import { MediaError, probeMedia } from "../../media/probe";
import type { BlobStore } from "../../storage/blob-store";

export type Container = "webm" | "mp4" | "ogg";

export const containerFile: Record<Container, { ext: string; mimeType: string; codec: string[] }> = {
  webm: { ext: ".webm", mimeType: "audio/webm", codec: ["-c:a", "libopus", "-b:a", "64k"] },
  mp4: { ext: ".m4a", mimeType: "audio/mp4", codec: ["-c:a", "aac", "-b:a", "96k"] },
  ogg: { ext: ".ogg", mimeType: "audio/ogg", codec: ["-c:a", "libopus", "-b:a", "64k"] },
};

/** The container a chunk starts, when it is the first chunk of a MediaRecorder; null for a continuation. */
export function partStart(head: Uint8Array): Container | null {
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return "webm";
  if (head.length >= 8 && String.fromCharCode(...head.subarray(4, 8)) === "ftyp") return "mp4";
  // Every Ogg chunk starts with a page; only a stream's first page has the BOS flag (0x02).
  if (head.length >= 6 && String.fromCharCode(...head.subarray(0, 4)) === "OggS" && (head[5]! & 0x02) !== 0) return "ogg";
  return null;
}

export interface JoinedRecording {
  /** The joined file (in `dir`; remove `dir` when done). */
  file: string;
  dir: string;
  container: Container;
  durationSeconds: number | null;
  parts: number;
}

const unreadable = (detail: string) =>
  new MediaError(
    "CORRUPT_MEDIA",
    "The recording's chunks could not be joined into playable audio. Record again, or upload the file if you have it.",
    detail,
  );

/** Writes the chunks (blob keys in chunk order) into one file; the caller removes `dir`. */
export async function joinChunks(store: BlobStore, keys: string[], opts: { timeoutMs?: number } = {}): Promise<JoinedRecording> {
  const dir = await mkdtemp(path.join(tmpdir(), "recording-join-"));
  try {
    const parts: { file: string; container: Container }[] = [];
    let out: ReturnType<typeof createWriteStream> | null = null;
    const closeOut = () =>
      new Promise<void>((resolve, reject) => {
        if (!out) return resolve();
        out.end((err?: Error | null) => (err ? reject(err) : resolve()));
      });
    for (const key of keys) {
      // A chunk is a second or so of audio (at most RECORDING_MAX_CHUNK_BYTES): read whole.
      const data = await buffer(await store.getStream(key));
      const starts = partStart(data.subarray(0, 8));
      if (starts) {
        await closeOut();
        const file = path.join(dir, `part-${parts.length}${containerFile[starts].ext}`);
        parts.push({ file, container: starts });
        out = createWriteStream(file);
      }
      if (!out) throw unreadable(`chunk ${key} continues a recording whose start is not stored`);
      const stream = out;
      if (!stream.write(data)) await new Promise<void>((resolve) => stream.once("drain", () => resolve()));
    }
    await closeOut();
    const first = parts[0];
    if (!first) throw new AppError("BAD_REQUEST", "The recording has no chunks.");
    const container = first.container;
    const file = path.join(dir, `recording${containerFile[container].ext}`);
    const args = ["-nostdin", "-hide_banner", "-v", "error", "-y"];
    if (parts.length === 1) {
      args.push("-i", first.file, "-vn", "-c:a", "copy", file);
    } else {
      for (const p of parts) args.push("-i", p.file);
      const inputs = parts.map((_, i) => `[${i}:a:0]`).join("");
      args.push("-filter_complex", `${inputs}concat=n=${parts.length}:v=0:a=1[a]`, "-map", "[a]", ...containerFile[container].codec, file);
    }
    const res = await runBinary(ffmpegPath(), args, { timeoutMs: opts.timeoutMs ?? 30 * 60_000 });
    if (res.code !== 0) throw unreadable(res.stderrTail);
    const probe = await probeMedia(file);
    if (!probe.hasAudio) throw new MediaError("NO_AUDIO", "The recording has no audio.");
    return { file, dir, container, durationSeconds: probe.durationSeconds, parts: parts.length };
  } catch (e) {
    await rm(dir, { recursive: true, force: true });
    throw e;
  }
}
