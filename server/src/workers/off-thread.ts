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
// The process is started by the one child-process harness (child-process.ts): cpu-worker.ts from
// source, server/dist/cpu-worker.mjs in the built server (scripts/build.mjs).
import type { CpuTaskReply, CpuTaskRequest } from "../../../contract/workers";
import { AppError, type ErrorCode } from "../core/errors";
import { ranOutOfHeap, startChild, workerScript } from "./child-process";
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
    const child = startChild<CpuTaskRequest<N, CpuTasks[N]["input"]>, CpuTaskReply<CpuTasks[N]["output"]>>({
      script: workerScript(new URL("./cpu-worker.ts", import.meta.url)),
      serialization: "advanced",
      // Its own session, so on Linux its own scheduling group (autogroup): its CPU time is not the API's.
      detached: true,
      execArgv: [`--max-old-space-size=${budget.memoryMb}`],
      stdout: "inherit",
      echoStderr: true,
      timeoutMs: budget.timeoutSeconds * 1000,
      signal,
      onMessage: (m) => {
        child.stop();
        if (m.ok) resolve(m.output);
        else reject(m.error.code ? new AppError(m.error.code as ErrorCode, m.error.message) : new Error(m.error.message));
      },
      onEnd: (end) => {
        switch (end.reason) {
          case "aborted":
            return reject(new AppError("ABORTED", "Stopped."));
          case "timeout":
            return reject(new AppError("TOO_COMPLEX", overBudgetMessage(name, `${budget.timeoutSeconds} s`)));
          case "error":
            return reject(end.error);
          case "memory": // not watched here: V8's heap limit is this process's budget
            return reject(new Error("CPU task process went past its memory"));
          case "exit":
            // V8 says "heap out of memory" on its error output when the memory budget ran out.
            return reject(
              ranOutOfHeap(end.stderr)
                ? new AppError("TOO_COMPLEX", overBudgetMessage(name, `${budget.memoryMb} MB of memory`))
                : new Error(`CPU task process exited with ${end.signal ?? `code ${end.code}`}`),
            );
        }
      },
    });
    child.send({ name, input });
  });
}
