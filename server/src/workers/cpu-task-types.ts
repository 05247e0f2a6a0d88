// What each task run off the API's thread (off-thread.ts) takes and gives, and what the user
// reads when one runs past its budget. Apart from cpu-tasks.ts (which runs them in the child
// and imports whatever they need), so the callers' side imports no more than these types.
import type { MeetingDetail } from "../../../contract/meetings";
import type { ActionItemDraft, MeetingNotes, SummaryResult } from "../../../contract/transcript";
import type { TranscriptSource } from "../engines/llm/summarizer";
import type { ExportFormat } from "../export/render-export";
import type { LocalNotesInput } from "../engines/llm/local/notes-merge";
import type { ImportLimits } from "../pipeline/import/parse-transcript";
import type { ImportedRows } from "./imported-rows";

export interface CpuTasks {
  /** The task reads the transcript itself: a huge one never passes through the API's thread. */
  export: { input: { databaseUrl: string; meetingId: string; format: ExportFormat; head: MeetingDetail }; output: Uint8Array };
  /**
   * The turns come back as one JSON text the upload stores as it is: copying 100,000 turn objects
   * out of the child and serialising them again for the INSERT held the API's loop ~0.4 s. An
   * upload passes the stored file's path: its bytes are never decoded or copied on the API's loop.
   */
  "parse-transcript": {
    /** The file's text, or (uploads) the path of the stored file, which the task reads and decodes itself. */
    input: { fileName: string; limits: ImportLimits } & ({ content: string } | { path: string });
    output: ImportedRows;
  };
  /**
   * The turns come as the JSON text the summarize job read (`utterances::text`) and are parsed here:
   * neither the driver nor the job parses them, nor are 100,000 objects copied into this process.
   */
  notes: { input: { source: TranscriptSource; meetingDate: Date; title: string | null }; output: SummaryResult };
  /** The OpenAI-compatible engine's chunk transcripts (llm-chunks.ts), from the turns' JSON text. */
  "llm-chunks": { input: { utterancesJson: string; maxChars: number }; output: string[] };
  /** A language model's notes placed on the turns they come from (notes-merge.ts), from the turns' JSON text. */
  "place-notes": { input: { utterancesJson: string; overview: string; keyPoints: string[]; decisions: string[] }; output: MeetingNotes };
  /** The local model's notes and items placed on their turns (notes-merge.ts `placeLocalNotes`), from the turns' JSON text. */
  "local-notes": { input: LocalNotesInput; output: { notes: MeetingNotes; actionItems: ActionItemDraft[] } };
}
export type CpuTaskName = keyof CpuTasks;

/** What the user reads when a task ran past its budget (`limit`: "120 s", "1024 MB of memory"). */
export function overBudgetMessage(name: CpuTaskName, limit: string): string {
  switch (name) {
    case "notes":
    case "llm-chunks":
    case "place-notes":
    case "local-notes":
      return `This transcript is too large or too repetitive to summarise within the server's limit (${limit}). The transcript is kept; split it into shorter meetings, or ask the administrator to raise CPU_TASK_TIMEOUT_SECONDS / CPU_TASK_MEMORY_MB, then use 'Retry processing'.`;
    case "export":
      return `This meeting is too large to export in this format within the server's limit (${limit}). Try Markdown or text, or ask the administrator to raise CPU_TASK_TIMEOUT_SECONDS / CPU_TASK_MEMORY_MB.`;
    case "parse-transcript":
      return `This transcript file is too large or too complex to read within the server's limit (${limit}). Split it into parts and upload each.`;
  }
}
