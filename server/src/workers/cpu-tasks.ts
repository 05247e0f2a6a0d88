// The CPU-heavy tasks that run in a child process (off-thread.ts), never on the API's event
// loop: whatever grows with a meeting's size. Rendering an export, parsing a transcript
// file, and writing the built-in notes.
import type { MeetingDetail } from "../../../contract/meetings";
import type { SummaryResult, Transcript } from "../../../contract/transcript";
import type { ExportFormat } from "../export/render-export";
import type { ImportedTranscript, ImportLimits } from "../pipeline/import/parse-transcript";

export interface CpuTasks {
  /** The task reads the transcript itself: a huge one never passes through the API's thread. */
  export: { input: { databaseUrl: string; meetingId: string; format: ExportFormat; head: MeetingDetail }; output: Uint8Array };
  "parse-transcript": { input: { fileName: string; content: string; limits: ImportLimits }; output: ImportedTranscript };
  notes: { input: { transcript: Transcript; meetingDate: Date; title: string | null }; output: SummaryResult };
}
export type CpuTaskName = keyof CpuTasks;

/** What the user reads when a task ran past its budget (`limit`: "120 s", "1024 MB of memory"). */
export function overBudgetMessage(name: CpuTaskName, limit: string): string {
  switch (name) {
    case "notes":
      return `This transcript is too large or too repetitive to summarise within the server's limit (${limit}). The transcript is kept; split it into shorter meetings, or ask the administrator to raise CPU_TASK_TIMEOUT_SECONDS / CPU_TASK_MEMORY_MB, then use 'Retry processing'.`;
    case "export":
      return `This meeting is too large to export in this format within the server's limit (${limit}). Try Markdown or text, or ask the administrator to raise CPU_TASK_TIMEOUT_SECONDS / CPU_TASK_MEMORY_MB.`;
    case "parse-transcript":
      return `This transcript file is too large or too complex to read within the server's limit (${limit}). Split it into parts and upload each.`;
  }
}

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
      const { fileName, content, limits } = input as CpuTasks["parse-transcript"]["input"];
      return parseTranscriptFile(fileName, content, limits) as CpuTasks[N]["output"];
    }
    case "notes": {
      const { summarizeBuiltIn } = await import("../pipeline/summary/summary");
      const { transcript, meetingDate, title } = input as CpuTasks["notes"]["input"];
      return summarizeBuiltIn(transcript, { meetingDate, title, enhanced: false }) as CpuTasks[N]["output"];
    }
  }
  throw new Error(`Unknown task ${String(name)}`);
}
