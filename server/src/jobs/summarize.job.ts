// Summary, decisions and action items from the transcript. Regenerating replaces what was
// extracted before; items people added, edited, completed or deleted stay as they left them.
import { eq } from "drizzle-orm";
import type { Transcript } from "../../../contract/transcript";
import { meetings } from "../db/schema";
import { createSummarizer } from "../engines/llm/openai-summarizer";
import { replaceExtractedItems } from "../modules/action-items/action-items.repo";
import { publishMeetingEvent } from "../modules/meetings/meeting-events";
import { defineJob } from "./job";
import { meetingPayload, meetingRetry, runMeetingStep } from "./meeting-steps";

export const summarizeJob = defineJob({
  name: "meeting-summarize",
  pool: "cpu",
  priority: 0,
  payload: meetingPayload,
  retry: meetingRetry,
  expireInSeconds: 3600,
  handle: ({ meetingId }, run) =>
    runMeetingStep("summarize", meetingId, run, async (m) => {
      const { db } = run.ctx.database;
      const transcript: Transcript = { text: m.transcript ?? "", utterances: m.utterances ?? [], language: m.transcriptLanguage };
      const summarizer = createSummarizer(run.ctx.config.llm);
      const result = await summarizer.summarize(transcript, { meetingDate: m.recordedAt, enhanced: m.enhancedSummary, title: m.title });
      await db.transaction(async (tx) => {
        await replaceExtractedItems(tx, m.id, result.actionItems);
        await tx
          .update(meetings)
          .set({
            summary: result.summary,
            decisions: result.decisions,
            summaryEngine: result.engine,
            summaryModel: result.model,
            summaryNote: result.note ?? null,
            status: "completed",
            step: null,
            progress: 100,
            error: null,
            processedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(meetings.id, m.id));
      });
      await publishMeetingEvent(db, { type: "changed", meetingId: m.id });
      return null;
    }),
});
