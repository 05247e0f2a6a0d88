// The CPU-heavy tasks that run in a child process (off-thread.ts), never on the API's event
// loop: whatever grows with a meeting's size. Rendering an export, parsing a transcript
// file, and writing the built-in notes.
import type { CpuTaskName, CpuTasks } from "./cpu-task-types";

export async function runCpuTask<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  switch (name) {
    case "export": {
      const { databaseUrl, meetingId, format, head } = input as CpuTasks["export"]["input"];
      const { connectDatabase } = await import("../db/client");
      const { meetingText } = await import("../modules/meetings/meetings.repo");
      const { renderExport, withTranscript } = await import("../export/render-export");
      const database = connectDatabase(databaseUrl, 1);
      const text = await meetingText(database.db, meetingId).finally(() => database.close());
      return (await renderExport(format, withTranscript(head, text))) as CpuTasks[N]["output"];
    }
    case "parse-transcript": {
      const { parseTranscriptFile } = await import("../pipeline/import/parse-transcript");
      const { decodeTranscript } = await import("../pipeline/import/decode");
      const { createReadStream } = await import("node:fs");
      const { importedRows } = await import("./imported-rows");
      const task = input as CpuTasks["parse-transcript"]["input"];
      const content = "path" in task ? await decodeTranscript(createReadStream(task.path)) : task.content;
      return importedRows(parseTranscriptFile(task.fileName, content, task.limits)) as CpuTasks[N]["output"];
    }
    case "notes": {
      const { summarizeBuiltIn } = await import("../pipeline/summary/summary");
      const { transcript, meetingDate, title } = input as CpuTasks["notes"]["input"];
      return summarizeBuiltIn(transcript, { meetingDate, title, enhanced: false }) as CpuTasks[N]["output"];
    }
  }
  throw new Error(`Unknown task ${String(name)}`);
}
