// All SQL on action items.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { ActionItemDraft } from "../../../../contract/transcript";
import type { Db } from "../../db/client";
import { actionItems, user } from "../../db/schema";
import { draftsToInsert, inMeetingOrder, isReplaceable } from "./action-item-rules";

export type ActionItemRow = typeof actionItems.$inferSelect;
export type ActionItemChanges = Partial<Pick<ActionItemRow, "description" | "assignee" | "dueDate" | "status" | "origin" | "suggested">>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Rows people see: not deleted. */
export const visibleItem = isNull(actionItems.deletedAt);
/** Rows that count as action items: not deleted and not only possible (suggested rows wait for Accept or Dismiss). */
export const acceptedItem = and(isNull(actionItems.deletedAt), eq(actionItems.suggested, false));
export const visibleItemsOf = (meetingId: string, { withSuggested = false } = {}) =>
  and(eq(actionItems.meetingId, meetingId), withSuggested ? visibleItem : acceptedItem);

/** Regenerate: replace the untouched extracted items of a meeting with `drafts`, inside `tx`. */
export async function replaceExtractedItems(tx: Tx, meetingId: string, drafts: ActionItemDraft[]): Promise<void> {
  const rows = await tx.select().from(actionItems).where(eq(actionItems.meetingId, meetingId)).for("update");
  const replaceable = rows.filter(isReplaceable);
  const kept = rows.filter((r) => !isReplaceable(r));
  for (const row of replaceable) await tx.delete(actionItems).where(eq(actionItems.id, row.id));
  const fresh = draftsToInsert(kept, drafts);
  // Kept and new items together in the meeting's order (not the kept ones first).
  const ordered = inMeetingOrder(kept, fresh);
  const inserts = [];
  for (const [position, item] of ordered.entries()) {
    if ("kept" in item) {
      if (item.kept.position !== position) await tx.update(actionItems).set({ position }).where(eq(actionItems.id, item.kept.id));
      continue;
    }
    const a = item.fresh;
    inserts.push({
      meetingId,
      description: a.task,
      extractedTask: a.task,
      assignee: a.assignee,
      dueDate: a.dueDate,
      sourceStart: a.sourceStart,
      origin: "extracted" as const,
      suggested: a.suggested === true,
      position,
    });
  }
  if (inserts.length) await tx.insert(actionItems).values(inserts);
}

export class ActionItemsRepo {
  constructor(private readonly db: Db) {}

  /**
   * A meeting's action items in their order (extracted order, then added by hand): accepted ones only, unless
   * `withSuggested` (the meeting page, which lists the possible ones apart).
   */
  listByMeeting(meetingId: string, options: { withSuggested?: boolean } = {}): Promise<ActionItemRow[]> {
    return this.db
      .select()
      .from(actionItems)
      .where(visibleItemsOf(meetingId, options))
      .orderBy(asc(actionItems.position), asc(actionItems.createdAt));
  }

  /** Any item, deleted ones too. */
  async find(id: string): Promise<ActionItemRow | null> {
    const [item] = await this.db.select().from(actionItems).where(eq(actionItems.id, id));
    return item ?? null;
  }

  /** Adds an item by hand, after the meeting's last one. */
  async insertManual(
    meetingId: string,
    values: { description: string; assignee: string | null; dueDate: string | null },
  ): Promise<ActionItemRow> {
    const [row] = await this.db
      .insert(actionItems)
      .values({
        meetingId,
        ...values,
        origin: "manual",
        position: sql`(select coalesce(max(position), -1) + 1 from action_items where meeting_id = ${meetingId})`,
      })
      .returning();
    return row!;
  }

  async update(id: string, changes: ActionItemChanges): Promise<ActionItemRow> {
    const [row] = await this.db
      .update(actionItems)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(actionItems.id, id))
      .returning();
    return row!;
  }

  /** Hides an item; the row stays as the record that a person removed it (Undo, regenerate). */
  async softDelete(id: string): Promise<void> {
    await this.db.update(actionItems).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(actionItems.id, id));
  }

  async restore(id: string): Promise<ActionItemRow> {
    const [row] = await this.db
      .update(actionItems)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(eq(actionItems.id, id))
      .returning();
    return row!;
  }
}

export interface MineCandidate {
  id: string;
  title: string;
  recordedAt: Date;
  access: "owner" | "edit-items" | "read";
}

/**
 * Meetings the user may read (meeting-access.ts: their own, or shared with a team they belong
 * to) where an item may be theirs: a speaker linked to them, an item's owner chosen as them,
 * an assignee of exactly their name, or an item whose owner follows a speaker link (a name said
 * to a linked speaker). Which items really are theirs is people-rules.ts's call.
 */
export async function mineCandidates(db: Db, userId: string, userName: string): Promise<MineCandidate[]> {
  const result = await db.execute<{ id: string; title: string; recorded_at: Date; access: MineCandidate["access"] }>(sql`
    with readable as (
      select m.id, m.title, m.recorded_at,
        case when m.user_id = ${userId} then 'owner'
          when exists (select 1 from meeting_shares s join member mb on mb.organization_id = s.team_id
            and mb.user_id = ${userId} and mb.role <> 'guest' where s.meeting_id = m.id) then 'edit-items'
          else 'read' end as access
      from meetings m
      where m.user_id = ${userId} or exists (
        select 1 from meeting_shares s join member mb on mb.organization_id = s.team_id and mb.user_id = ${userId}
        where s.meeting_id = m.id))
    select r.id, r.title, r.recorded_at, r.access from readable r
    where exists (select 1 from speaker_links sl where sl.meeting_id = r.id and sl.user_id = ${userId})
      or exists (select 1 from action_items i where i.meeting_id = r.id and i.deleted_at is null and not i.suggested
        and ((i.owner_set and i.owner_user_id = ${userId})
          or (not i.owner_set and lower(btrim(i.assignee)) = lower(btrim(${userName})))))`);
  return result.rows.map((r) => ({ id: r.id, title: r.title, recordedAt: new Date(r.recorded_at), access: r.access }));
}

export async function userImage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ image: user.image }).from(user).where(eq(user.id, userId));
  return row?.image ?? null;
}
