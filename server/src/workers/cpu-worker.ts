// Worker-thread entry: runs one CPU task (cpu-tasks.ts) and posts the result or the error.
import os from "node:os";
import { parentPort, workerData, type Transferable } from "node:worker_threads";
import { AppError } from "../http/errors";
import { runCpuTask, type CpuTaskName } from "./cpu-tasks";

// The lowest CPU priority for this thread only (on Linux a thread has its own nice value;
// elsewhere setpriority would lower the whole process, the API's thread included): on a busy
// machine the API's thread then gets a core before this one, so requests keep being answered.
if (process.platform === "linux") {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    /* not allowed here (a sandbox): run at the normal priority */
  }
}

const { name, input } = workerData as { name: CpuTaskName; input: never };
runCpuTask(name, input).then(
  // A PDF's bytes are handed over, not copied onto the API's thread.
  (output) => parentPort!.postMessage({ ok: true, output }, transferable(output)),
  (e: unknown) =>
    parentPort!.postMessage({
      ok: false,
      error:
        e instanceof AppError ? { code: e.code, message: e.message } : { code: null, message: e instanceof Error ? e.message : String(e) },
    }),
);

/** An ArrayBuffer that holds exactly this output (not a pooled one shared with other buffers). */
function transferable(output: unknown): Transferable[] {
  return output instanceof Uint8Array && output.byteOffset === 0 && output.byteLength === output.buffer.byteLength
    ? [output.buffer as ArrayBuffer]
    : [];
}
