// Summary, decisions and action items from the transcript. Regenerating replaces what was
// extracted before; items people added, edited, completed or deleted stay as they left them.
import { createSummarizer, type MeetingSummarizer } from "../engines/llm";
import type { AppContext } from "../context/app-context";
import { replaceExtractedItems } from "../modules/action-items/action-items.repo";
import { publishMeetingEvent } from "../events/meeting-events";
import { setMeetingColumns } from "../modules/meetings/meetings.repo";
import { defineJob } from "./define-job";
import { abandonStep, meetingRetry, runMeetingStep } from "./meeting-steps";
import { meetingPayload } from "../core/jobs";
import { transcriptSource } from "./summarize.repo";

// One per app: the engines keep no state between meetings; this reads the config once.
const summarizers = new WeakMap<AppContext, MeetingSummarizer>();
function summarizerFor(ctx: AppContext): MeetingSummarizer {
  const { config } = ctx;
  const existing = summarizers.get(ctx);
  if (existing) return existing;
  const summarizer = createSummarizer({
    engine: config.summary.engine,
    openai: config.llm,
    local: {
      modelsDir: config.modelsDir,
      model: config.summary.localModel,
      threads: config.summary.threads,
      contextSize: config.summary.contextSize,
      gpu: config.summary.gpu,
      memoryBudgetBytes: config.summary.workerMemoryBytes,
      autoDownload: config.speech.autoDownload,
      sampling: config.summary.sampling,
    },
    cpuBudget: config.cpuTasks,
  });
  summarizers.set(ctx, summarizer);
  return summarizer;
}

export const summarizeJob = defineJob({
  name: "meeting-summarize",
  pool: "cpu",
  priority: 0,
  payload: meetingPayload,
  retry: meetingRetry,
  abandoned: abandonStep("summarize"),
  // A local model on a few CPU cores takes minutes per hour of meeting.
  expireInSeconds: 4 * 3600,
  handle: ({ meetingId }, run) =>
    runMeetingStep("summarize", meetingId, run, async (m, signal, progress) => {
      const { db } = run.ctx.database;
      // The turns as JSON text: the engines parse them where their work runs, off this thread (decision 045).
      const transcript = await transcriptSource(db, m.id);
      if (!transcript) return null; // deleted meanwhile
      const result = await summarizerFor(run.ctx).summarize(transcript, {
        meetingDate: m.recordedAt,
        enhanced: m.enhancedSummary,
        title: m.title,
        signal,
        onProgress: (fraction, detail) => void progress(fraction, detail),
      });
      if (signal.aborted) return null;
      await db.transaction(async (tx) => {
        await replaceExtractedItems(tx, m.id, result.actionItems);
        await setMeetingColumns(tx, m.id, {
          notes: result.notes,
          summaryEngine: result.engine,
          summaryModel: result.model,
          summaryNote: result.note ?? null,
          status: "completed",
          step: null,
          stepDetail: null,
          stepAttempts: 0,
          progress: 100,
          error: null,
          processedAt: new Date(),
        });
      });
      await publishMeetingEvent(db, { type: "changed", meetingId: m.id });
      return null;
    }),
});
