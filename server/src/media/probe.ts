import { open, stat } from "node:fs/promises";
import { extname } from "node:path";
import { ffmpegPath, ffprobePath, runBinary } from "./ffmpeg";
import { AppError } from "../core/errors";

export type MediaErrorCode = "EMPTY_FILE" | "UNSUPPORTED_TYPE" | "CONTENT_MISMATCH" | "CORRUPT_MEDIA" | "NO_AUDIO" | "CONVERSION_FAILED";

/** A media problem with a message the user can act on (safe to show as-is). */
export class MediaError extends AppError {
  declare readonly code: MediaErrorCode;
  /** `detail`: technical detail for logs (e.g. the tail of ffmpeg's stderr); never shown to users. */
  constructor(code: MediaErrorCode, message: string, detail?: string) {
    super(code, message, { detail });
    this.name = "MediaError";
  }
}

export interface ProbeResult {
  durationSeconds: number | null;
  hasAudio: boolean;
  hasVideo: boolean;
  formatName: string;
  creationTime: Date | null;
}

// WebM and Ogg too: what browsers record (the recorder page, decision 020) and what direct links often serve.
export const ACCEPTED_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4", ".mov", ".avi", ".webm", ".ogg"] as const;
export type AcceptedExtension = (typeof ACCEPTED_EXTENSIONS)[number];

const TYPE_LABEL: Record<AcceptedExtension, string> = {
  ".mp3": "an MP3 audio file",
  ".wav": "a WAV audio file",
  ".m4a": "an M4A audio file",
  ".mp4": "an MP4 video file",
  ".mov": "a MOV video file",
  ".avi": "an AVI video file",
  ".webm": "a WebM recording",
  ".ogg": "an Ogg audio file",
};

const ACCEPTED_LIST = "an audio file (MP3, WAV or M4A) or a video file (MP4, MOV or AVI)";

