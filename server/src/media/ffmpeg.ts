import { spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

const configured: { ffmpeg: string | null; ffprobe: string | null } = { ffmpeg: null, ffprobe: null };

/** Set at start from the config (FFMPEG_PATH, FFPROBE_PATH); null = the bundled binary. */
export function setMediaBinaries(paths: { ffmpeg: string | null; ffprobe: string | null }): void {
  configured.ffmpeg = paths.ffmpeg;
  configured.ffprobe = paths.ffprobe;
}

/**
 * Path of the ffmpeg binary. FFMPEG_PATH wins so an operator can use a newer
 * system build; the bundled installer binary (2018) is only the fallback.
 * The installer is required lazily because it throws on unsupported platforms.
 */
export function ffmpegPath(): string {
  return configured.ffmpeg ?? (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** Path of the ffprobe binary: FFPROBE_PATH, else the bundled installer binary. */
export function ffprobePath(): string {
  return configured.ffprobe ?? (require("@ffprobe-installer/ffprobe") as { path: string }).path;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  /** Last `stderrTailBytes` of stderr: enough to explain a failure, bounded in memory. */
  stderrTail: string;
  timedOut: boolean;
  aborted: boolean;
}

export interface RunOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Called with each raw stdout chunk (progress lines, decoded samples). */
  onStdout?: (chunk: Buffer) => void;
  /** Keep stdout in the result (ffprobe JSON). Off for ffmpeg to bound memory. */
  collectStdout?: boolean;
  stderrTailBytes?: number;
}

/** Runs a binary to completion; never rejects for a non-zero exit (callers decide). */
export function runBinary(bin: string, args: string[], opts: RunOptions = {}): Promise<RunResult> {
  const tailMax = opts.stderrTailBytes ?? 4000;
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      resolve({ code: null, signal: null, stdout: "", stderrTail: "", timedOut: false, aborted: true });
      return;
    }
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
    const stdoutChunks: Buffer[] = [];
    let stderr = "";
    let timedOut = false;
    let aborted = false;
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (d: Buffer) => {
      if (opts.collectStdout) stdoutChunks.push(d);
      opts.onStdout?.(d);
    });
    child.stderr.on("data", (d: string) => {
      stderr += d;
      if (stderr.length > tailMax * 2) stderr = stderr.slice(-tailMax);
    });
    const timer =
      opts.timeoutMs != null
        ? setTimeout(() => {
            timedOut = true;
            child.kill("SIGKILL");
          }, opts.timeoutMs)
        : null;
    const onAbort = () => {
      aborted = true;
      child.kill("SIGKILL");
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => {
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
    };
    child.on("error", (err) => {
      done();
      reject(err);
    });
    child.on("close", (code, signal) => {
      done();
      resolve({
        code,
        signal,
        stdout: Buffer.concat(stdoutChunks).toString("utf8"),
        stderrTail: stderr.slice(-tailMax).trim(),
        timedOut,
        aborted,
      });
    });
  });
}
