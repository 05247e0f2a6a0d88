// Meetings: read, change, delete, process again, play back (the list: meeting-list.service.ts;
// uploads, links, speakers, PDF and transcript edits: their own *.service.ts). Every operation
// takes the acting user and checks access through meeting-access.ts; SQL: meetings.repo.ts.
import type { z } from "zod";
import type { MeetingSummary, updateMeetingSchema } from "../../../../contract/meetings";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { enqueueStep, type MeetingStep as Step } from "../../core/jobs";
import { mediaKeys, updateMeetingRow } from "./meeting-rows";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { toActionItem } from "../action-items/action-items.service";
import { authorizeMeeting, type MeetingAccess, type MeetingHead, type MeetingRow } from "./meeting-access";
import { publishMeetingEvent } from "../../events/meeting-events";
import { meetingDetailJson, type MeetingDetailHead, type MeetingDetailJson } from "./meeting-detail";
import {
  deleteMeetingRow,
  meetingStatus,
  meetingTextJson,
  sharesSeenBy,
  transcriptState,
  updateMeetingColumns,
  userName,
  type MeetingStatusRow,
} from "./meetings.repo";

function toSummary(
  m: MeetingHead,
  extra: { pendingCount: number; actionItemCount: number; ownerName: string; sharedVia: MeetingSummary["sharedVia"] },
  actor: Actor,
): MeetingSummary {
  return {
    id: m.id,
    title: m.title,
    status: m.status,
    sourceType: m.sourceType,
    createdAt: m.createdAt.toISOString(),
    recordedAt: m.recordedAt.toISOString(),
    durationSeconds: m.durationSeconds,
    step: m.step,
    progress: m.progress,
    stepDetail: m.stepDetail,
    error: m.error,
    canRetry: m.status === "failed" && m.errorRetryable,
    speakers: m.speakers,
    isOwner: m.userId === actor.id,
    ...extra,
  };
}

/** A meeting's operations for the acting user, each checking access (meeting-access.ts). */
export class MeetingsService {
  constructor(private readonly ctx: AppContext) {}

  /** The teams (that the actor belongs to) each meeting is shared with, and who shared it. */
  async sharesFor(actor: Actor, meetingIds: string[]) {
    const { db } = this.ctx.database;
    const result = new Map<string, MeetingSummary["sharedVia"]>();
    for (const r of await sharesSeenBy(db, actor.id, meetingIds)) {
      const list = result.get(r.meetingId) ?? [];
      list.push({ teamId: r.teamId, teamName: r.teamName, sharedBy: r.sharedBy });
      result.set(r.meetingId, list);
    }
    return result;
  }

