// Meetings: read, change, delete (the list: meeting-list.service.ts). Every function takes the acting user first and
// checks access through meeting-access.ts.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { MeetingDetail, MeetingSummary, updateMeetingSchema } from "../../../../contract/meetings";
import type { Db } from "../../db/client";
import { actionItems, meetingShares, meetings, member, organization, user } from "../../db/schema";
import type { Actor } from "../../http/auth.routes";
import { visibleItemsOf } from "../action-items/action-items.repo";
import { toActionItem } from "../action-items/action-items.service";
import { authorizeMeeting, type MeetingAccess, type MeetingRow } from "./meeting-access";

function toSummary(
  m: MeetingRow,
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

/** The teams (that the actor belongs to) each meeting is shared with, and who shared it. */
export async function sharesFor(db: Db, actor: Actor, meetingIds: string[]) {
  const result = new Map<string, MeetingSummary["sharedVia"]>();
  if (meetingIds.length === 0) return result;
  const rows = await db
    .select({ meetingId: meetingShares.meetingId, teamId: organization.id, teamName: organization.name, sharedBy: user.name })
    .from(meetingShares)
    .innerJoin(organization, eq(organization.id, meetingShares.teamId))
    .innerJoin(member, and(eq(member.organizationId, meetingShares.teamId), eq(member.userId, actor.id)))
    .innerJoin(user, eq(user.id, meetingShares.sharedBy))
    .where(inArray(meetingShares.meetingId, meetingIds));
  for (const r of rows) {
    const list = result.get(r.meetingId) ?? [];
    list.push({ teamId: r.teamId, teamName: r.teamName, sharedBy: r.sharedBy });
    result.set(r.meetingId, list);
  }
  return result;
}

export async function getMeetingDetail(db: Db, actor: Actor, id: string): Promise<MeetingDetail> {
  const { meeting, access } = await authorizeMeeting(db, actor, id, "read");
  return detailOf(db, actor, meeting, access);
}

export async function detailOf(db: Db, actor: Actor, m: MeetingRow, access: MeetingAccess): Promise<MeetingDetail> {
  const items = await db
    .select()
    .from(actionItems)
    .where(visibleItemsOf(m.id))
    .orderBy(asc(actionItems.position), asc(actionItems.createdAt));
  const [owner] = await db.select({ name: user.name }).from(user).where(eq(user.id, m.userId));
  const shares = await sharesFor(db, actor, [m.id]);
  const summary = toSummary(
    m,
    {
      pendingCount: items.filter((i) => i.status !== "completed").length,
      actionItemCount: items.length,
      ownerName: owner?.name ?? "",
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
    transcript: m.transcript,
    utterances: m.utterances ?? [],
    summary: m.summary,
    decisions: m.decisions ?? [],
    summaryNote: m.summaryNote,
    transcriptEngine: m.transcriptEngine,
    transcriptModel: m.transcriptModel,
    summaryEngine: m.summaryEngine,
    summaryModel: m.summaryModel,
    processedAt: m.processedAt?.toISOString() ?? null,
    nano: m.nano,
    enhancedSummary: m.enhancedSummary,
    access,
    actionItems: items.map(toActionItem),
  };
}

export async function updateMeeting(db: Db, actor: Actor, id: string, patch: z.infer<typeof updateMeetingSchema>): Promise<MeetingDetail> {
  const { meeting } = await authorizeMeeting(db, actor, id, "owner");
  const [updated] = await db
    .update(meetings)
    .set({
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.summary !== undefined ? { summary: patch.summary } : {}),
      ...(patch.recordedAt !== undefined ? { recordedAt: new Date(patch.recordedAt) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(meetings.id, meeting.id))
    .returning();
  return detailOf(db, actor, updated!, "owner");
}
