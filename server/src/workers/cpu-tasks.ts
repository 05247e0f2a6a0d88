// The CPU-heavy tasks that run in a worker thread (off-thread.ts), never on the API's
// event loop: rendering a meeting's PDF and parsing a transcript file.
import type { MeetingPdfInput } from "../export/meeting-pdf";
import type { ImportedTranscript } from "../pipeline/import/parse-transcript";

export interface CpuTasks {
  /** The utterances come as their JSON text: parsed here, never on the API's thread. */
  pdf: { input: { meeting: Omit<MeetingPdfInput, "utterances">; utterancesJson: string }; output: Uint8Array };
  "parse-transcript": { input: { fileName: string; content: string }; output: ImportedTranscript };
}
export type CpuTaskName = keyof CpuTasks;

export async function runCpuTask<N extends CpuTaskName>(name: N, input: CpuTasks[N]["input"]): Promise<CpuTasks[N]["output"]> {
  switch (name) {
    case "pdf": {
      const { renderMeetingPdf } = await import("../export/meeting-pdf");
      const { meeting, utterancesJson } = input as CpuTasks["pdf"]["input"];
      const pdf = await renderMeetingPdf({ ...meeting, utterances: JSON.parse(utterancesJson) as MeetingPdfInput["utterances"] });
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
