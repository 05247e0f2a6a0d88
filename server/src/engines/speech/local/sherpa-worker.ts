// The speech worker: a child process (started by workers/child-process.ts from local-engine.ts)
// that takes one job and runs it (sherpa-pipeline.ts), sending contract/workers.ts's messages.
import type { SpeechJob, SpeechWorkerMessage } from "../../../../../contract/workers";
import { runSpeechJob } from "./sherpa-pipeline";

process.on("message", (job: SpeechJob) => {
  runSpeechJob(job).catch((err: unknown) => {
    const message: SpeechWorkerMessage = { type: "error", message: String((err instanceof Error && err.message) || err) };
    process.send?.(message);
  });
});
