import { execFileSync, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/**
 * The oldest ffmpeg/ffprobe we run on purpose (4.4, 2021: Ubuntu 22.04's; Debian 12 has 5.1).
 * Older builds decode untrusted uploads with years of fixed security bugs; the npm-bundled
 * ffmpeg (@ffmpeg-installer) is a 2018 snapshot, so it is only the last resort.
 */
export const MIN_MEDIA_VERSION = { major: 4, minor: 4 };
/** Git snapshots print no release number; their copyright year stands in (4.4 came out in 2021). */
const MIN_SNAPSHOT_YEAR = 2021;

export type MediaTool = "ffmpeg" | "ffprobe";

export interface MediaBinary {
  path: string;
  /** configured: FFMPEG_PATH/FFPROBE_PATH; system: found on PATH; bundled: the npm package; missing: none found. */
  source: "configured" | "system" | "bundled" | "missing";
  /** "5.1.6-0+deb12u1", "N-47683-g0e8eb07980-static (2018)", or null when it did not run. */
  version: string | null;
  newEnough: boolean;
}

const configured: { ffmpeg: string | null; ffprobe: string | null } = { ffmpeg: null, ffprobe: null };
const resolved: { ffmpeg?: MediaBinary; ffprobe?: MediaBinary } = {};

/** Set at start from the config (FFMPEG_PATH, FFPROBE_PATH); null = the system's, else the bundled one. */
export function setMediaBinaries(paths: { ffmpeg: string | null; ffprobe: string | null }): void {
  configured.ffmpeg = paths.ffmpeg;
  configured.ffprobe = paths.ffprobe;
  delete resolved.ffmpeg;
  delete resolved.ffprobe;
}

/** Path of the ffmpeg binary: FFMPEG_PATH, else the system's when new enough, else the bundled one. */
export function ffmpegPath(): string {
  return mediaBinary("ffmpeg").path;
}

/** Path of the ffprobe binary, chosen like ffmpeg's. */
export function ffprobePath(): string {
  return mediaBinary("ffprobe").path;
}

/** The binary in use for `tool`, chosen once (the first call runs `-version`) and then kept. */
export function mediaBinary(tool: MediaTool): MediaBinary {
  return (resolved[tool] ??= chooseBinary(tool, configured[tool], process.env.PATH ?? ""));
}

/**
 * Which binary to run: the configured one (whatever its version: the operator chose it), else
 * the first `tool` on PATH that is new enough, else the bundled npm binary, else an older
 * system one, else "missing" (uploads of media then fail with a clear error).
 */
export function chooseBinary(tool: MediaTool, configuredPath: string | null, pathEnv: string): MediaBinary {
  if (configuredPath) return { path: configuredPath, source: "configured", ...versionOf(configuredPath) };
  const onPath = findOnPath(tool, pathEnv);
  const system = onPath ? { path: onPath, source: "system" as const, ...versionOf(onPath) } : null;
  if (system?.newEnough) return system;
  const bundledPath = bundled(tool);
  if (bundledPath) return { path: bundledPath, source: "bundled", ...versionOf(bundledPath) };
  if (system?.version) return system;
  return { path: tool, source: "missing", version: null, newEnough: false };
}

/** Lines for the start-up log: the binaries in use, and a warning for anything but a new-enough system build. */
export function describeMediaBinaries(): { level: "info" | "warn"; text: string }[] {
  return (["ffmpeg", "ffprobe"] as const).map((tool) => {
    const b = mediaBinary(tool);
    const min = `${MIN_MEDIA_VERSION.major}.${MIN_MEDIA_VERSION.minor}`;
    const install = `install ffmpeg ${min} or newer (Debian/Ubuntu: apt-get install ffmpeg) or set ${tool.toUpperCase()}_PATH`;
    if (b.source === "missing") return { level: "warn", text: `${tool}: not found; audio and video uploads will fail: ${install}` };
    if (b.source === "bundled")
      return {
        level: "warn",
        text: `${tool}: using the bundled npm build ${b.version ?? "(did not run)"}, kept only as a fallback: ${install}`,
      };
    if (!b.version) return { level: "warn", text: `${tool}: ${b.path} did not run (${tool} -version failed): ${install}` };
    if (!b.newEnough)
      return { level: "warn", text: `${tool}: ${b.path} is version ${b.version ?? "unknown"}, older than ${min}: ${install}` };
    return { level: "info", text: `${tool}: ${b.path} (${b.source}), version ${b.version}` };
  });
}

function findOnPath(name: string, pathEnv: string): string | null {
  for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
    const p = path.join(dir, process.platform === "win32" ? `${name}.exe` : name);
    try {
      accessSync(p, constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return null;
}

/** The npm-bundled binary's path, or null (package removed, as in the Docker image, or no build for this platform). */
function bundled(tool: MediaTool): string | null {
  try {
    const pkg = tool === "ffmpeg" ? "@ffmpeg-installer/ffmpeg" : "@ffprobe-installer/ffprobe";
    const p = (require(pkg) as { path: string }).path;
    accessSync(p, constants.X_OK);
    return p;
  } catch {
    return null;
  }
}

/** Runs `bin -version` and reads its first line. */
function versionOf(bin: string): { version: string | null; newEnough: boolean } {
  let out: string;
  try {
    out = execFileSync(bin, ["-version"], { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return { version: null, newEnough: false };
  }
  return parseMediaVersion(out);
}

/** "ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 …" → 5.1.6-0+deb12u1, new enough. */
export function parseMediaVersion(versionOutput: string): { version: string | null; newEnough: boolean } {
  const first = versionOutput.split("\n")[0] ?? "";
  const m = /version\s+(\S+)/.exec(first);
  if (!m) return { version: null, newEnough: false };
  const raw = m[1]!;
  const release = /^n?(\d+)\.(\d+)/.exec(raw);
  if (release) {
    const [major, minor] = [Number(release[1]), Number(release[2])];
    const newEnough = major > MIN_MEDIA_VERSION.major || (major === MIN_MEDIA_VERSION.major && minor >= MIN_MEDIA_VERSION.minor);
    return { version: raw, newEnough };
  }
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(first);
  return { version: year ? `${raw} (${year[1]})` : raw, newEnough: year ? Number(year[1]) >= MIN_SNAPSHOT_YEAR : false };
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
