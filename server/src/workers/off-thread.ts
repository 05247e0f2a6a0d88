// Runs a CPU task (cpu-tasks.ts) in a child process, so work that grows with a meeting (its
// notes, its exports, a transcript file's parse) never stalls other requests. A process rather
// than a worker thread: it runs at the lowest CPU priority and (on Linux) in its own session,
// so its CPU time is charged to its own scheduling group, not the API's: on a busy machine a
// worker thread at nice 19 still made the API's thread wait for a CPU about 0.3 s per second,
// the process about as long as with no export (decision 007, npm run bench:pdf).
// Every task has a budget from config (CPU_TASK_TIMEOUT_SECONDS, CPU_TASK_MEMORY_MB): past it
// the process is killed and the caller gets TOO_COMPLEX with the task's own message. That
// error is not retried by the queue: the same input would take as long again.
// A few at a time per process; more wait, and when too many wait the caller gets a clear 503.
// The process runs cpu-worker.dev.mjs (loads tsx) from source and server/dist/cpu-worker.mjs
// in the built server (scripts/build.mjs).
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { AppError, type ErrorCode } from "../core/errors";
import { overBudgetMessage, type CpuTaskName, type CpuTasks } from "./cpu-task-types";

/** Below this many characters a task is quicker on the calling thread than a process's start. */
export const OFF_THREAD_CHARS = 200_000;
const RUNNING_MAX = 2;
const WAITING_MAX = 8;

export interface CpuBudget {
  timeoutSeconds: number;
  memoryMb: number;
}
export interface OffThreadOptions {
  /** Stops the task (the meeting was deleted): the process is killed and the call rejects with ABORTED. */
  signal?: AbortSignal;
}
/** What config.ts defaults to; tests and tools that have no config use it too. */
export const DEFAULT_CPU_BUDGET: CpuBudget = { timeoutSeconds: 120, memoryMb: 2048 };

let running = 0;
const waiting: (() => void)[] = [];

const fromSource = import.meta.url.endsWith(".ts");
const workerPath = fileURLToPath(new URL(fromSource ? "./cpu-worker.dev.mjs" : "./cpu-worker.mjs", import.meta.url));

type Reply<N extends CpuTaskName> =
  { ok: true; output: CpuTasks[N]["output"] } | { ok: false; error: { code: ErrorCode | null; message: string } };

export async function offThread<N extends CpuTaskName>(
  name: N,
  input: CpuTasks[N]["input"],
  budget: CpuBudget = DEFAULT_CPU_BUDGET,
  options: OffThreadOptions = {},
): Promise<CpuTasks[N]["output"]> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX)
      throw new AppError("UNAVAILABLE", "The server is busy with other large exports, imports and notes. Please try again in a minute.");
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await runInProcess(name, input, budget, options.signal);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function runInProcess<N extends CpuTaskName>(
  name: N,
  input: CpuTasks[N]["input"],
  budget: CpuBudget,
  signal?: AbortSignal,
): Promise<CpuTasks[N]["output"]> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AppError("ABORTED", "Stopped."));
    const child = fork(workerPath, [], {
      serialization: "advanced",
      // Its own session, so on Linux its own scheduling group (autogroup): its CPU time is not
      // the API's. (On Windows detached would open a console window.)
      detached: process.platform !== "win32",
      execArgv: [`--max-old-space-size=${budget.memoryMb}`],
      stdio: ["ignore", "inherit", "pipe", "ipc"],
    });
    let settled = false;
    const onAbort = () => {
      settle(() => reject(new AppError("ABORTED", "Stopped.")));
      child.kill("SIGKILL");
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      fn();
    };
    // The last of its error output: V8 says "heap out of memory" there when the memory budget ran out.
    let stderrTail = "";
    child.stderr?.on("data", (d: Buffer) => {
      process.stderr.write(d);
      stderrTail = (stderrTail + d.toString("utf8")).slice(-2000);
    });
    const timer = setTimeout(() => {
      settle(() => reject(new AppError("TOO_COMPLEX", overBudgetMessage(name, `${budget.timeoutSeconds} s`))));
      child.kill("SIGKILL");
    }, budget.timeoutSeconds * 1000);
    child.once("message", (m: Reply<N>) =>
      settle(() => {
        if (m.ok) resolve(m.output);
        else reject(m.error.code ? new AppError(m.error.code, m.error.message) : new Error(m.error.message));
      }),
    );
    child.once("error", (e) => settle(() => reject(e)));
    child.once("exit", (code, signal) =>
      settle(() =>
        reject(
          /heap out of memory|allocation failed/i.test(stderrTail)
            ? new AppError("TOO_COMPLEX", overBudgetMessage(name, `${budget.memoryMb} MB of memory`))
            : new Error(`CPU task process exited with ${signal ?? `code ${code}`}`),
        ),
      ),
    );
    child.send({ name, input });
  });
}
