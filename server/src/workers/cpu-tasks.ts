// The CPU-heavy tasks that run in a child process (off-thread.ts), never on the API's event
// loop: whatever grows with a meeting's size. Rendering an export, parsing a transcript
// file, writing the built-in notes, and what a language model's notes need from every turn.
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
      const { transcriptOf } = await import("../engines/llm/summarizer");
      const { source, meetingDate, title } = input as CpuTasks["notes"]["input"];
      return summarizeBuiltIn(transcriptOf(source), { meetingDate, title, enhanced: false }) as CpuTasks[N]["output"];
    }
    case "llm-chunks": {
      const { chunkTexts } = await import("../engines/llm/llm-chunks");
      const { parseTurns } = await import("../engines/llm/summarizer");
      const { utterancesJson, maxChars } = input as CpuTasks["llm-chunks"]["input"];
      return chunkTexts(parseTurns(utterancesJson), maxChars) as CpuTasks[N]["output"];
    }
    case "place-notes": {
      const { notesFromTexts } = await import("../engines/llm/local/notes-merge");
      const { parseTurns } = await import("../engines/llm/summarizer");
      const { utterancesJson, overview, keyPoints, decisions } = input as CpuTasks["place-notes"]["input"];
      return notesFromTexts(overview, keyPoints, decisions, parseTurns(utterancesJson)) as CpuTasks[N]["output"];
    }
    case "local-notes": {
      const { placeLocalNotes } = await import("../engines/llm/local/notes-merge");
      return placeLocalNotes(input as CpuTasks["local-notes"]["input"]) as CpuTasks[N]["output"];
    }
  }
  throw new Error(`Unknown task ${String(name)}`);
}
