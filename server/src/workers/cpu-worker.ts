// Child-process entry: runs one CPU task (cpu-tasks.ts) sent by off-thread.ts and sends back
// the result or the error, then exits.
import { readdirSync } from "node:fs";
import os from "node:os";
import type { CpuTaskReply, CpuTaskRequest } from "../../../contract/workers";
import { AppError } from "../core/errors";
import { runCpuTask } from "./cpu-tasks";
import type { CpuTaskName } from "./cpu-task-types";

lowerPriority();
// The server is gone (killed): nobody waits for the result.
process.on("disconnect", () => process.exit(1));
const reply = (m: CpuTaskReply) => process.send!(m, () => process.exit(0));
process.once("message", (m: CpuTaskRequest<CpuTaskName, never>) => {
  runCpuTask(m.name, m.input).then(
    (output) => reply({ ok: true, output }),
    (e: unknown) =>
      reply({
        ok: false,
        error:
          e instanceof AppError
            ? { code: e.code, message: e.message }
            : { code: null, message: e instanceof Error ? e.message : String(e) },
      }),
  );
});

/**
 * The lowest CPU priority for every thread of this process (on Linux each thread has its own
 * nice value, and threads started later inherit it): the API's process gets a core first.
 */
function lowerPriority() {
  try {
    if (process.platform !== "linux") return os.setPriority(os.constants.priority.PRIORITY_LOW);
    for (const tid of readdirSync("/proc/self/task")) os.setPriority(Number(tid), os.constants.priority.PRIORITY_LOW);
  } catch {
    /* not allowed here: the normal priority */
  }
}
