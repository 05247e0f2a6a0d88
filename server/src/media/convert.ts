import { rename, rm } from "node:fs/promises";
import { ffmpegPath, runBinary } from "./ffmpeg";
import { MediaError } from "./probe";

export interface ConvertOptions {
  signal?: AbortSignal;
  /** Seconds of input converted so far (from ffmpeg's -progress output). */
  onProgress?: (doneSeconds: number) => void;
  /** Hard limit on the whole conversion; default 30 minutes. */
  timeoutMs?: number;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The conversion was cancelled.", "AbortError");
}

/**
 * Converts the first audio track of any input to 16 kHz mono 16-bit PCM WAV,
 * the format the speech engine expects. Writes to `${output}.part` and renames
 * on success, so a cancelled or failed run never leaves a half WAV at `output`.
 * Rejects with a MediaError (code CONVERSION_FAILED, stderr tail in `detail`)
 * or, when `signal` aborts, with the signal's reason.
 */
export async function convertToWav16kMono(input: string, output: string, opts: ConvertOptions = {}): Promise<void> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const partial = `${output}.part`;
  let pending = "";
  const res = await runBinary(
    ffmpegPath(),
    [
      "-nostdin",
      "-hide_banner",
      "-v",
      "error",
      "-y",
      "-i",
      input,
      "-map",
      "0:a:0",
      "-vn",
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-f",
      "wav",
      "-progress",
      "pipe:1",
      "-nostats",
      partial,
    ],
    {
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? 30 * 60_000,
      onStdout: (chunk) => {
        if (!opts.onProgress) return;
        pending += chunk.toString("utf8");
        const lines = pending.split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) {
          // out_time_ms is in microseconds despite its name (ffmpeg quirk).
          const m = /^out_time_ms=(\d+)/.exec(line.trim());
          if (m) opts.onProgress(Number(m[1]) / 1e6);
        }
      },
    },
  );
  if (res.aborted || opts.signal?.aborted) {
    await rm(partial, { force: true });
    throw abortError(opts.signal!);
  }
  if (res.code !== 0 || res.timedOut) {
    await rm(partial, { force: true });
    const tail = res.timedOut ? `timed out; ${res.stderrTail}` : res.stderrTail;
    throw new MediaError(
      "CONVERSION_FAILED",
      "The recording's audio could not be converted for transcription: the file may be damaged or use an unusual format. Try exporting it again as MP3 or WAV, then upload it.",
      `ffmpeg exited with ${res.code ?? res.signal}: ${tail}`,
    );
  }
  await rename(partial, output);
}

export interface Loudness {
  maxVolumeDb: number;
  meanVolumeDb: number;
}

/**
 * Peak and mean level of the first audio track (ffmpeg volumedetect). Decodes
 * the whole file, so run it on the converted 16 kHz WAV where it is cheap.
 * Digital silence reads as about -91 dB.
 */
export async function measureLoudness(path: string, opts: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<Loudness> {
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const res = await runBinary(
    ffmpegPath(),
    ["-nostdin", "-hide_banner", "-v", "info", "-i", path, "-map", "0:a:0", "-af", "volumedetect", "-f", "null", "-"],
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? 10 * 60_000, stderrTailBytes: 4000 },
  );
  if (res.aborted) throw abortError(opts.signal!);
  const max = /max_volume:\s*(-?[\d.]+|-inf) dB/.exec(res.stderrTail);
  const mean = /mean_volume:\s*(-?[\d.]+|-inf) dB/.exec(res.stderrTail);
  if (res.code !== 0 || !max || !mean) {
    throw new MediaError(
      "CONVERSION_FAILED",
      "The recording's audio could not be analysed: the file may be damaged. Try exporting it again as MP3 or WAV, then upload it.",
      `ffmpeg exited with ${res.code ?? res.signal}: ${res.stderrTail}`,
    );
  }
  const db = (s: string) => (s === "-inf" ? -Infinity : Number.parseFloat(s));
  return { maxVolumeDb: db(max[1] ?? ""), meanVolumeDb: db(mean[1] ?? "") };
}

/**
 * Peak level at or below which a recording is treated as containing no speech.
 * Even quiet speech recorded far from a microphone peaks well above -50 dBFS,
 * while digital silence and a muted input sit near -91 dB; the margin keeps
 * quiet-but-real recordings from being rejected.
 */
export const SILENCE_MAX_VOLUME_DB = -50;

export const SILENT_RECORDING_MESSAGE =
  "No speech was detected in this recording: the audio is silent. Check that the microphone was on and the right audio source was recorded, then upload the recording again.";

export function isSilent(loudness: Loudness, thresholdDb = SILENCE_MAX_VOLUME_DB): boolean {
  return loudness.maxVolumeDb <= thresholdDb;
}
