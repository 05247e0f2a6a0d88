// Runs a CPU task (cpu-tasks.ts) in a worker thread, so a 15 MB transcript's PDF or parse
// never stalls other requests. A few at a time per process; more wait, and when too many
// wait the caller gets a clear 503. The worker is cpu-worker.dev.mjs (loads tsx) from source and
// server/dist/cpu-worker.mjs in the built server (scripts/build.mjs).
import { Worker } from "node:worker_threads";
import { AppError, type ErrorCode } from "../http/errors";
import type { CpuTaskName, CpuTasks } from "./cpu-tasks";

/** Below this many characters a task is quicker on the calling thread than a worker's start. */
export const OFF_THREAD_CHARS = 200_000;
const RUNNING_MAX = 2;
const WAITING_MAX = 8;
const TIME_LIMIT_MS = 5 * 60_000;

let running = 0;
const waiting: (() => void)[] = [];

const fromSource = import.meta.url.endsWith(".ts");
const workerUrl = new URL(fromSource ? "./cpu-worker.dev.mjs" : "./cpu-worker.mjs", import.meta.url);

export async function offThread<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX)
      throw new AppError("UNAVAILABLE", "The server is busy with other large exports and imports. Please try again in a minute.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await runInWorker(name, input);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runInWorker<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { name, input },
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AppError("UNAVAILABLE", "This took too long on the server and was stopped. Please try again later."));
    }, TIME_LIMIT_MS);
    worker.once(
      "message",
      (m: { ok: true; output: CpuTasks[N]["output"] } | { ok: false; error: { code: ErrorCode | null; message: string } }) => {
        clearTimeout(timer);
        void worker.terminate();
        if (m.ok) resolve(m.output);
        else reject(m.error.code ? new AppError(m.error.code, m.error.message) : new Error(m.error.message));
      },
    );
    worker.once("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    worker.once("exit", (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`worker thread exited with code ${code}`));
    });
  });
}
