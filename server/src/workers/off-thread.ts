// Runs a CPU task (cpu-tasks.ts) in a child process, so a 15 MB transcript's PDF or parse
// never stalls other requests. A process rather than a worker thread: it runs at the lowest
// CPU priority and (on Linux) in its own session, so its CPU time is charged to its own
// scheduling group, not the API's: on a busy machine a worker thread at nice 19 still made
// the API's thread wait for a CPU about 0.3 s per second, the process about as long as with
// no export (decision 010, npm run bench:pdf).
// A few at a time per process; more wait, and when too many wait the caller gets a clear 503.
// The process runs cpu-worker.dev.mjs (loads tsx) from source and server/dist/cpu-worker.mjs
// in the built server (scripts/build.mjs).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AppError, type ErrorCode } from "../http/errors";
import type { CpuTaskName, CpuTasks } from "./cpu-tasks";

/** Below this many characters a task is quicker on the calling thread than a process's start. */
export const OFF_THREAD_CHARS = 200_000;
const RUNNING_MAX = 2;
const WAITING_MAX = 8;
const TIME_LIMIT_MS = 5 * 60_000;

let running = 0;
const waiting: (() => void)[] = [];

const fromSource = import.meta.url.endsWith(".ts");
const workerPath = fileURLToPath(new URL(fromSource ? "./cpu-worker.dev.mjs" : "./cpu-worker.mjs", import.meta.url));

export async function offThread<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX)
      throw new AppError("UNAVAILABLE", "The server is busy with other large exports and imports. Please try again in a minute.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await runInProcess(name, input);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runInProcess<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  return new Promise((resolve, reject) => {
    const child = fork(workerPath, [], {
      serialization: "advanced",
      // Its own session, so on Linux its own scheduling group (autogroup): its CPU time is not
      // the API's. (On Windows detached would open a console window.)
      detached: process.platform !== "win32",
      execArgv: ["--max-old-space-size=1024"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      child.kill("SIGKILL");
      reject(new AppError("UNAVAILABLE", "This took too long on the server and was stopped. Please try again later."));
    }, TIME_LIMIT_MS);
    child.once(
      "message",
      (m: { ok: true; output: CpuTasks[N]["output"] } | { ok: false; error: { code: ErrorCode | null; message: string } }) => {
        clearTimeout(timer);
        settled = true;
        if (m.ok) resolve(m.output);
        else reject(m.error.code ? new AppError(m.error.code, m.error.message) : new Error(m.error.message));
      },
    );
    child.once("error", (e) => {
      clearTimeout(timer);
      if (!settled) reject(e);
      settled = true;
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!settled) reject(new Error(`CPU task process exited with ${signal ?? `code ${code}`}`));
      settled = true;
    });
    child.send({ name, input });
  });
}