  /** The meeting page's answer: JSON text whose transcript and turns PostgreSQL wrote (meeting-detail.ts). */
  async getMeetingDetail(actor: Actor, id: string): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const { meeting, access } = await authorizeMeeting(db, actor, id, "read");
    return this.detailOf(actor, meeting, access);
  }

  /** The detail of a meeting read (or changed) just now, as the answer sends it. */
  async detailOf(actor: Actor, m: MeetingHead, access: MeetingAccess): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const [head, text] = await Promise.all([this.detailHead(actor, m, access), meetingTextJson(db, m.id)]);
    if (!text) throw new AppError("NOT_FOUND", "Meeting not found");
    return meetingDetailJson(head, text);
  }

  /** Everything of the detail but the transcript and turns (which exports read apart). */
  async detailHead(actor: Actor, m: MeetingHead, access: MeetingAccess): Promise<MeetingDetailHead> {
    const { db } = this.ctx.database;
    // The page lists possible action items apart (suggested: true); the counts are of accepted ones only.
    const all = await new ActionItemsRepo(db).listByMeeting(m.id, { withSuggested: true });
    const items = all.filter((i) => !i.suggested);
    const ownerName = await userName(db, m.userId);
    const shares = await this.sharesFor(actor, [m.id]);
    const summary = toSummary(
      m,
      {
        pendingCount: items.filter((i) => i.status !== "completed").length,
        actionItemCount: items.length,
        ownerName: ownerName ?? "",
        sharedVia: shares.get(m.id) ?? [],
      },
      actor,
    );
    return {
      ...summary,
      sourceUrl: m.sourceUrl,
      originalFileName: m.originalFileName,
      hasMedia: m.storageKey !== null && m.sourceType !== "transcript_import",
      hasVideo: m.hasVideo,
      mimeType: m.mimeType,
      notes: m.notes ?? null,
      summaryNote: m.summaryNote,
      transcriptEngine: m.transcriptEngine,
      transcriptModel: m.transcriptModel,
      summaryEngine: m.summaryEngine,
      summaryModel: m.summaryModel,
      processedAt: m.processedAt?.toISOString() ?? null,
      nano: m.nano,
      enhancedSummary: m.enhancedSummary,
      access,
      actionItems: all.map(toActionItem),
    };
  }

  async updateMeeting(actor: Actor, id: string, patch: z.infer<typeof updateMeetingSchema>): Promise<MeetingDetailJson> {
    const { db } = this.ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "owner");
    const updated = await updateMeetingColumns(db, meeting.id, {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.overview !== undefined
        ? { notes: { ...(meeting.notes ?? { keyPoints: [], decisions: [] }), overview: patch.overview.trim() } }
        : {}),
      ...(patch.recordedAt !== undefined ? { recordedAt: new Date(patch.recordedAt) } : {}),
    });
    if (!updated) throw new AppError("NOT_FOUND", "Meeting not found");
    return this.detailOf(actor, updated, "owner");
  }

  /** Owner only: stops a running job first, then removes the stored files and the record. */
  async deleteMeeting(actor: Actor, id: string): Promise<void> {
    const { ctx } = this;
    const { db } = ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "owner");
    await publishMeetingEvent(db, { type: "deleted", meetingId: meeting.id });
    await ctx.store.deletePrefix(`${mediaKeys(meeting).dir}/`);
    await deleteMeetingRow(db, meeting.id);
  }

  /** 'Retry processing': queues the failed step again, where another try can help. */
  async retryProcessing(actor: Actor, id: string): Promise<MeetingDetailJson> {
    const { ctx } = this;
    const { db } = ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "owner");
    if (meeting.status !== "failed") throw new AppError("CONFLICT", "Only a meeting whose processing failed can be retried.");
    if (!meeting.errorRetryable)
      throw new AppError("CONFLICT", "Another try cannot fix this failure. Upload the recording again, or give a link that works.");
    const hasTranscript = (await transcriptState(db, meeting.id)).present;
    const step: Step = hasTranscript || meeting.sourceType === "transcript_import" ? "summarize" : "prepare";
    await updateMeetingRow(ctx, meeting.id, {
      status: "processing",
      step,
      progress: 0,
      error: null,
      errorRetryable: true,
      stepAttempts: 0,
    });
    await enqueueStep(ctx.queue, step, meeting);
    return this.getMeetingDetail(actor, meeting.id);
  }

  /** 'Regenerate summary': the notes again from the current transcript. */
  async regenerateSummary(actor: Actor, id: string): Promise<MeetingDetailJson> {
    const { ctx } = this;
    const { db } = ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "owner");
    if (meeting.status === "processing" || meeting.status === "uploading")
      throw new AppError("CONFLICT", "This meeting is still being processed.");
    if (!(await transcriptState(db, meeting.id)).hasText)
      throw new AppError("CONFLICT", "This meeting has no transcript to summarize yet.");
    await updateMeetingRow(ctx, meeting.id, { status: "processing", step: "summarize", progress: 90, error: null, stepAttempts: 0 });
    await enqueueStep(ctx.queue, "summarize", meeting);
    return this.getMeetingDetail(actor, meeting.id);
  }

  /** The stored recording of a meeting the actor may read: its key, size and name; 404 when it has none. */
  async meetingMedia(actor: Actor, id: string): Promise<{ key: string; size: number; fileName: string; mimeType: string | null }> {
    const { ctx } = this;
    const { meeting } = await authorizeMeeting(ctx.database.db, actor, id, "read");
    const key = meeting.sourceType === "transcript_import" ? null : meeting.storageKey;
    const stat = key ? await ctx.store.stat(key) : null;
    if (!key || !stat) throw new AppError("NOT_FOUND", "This meeting has no recording.");
    return { key, size: stat.size, fileName: meeting.originalFileName ?? key, mimeType: meeting.mimeType };
  }

  /** The meeting, when the actor may read it (404 otherwise): an event stream may open. */
  async readableMeeting(actor: Actor, id: string): Promise<Pick<MeetingRow, "id" | "userId">> {
    const { db } = this.ctx.database;
    const { meeting } = await authorizeMeeting(db, actor, id, "read", { light: true });
    return { id: meeting.id, userId: meeting.userId };
  }

  /** What a status event carries: the meeting's status, step, progress and error. */
  statusOf(meetingId: string): Promise<MeetingStatusRow | undefined> {
    const { db } = this.ctx.database;
    return meetingStatus(db, meetingId);
  }
}
