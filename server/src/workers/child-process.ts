// The one way the server runs work in a child process: the speech worker (sherpa-onnx), the
// language-model worker (llama.cpp) and the CPU task process (off-thread.ts). It starts the
// child, carries typed messages both ways (contract/workers.ts), keeps the last of its error
// output, and ends it on a time-out, a memory budget, an abort or the owner's stop. Each user
// turns `onEnd`'s reason into its own error (TOO_COMPLEX, ENGINE_FAILED, …): the harness
// decides nothing about what a failure means.
//
// Workers are TypeScript, always run as bundles with bare node (workerScript()): the built
// server's, beside main.mjs, or, from source, one bundled on first use in the process.
import { fork, type ChildProcess, type Serializable } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fromRoot } from "../paths";

/** Why a child ended, unless its owner stopped it. */
export type ChildEnd =
  /** It exited by itself (or was killed from outside): code or signal, and the start and end of its error output. */
  | { reason: "exit"; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  /** It could not be started or its channel failed (Node's 'error' event). */
  | { reason: "error"; error: Error }
  | { reason: "timeout"; timeoutMs: number }
  /** Its resident memory went past the budget (Linux /proc; elsewhere never). */
  | { reason: "memory"; rssBytes: number; budgetBytes: number }
  | { reason: "aborted" };

export interface ChildOptions<Out> {
  /** The worker's JavaScript (workerScript() for ours; test stand-ins are plain scripts). */
  script: string;
  /** Arguments for the worker (process.argv[2] on). */
  args?: string[];
  /** Node's flags for the child (never the parent's: no vitest or tsx hooks in a worker). */
  execArgv?: string[];
  /** "advanced" carries Dates, typed arrays and Maps; "json" (default) is enough for plain data. */
  serialization?: "json" | "advanced";
  /** Its own session (and on Linux its own scheduling group); not on Windows, where it would open a console. */
  detached?: boolean;
  /** The child's standard output: dropped (default) or shared with ours. */
  stdout?: "ignore" | "inherit";
  /** Also copy its error output to ours (it is always kept: see `stderr`). */
  echoStderr?: boolean;
  /** Killed after this long, with `{ reason: "timeout" }`. */
  timeoutMs?: number;
  /** Killed when its resident memory passes this, with `{ reason: "memory" }`. */
  memoryBudgetBytes?: number;
  signal?: AbortSignal;
  onMessage(message: Out): void;
  /** Called once, when the child ended for any reason but `stop()`; the child is dead or being killed. */
  onEnd(end: ChildEnd): void;
}

/**
 * How much of the child's error output is kept, from its start and from its end: V8's "heap
 * out of memory" line comes first and a native stack trace of 3,000 characters after it.
 */
const STDERR_KEEP = 2000;

export interface ChildHandle<In> {
  readonly pid: number | undefined;
  /** Sends one message (dropped once the child has ended). */
  send(message: In): void;
  /** Kills the child; `onEnd` is not called after this. */
  stop(): void;
  /** Kills the child; `onEnd` reports its exit (signal SIGKILL) as for any other exit. */
  kill(): void;
  /** Whether it ended (any reason, or stopped). */
  readonly ended: boolean;
  /** The start and the end of its error output. */
  stderr(): string;
}

/** The last `lines` non-empty lines of a child's error output on one line, for a message a person reads. */
export function stderrDetails(stderr: string, lines = 3): string {
  const text = stderr.trim();
  return text ? ` Details: ${text.split("\n").slice(-lines).join(" ")}` : "";
}

/** Whether V8 reported running out of heap (the child's --max-old-space-size budget). */
export const ranOutOfHeap = (stderr: string) => /heap out of memory|allocation failed/i.test(stderr);

/**
 * Starts `options.script` as a child process with an IPC channel. Throws only what `fork`
 * throws synchronously (a bad argument); a missing script or node ends with `{ reason: "error" }`
 * or an exit.
 */
export function startChild<In extends Serializable, Out>(options: ChildOptions<Out>): ChildHandle<In> {
  const child: ChildProcess = fork(options.script, options.args ?? [], {
    execArgv: options.execArgv ?? [],
    serialization: options.serialization ?? "json",
    detached: options.detached === true && process.platform !== "win32",
    stdio: ["ignore", options.stdout ?? "ignore", "pipe", "ipc"],
  });
  let ended = false;
  let stderrHead = "";
  let stderrTail = "";
  const stderr = () => (stderrHead === stderrTail ? stderrTail : `${stderrHead}\n…\n${stderrTail}`);
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => end({ reason: "timeout", timeoutMs: options.timeoutMs! }), options.timeoutMs);
  const stopWatch =
    options.memoryBudgetBytes === undefined
      ? () => {}
      : watchMemory(child, options.memoryBudgetBytes, (rssBytes) =>
          end({ reason: "memory", rssBytes, budgetBytes: options.memoryBudgetBytes! }),
        );
  const onAbort = () => end({ reason: "aborted" });

  function finish(): boolean {
    if (ended) return false;
    ended = true;
    clearTimeout(timer);
    stopWatch();
    options.signal?.removeEventListener("abort", onAbort);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    return true;
  }
  function end(why: ChildEnd) {
    if (finish()) options.onEnd(why);
  }

  child.stderr?.on("data", (d: Buffer) => {
    if (options.echoStderr) process.stderr.write(d);
    const text = d.toString("utf8");
    if (stderrHead.length < STDERR_KEEP) stderrHead += text.slice(0, STDERR_KEEP - stderrHead.length);
    stderrTail = (stderrTail + text).slice(-STDERR_KEEP);
  });
  child.on("message", (m) => {
    if (!ended) options.onMessage(m as Out);
  });
  child.on("error", (error) => end({ reason: "error", error }));
  // 'close', not 'exit': its error output has been read to the end by then.
  child.on("close", (code, signal) => end({ reason: "exit", code, signal, stderr: stderr() }));
  if (options.signal?.aborted) queueMicrotask(onAbort);
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  return {
    get pid() {
      return child.pid;
    },
    get ended() {
      return ended;
    },
    send(message: In) {
      if (!ended && child.connected) child.send(message);
    },
    stop() {
      finish();
    },
    kill() {
      if (!ended && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    },
    stderr,
  };
}

/**
 * A worker's entry point, given its TypeScript source. The built server runs the bundles
 * scripts/build.mjs writes beside main.mjs (named after the source). From source (tests,
 * `npm run dev`) the worker is bundled the same way on its first use in this process, into
 * node_modules/.cache/minutes-workers: it then starts as in production, with bare node, without
 * a TypeScript loader's start-up (about a second) and memory (about 45 MiB) in a worker whose
 * memory is budgeted and measured.
 */
export function workerScript(sourceUrl: URL): string {
  const source = fileURLToPath(sourceUrl);
  const name = path.basename(source, ".ts");
  if (!import.meta.url.endsWith(".ts")) return fileURLToPath(new URL(`./${name}.mjs`, import.meta.url));
  // Bundled again when one of its sources changed since (`npm run dev` keeps running while you edit).
  const known = bundledFromSource.get(source);
  if (known && known.inputs.every(([file, mtime]) => mtimeOf(file) === mtime)) return known.file;
  const bundle = bundleFromSource(source, name);
  bundledFromSource.set(source, bundle);
  return bundle.file;
}

const bundledFromSource = new Map<string, { file: string; inputs: [string, number][] }>();

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function bundleFromSource(source: string, name: string): { file: string; inputs: [string, number][] } {
  // Inside the project, so the bundle's external packages resolve from its node_modules.
  const dir = fromRoot("node_modules", ".cache", "minutes-workers");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${createHash("sha1").update(source).digest("hex").slice(0, 8)}.mjs`);
  const partial = `${file}.${process.pid}.part`;
  // Loaded only here: the built server never bundles anything.
  const esbuild = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");
  const { metafile } = esbuild.buildSync({
    metafile: true,
    entryPoints: [source],
    outfile: partial,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning",
  });
  // Other processes (test files run in parallel) may bundle the same worker: each renames its
  // own complete file into place, so a child never starts from half a file.
  renameSync(partial, file);
  const inputs = Object.keys(metafile.inputs).map((input): [string, number] => {
    const at = path.resolve(input);
    return [at, mtimeOf(at)];
  });
  return { file, inputs };
}

/** Resident memory of a process (Linux /proc), or null where it cannot be read. */
export function readRssBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Polls the child's resident memory; past `budgetBytes` it calls `onOver(rss)` once. Returns
 * the stop function. Where /proc is missing (macOS, Windows) only the callers' checks before
 * the job starts apply.
 */
export function watchMemory(child: ChildProcess, budgetBytes: number, onOver: (rssBytes: number) => void, intervalMs = 200): () => void {
  const timer = setInterval(() => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const rss = readRssBytes(child.pid);
    if (rss === null) return;
    if (rss > budgetBytes) {
      clearInterval(timer);
      onOver(rss);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
