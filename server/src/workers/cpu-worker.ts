// Worker-thread entry: runs one CPU task (cpu-tasks.ts) and posts the result or the error.
import { parentPort, workerData } from "node:worker_threads";
import { AppError } from "../http/errors";
import { runCpuTask, type CpuTaskName } from "./cpu-tasks";

const { name, input } = workerData as { name: CpuTaskName; input: never };
runCpuTask(name, input).then(
  (output) => parentPort!.postMessage({ ok: true, output }),
  (e: unknown) =>
    parentPort!.postMessage({
      ok: false,
      error:
        e instanceof AppError ? { code: e.code, message: e.message } : { code: null, message: e instanceof Error ? e.message : String(e) },
    }),
);
