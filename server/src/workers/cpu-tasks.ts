// The CPU-heavy tasks that run in a child process (off-thread.ts), never on the API's
// event loop: rendering a meeting's PDF and parsing a transcript file.
import type { ImportedTranscript } from "../pipeline/import/parse-transcript";

export interface CpuTasks {
  /** The task reads the meeting itself: a huge transcript never passes through the API's thread. */
  pdf: { input: { databaseUrl: string; meetingId: string }; output: Uint8Array };
  "parse-transcript": { input: { fileName: string; content: string }; output: ImportedTranscript };
}
export type CpuTaskName = keyof CpuTasks;

export async function runCpuTask<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  switch (name) {
    case "pdf": {
      const { renderMeetingPdf } = await import("../export/meeting-pdf");
      const { databaseUrl, meetingId } = input as CpuTasks["pdf"]["input"];
      const { connectDatabase } = await import("../db/client");
      const { loadMeetingPdfInput } = await import("./pdf-input");
      const database = connectDatabase(databaseUrl);
      const pdf = await renderMeetingPdf(await loadMeetingPdfInput(database.db, meetingId).finally(() => database.close()));
      return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) as CpuTasks[N]["output"];
    }
    case "parse-transcript": {
      const { parseTranscriptFile } = await import("../pipeline/import/parse-transcript");
      const { fileName, content } = input as CpuTasks["parse-transcript"]["input"];
      return parseTranscriptFile(fileName, content) as CpuTasks[N]["output"];
    }
  }
  throw new Error(`Unknown task ${String(name)}`);
}