interface FfprobeJson {
  streams?: { codec_type?: string; duration?: string; disposition?: { attached_pic?: number } }[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

/** Reads container metadata with ffprobe. Throws a CORRUPT_MEDIA MediaError when ffprobe cannot read it. */
export async function probeMedia(path: string, opts: { timeoutMs?: number } = {}): Promise<ProbeResult> {
  const res = await runBinary(ffprobePath(), ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", path], {
    timeoutMs: opts.timeoutMs ?? 15_000,
    collectStdout: true,
  });
  if (res.timedOut) {
    throw new MediaError(
      "CORRUPT_MEDIA",
      "Reading this recording took too long, so it may be damaged. Try exporting or downloading it again, then upload it.",
      "ffprobe timed out",
    );
  }
  let json: FfprobeJson;
  try {
    if (res.code !== 0) throw new Error(`exit ${res.code}`);
    json = JSON.parse(res.stdout) as FfprobeJson;
  } catch {
    throw new MediaError(
      "CORRUPT_MEDIA",
      "This recording could not be read: it appears to be damaged or incomplete. Try exporting or downloading it again, then upload it.",
      res.stderrTail,
    );
  }
  const streams = json.streams ?? [];
  const format = json.format ?? {};
  const num = (s: string | undefined) => {
    const n = s == null ? NaN : Number.parseFloat(s);
    return Number.isFinite(n) && n > 0 ? n : null;
  };
  let durationSeconds = num(format.duration);
  if (durationSeconds == null) {
    const streamDurations = streams.map((s) => num(s.duration)).filter((d): d is number => d != null);
    durationSeconds = streamDurations.length ? Math.max(...streamDurations) : null;
  }
  const tags = format.tags ?? {};
  // Only creation_time is a timestamp; ID3 'date' is often just a year.
  const created = tags.creation_time ?? null;
  const createdDate = created ? new Date(created) : null;
  return {
    durationSeconds,
    hasAudio: streams.some((s) => s.codec_type === "audio"),
    // Cover art in an MP3/M4A is a one-frame "video" stream; it does not make the file a video.
    hasVideo: streams.some((s) => s.codec_type === "video" && s.disposition?.attached_pic !== 1),
    formatName: format.format_name ?? "",
    creationTime: createdDate && !Number.isNaN(createdDate.getTime()) ? createdDate : null,
  };
}

type Sniffed =
  | "mp3"
  | "wav"
  | "avi"
  | "isobmff"
  | "aac"
  | "flac"
  | "ogg"
  | "matroska"
  | "pdf"
  | "zip"
  | "png"
  | "jpeg"
  | "gif"
  | "html"
  | "text"
  | "unknown";

const SNIFF_LABEL: Record<Exclude<Sniffed, "unknown">, string> = {
  mp3: "MP3 audio",
  wav: "WAV audio",
  avi: "AVI video",
  isobmff: "MP4/MOV/M4A media",
  aac: "raw AAC audio",
  flac: "FLAC audio",
  ogg: "Ogg audio",
  matroska: "WebM/MKV media",
  pdf: "a PDF document",
  zip: "a ZIP archive or Office document",
  png: "a PNG image",
  jpeg: "a JPEG image",
  gif: "a GIF image",
  html: "a web page (HTML)",
  text: "text",
};

/** Which sniffed content each extension may hold. */
const EXPECTED: Record<AcceptedExtension, Sniffed> = {
  ".mp3": "mp3",
  ".wav": "wav",
  ".avi": "avi",
  ".m4a": "isobmff",
  ".mp4": "isobmff",
  ".mov": "isobmff",
  ".webm": "matroska",
  ".ogg": "ogg",
};

/** ffprobe format names each extension may report (used when magic bytes are inconclusive). */
const EXPECTED_FORMAT: Record<AcceptedExtension, string> = {
  ".mp3": "mp3",
  ".wav": "wav",
  ".avi": "avi",
  ".m4a": "mov,mp4,m4a",
  ".mp4": "mov,mp4,m4a",
  ".mov": "mov,mp4,m4a",
  ".webm": "webm",
  ".ogg": "ogg",
};

/** Identifies content from its first bytes. Exported for tests. */
export function sniffContent(head: Buffer): Sniffed {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  if (head.length >= 12 && ascii(0, 4) === "RIFF") {
    const form = ascii(8, 12);
    if (form === "WAVE") return "wav";
    if (form === "AVI ") return "avi";
  }
  if (head.length >= 8 && ["ftyp", "moov", "mdat", "free", "wide", "skip"].includes(ascii(4, 8))) return "isobmff";
  if (ascii(0, 3) === "ID3") return "mp3";
  if (head.length >= 2 && head.readUInt8(0) === 0xff && (head.readUInt8(1) & 0xe0) === 0xe0) {
    // MPEG audio frame sync; layer bits 00 mean ADTS (AAC) rather than MP3.
    return (head.readUInt8(1) & 0x06) === 0 ? "aac" : "mp3";
  }
  if (ascii(0, 4) === "fLaC") return "flac";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "matroska";
  if (ascii(0, 5) === "%PDF-") return "pdf";
  if (ascii(0, 4) === "PK\x03\x04") return "zip";
  if (ascii(1, 4) === "PNG") return "png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (ascii(0, 4) === "GIF8") return "gif";
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  if (/^\s*<(!doctype html|html|head|body)/i.test(text)) return "html";
  if (head.length > 0 && isMostlyText(head)) return "text";
  return "unknown";
}

function isMostlyText(buf: Buffer): boolean {
  let printable = 0;
  for (const b of buf) {
    if (b === 0) return false;
    if (b === 9 || b === 10 || b === 13 || (b >= 0x20 && b !== 0x7f)) printable++;
  }
  return printable / buf.length > 0.95;
}

async function readBytes(path: string, position: number, length: number): Promise<Buffer> {
  const fh = await open(path, "r");
  try {
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, position);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Without a Xing/Info/VBRI header ffprobe estimates an MP3's duration from its
 * bitrate, which can be far off for VBR files; the tail-decode check would then
 * reject good files, so it only runs when the duration is exact.
 */
async function mp3HasExactDuration(path: string, head: Buffer): Promise<boolean> {
  let offset = 0;
  if (head.subarray(0, 3).toString("latin1") === "ID3" && head.length >= 10) {
    // ID3v2 header: 10 bytes, the size a 28-bit "syncsafe" integer in bytes 6-9.
    const byte = (i: number) => head.readUInt8(i);
    const size = ((byte(6) & 0x7f) << 21) | ((byte(7) & 0x7f) << 14) | ((byte(8) & 0x7f) << 7) | (byte(9) & 0x7f);
    offset = 10 + size + (byte(5) & 0x10 ? 10 : 0);
  }
  const frame = (await readBytes(path, offset, 4096)).toString("latin1");
  return /Xing|Info|VBRI/.test(frame);
}

/**
 * Decodes the last few seconds of audio. Truncated files whose header still
 * declares the full length (an MP3 with a Xing header, an MP4 with its index up
 * front) decode far less than the declared duration; this is far cheaper than
 * decoding the whole file.
 */
async function tailDecodesFully(path: string, durationSeconds: number): Promise<{ ok: boolean; detail: string }> {
  const window = Math.min(3, durationSeconds);
  const start = Math.max(0, durationSeconds - window);
  const sampleRate = 8000;
  let bytes = 0;
  const res = await runBinary(
    ffmpegPath(),
    [
      "-nostdin",
      "-v",
      "error",
      "-ss",
      start.toFixed(3),
      "-i",
      path,
      "-map",
      "0:a:0",
      "-t",
      window.toFixed(3),
      "-ac",
      "1",
      "-ar",
      String(sampleRate),
      "-f",
      "s16le",
      "pipe:1",
    ],
    { timeoutMs: 30_000, onStdout: (chunk) => (bytes += chunk.length) },
  );
  const decodedSeconds = bytes / (sampleRate * 2);
  // Half a second of slack for frame boundaries and seek imprecision.
  const ok = res.code === 0 && !res.timedOut && decodedSeconds >= window - 0.5;
  return { ok, detail: `decoded ${decodedSeconds.toFixed(2)}s of ${window.toFixed(2)}s; ${res.stderrTail}` };
}

/**
 * Checks an uploaded file before it enters the pipeline. Throws a MediaError
 * with a user-facing message; returns the probe result when the file is usable.
 */
export async function checkUploadedMedia(path: string, originalName: string): Promise<ProbeResult> {
  const info = await stat(path);
  if (info.size === 0) {
    throw new MediaError("EMPTY_FILE", "This file is empty (0 bytes). Check that the recording finished saving, then upload it again.");
  }
  const ext = extname(originalName).toLowerCase();
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) {
    const shown = ext ? `${ext} files` : "Files without an extension";
    throw new MediaError("UNSUPPORTED_TYPE", `${shown} can't be processed. Upload ${ACCEPTED_LIST}.`);
  }
  const accepted = ext as AcceptedExtension;
  const label = TYPE_LABEL[accepted];

  const head = await readBytes(path, 0, 512);
  const sniffed = sniffContent(head);
  if (sniffed !== "unknown" && sniffed !== EXPECTED[accepted]) {
    const what = SNIFF_LABEL[sniffed];
    const isMedia = ["mp3", "wav", "avi", "isobmff", "aac", "flac", "ogg", "matroska"].includes(sniffed);
    const advice = isMedia
      ? `Convert it to ${ACCEPTED_LIST}, or give it the extension that matches its content, then upload it again.`
      : `Check that you picked the right file, then upload ${ACCEPTED_LIST}.`;
    throw new MediaError("CONTENT_MISMATCH", `This file is not ${label}: its content looks like ${what}. ${advice}`);
  }

  let probe: ProbeResult;
  try {
    probe = await probeMedia(path);
  } catch (err) {
    if (err instanceof MediaError && sniffed === "unknown") {
      throw new MediaError(
        "CONTENT_MISMATCH",
        `This file is not ${label}: its content is not in a recognised audio or video format. Check that you picked the right file, then upload ${ACCEPTED_LIST}.`,
        err.detail,
      );
    }
    if (err instanceof MediaError) {
      throw new MediaError(
        "CORRUPT_MEDIA",
        `This file looks like ${label} but could not be read: it appears to be damaged or incomplete (for example, a recording that did not finish saving or uploading). Try exporting or downloading it again, then upload it.`,
        err.detail,
      );
    }
    throw err;
  }
  if (sniffed === "unknown" && !probe.formatName.includes(EXPECTED_FORMAT[accepted])) {
    throw new MediaError(
      "CONTENT_MISMATCH",
      `This file is not ${label}: its content is in the "${probe.formatName}" format. Convert it to ${ACCEPTED_LIST}, then upload it again.`,
    );
  }
  if (!probe.hasAudio) {
    throw new MediaError(
      "NO_AUDIO",
      probe.hasVideo
        ? "This video has no audio track, so there is nothing to transcribe. Upload a recording that includes sound."
        : "This file has no audio track, so there is nothing to transcribe. Upload a recording that includes sound.",
    );
  }
  const damaged = (detail: string) =>
    new MediaError(
      "CORRUPT_MEDIA",
      `This file is ${label} but it appears to be incomplete or damaged (its length cannot be read in full). Try exporting or downloading the recording again, then upload it.`,
      detail,
    );
  if (probe.durationSeconds == null) throw damaged("duration unreadable");
  const durationExact = accepted !== ".mp3" || (await mp3HasExactDuration(path, head));
  if (durationExact) {
    const tail = await tailDecodesFully(path, probe.durationSeconds);
    if (!tail.ok) throw damaged(tail.detail);
  }
  return probe;
}
