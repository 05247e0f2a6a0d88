// The dashboard list: 50 meetings a page, searched, filtered and sorted by the server.
import { MEETING_PAGE_SIZE, type MeetingList, type MeetingSummary, type meetingListQuerySchema } from "../../../../contract/meetings";
import type { z } from "zod";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { countMeetings, listPage, type ListKey, type ListRow, type ListSort } from "./meeting-list.repo";
import { configsInUse } from "../search/search.repo";
import { MeetingsService } from "./meetings.service";

export function encodeListCursor(sort: ListSort, row: ListRow): string {
  const key: ListKey = { title: row.title_key, recordedAt: row.recorded_at_key, createdAt: row.created_at_key, id: row.id };
  return Buffer.from(JSON.stringify({ s: sort, k: key })).toString("base64url");
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decodeListCursor(sort: ListSort, cursor: string | undefined): ListKey | null {
  if (!cursor) return null;
  const invalid = new AppError("BAD_REQUEST", "This page of the meeting list is not valid any more. Reload the list.");
  let parsed: { s?: unknown; k?: Partial<ListKey> };
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  const k = parsed?.k;
  if (
    parsed?.s !== sort ||
    !k ||
    typeof k.title !== "string" ||
    typeof k.createdAt !== "string" ||
    Number.isNaN(Date.parse(k.createdAt)) ||
    typeof k.recordedAt !== "string" ||
    Number.isNaN(Date.parse(k.recordedAt)) ||
    typeof k.id !== "string" ||
    !uuid.test(k.id)
  )
    throw invalid;
  return { title: k.title, recordedAt: k.recordedAt, createdAt: k.createdAt, id: k.id };
}

/** The meeting list (own and shared meetings, filters, sort, pages). */
export class MeetingListService {
  constructor(private readonly ctx: AppContext) {}

  async listMeetings(actor: Actor, query: z.infer<typeof meetingListQuerySchema>): Promise<MeetingList> {
    const { db } = this.ctx.database;
    const q = query.q?.trim() || undefined;
    const filter = { userId: actor.id, status: query.status, q, configs: q ? await configsInUse(db) : [] };
    const from = decodeListCursor(query.sort, query.cursor);
    // The count is the first page's: later pages keep it (null), saving a count per scroll.
    const [rows, total] = await Promise.all([
      listPage(db, filter, query.sort, from, MEETING_PAGE_SIZE + 1),
      from ? null : countMeetings(db, filter),
    ]);
    const page = rows.slice(0, MEETING_PAGE_SIZE);
    const shares = await new MeetingsService(this.ctx).sharesFor(
      actor,
      page.map((r) => r.id),
    );
    const meetings: MeetingSummary[] = page.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      sourceType: r.source_type,
      createdAt: new Date(r.created_at).toISOString(),
      recordedAt: new Date(r.recorded_at).toISOString(),
      durationSeconds: r.duration_seconds,
      step: r.step,
      progress: r.progress,
      stepDetail: r.step_detail,
      error: r.error,
      canRetry: r.status === "failed" && r.error_retryable,
      pendingCount: r.pending_count,
      actionItemCount: r.action_item_count,
      speakers: r.speakers,
      isOwner: r.user_id === actor.id,
      ownerName: r.owner_name,
      sharedVia: shares.get(r.id) ?? [],
    }));
    return { meetings, total, nextCursor: rows.length > MEETING_PAGE_SIZE ? encodeListCursor(query.sort, page[page.length - 1]!) : null };
  }
}
