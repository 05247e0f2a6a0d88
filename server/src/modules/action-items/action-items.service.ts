// Action-item rules: what regenerating a summary may replace, and deleting with undo.
// A person's work is never undone by a regenerate: items they added, edited, completed
// or deleted stay exactly as they left them (docs/decisions/009-regenerate-and-undo.md).
import { and, eq, isNull } from "drizzle-orm";
import type { ActionItemDraft } from "../../../../contract/transcript";
import type { Db } from "../../db/client";
import { actionItems } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type ActionItemRow = typeof actionItems.$inferSelect;

/** Same task in other words of case, spacing or punctuation. */
export function taskKey(task: string): string {
  return task
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** An extracted item nobody touched: the only kind a regenerate replaces. */
export function isReplaceable(row: Pick<ActionItemRow, "origin" | "status" | "deletedAt">): boolean {
  return row.origin === "extracted" && row.status !== "completed" && row.deletedAt === null;
}

/**
 * The new extracted items to insert: drafts whose task no kept or deleted row already
 * stands for (by the task as first extracted, or as it reads now), without duplicates.
 */
export function draftsToInsert(kept: Pick<ActionItemRow, "extractedTask" | "description">[], drafts: ActionItemDraft[]): ActionItemDraft[] {
  const taken = new Set<string>();
  for (const row of kept) {
    if (row.extractedTask) taken.add(taskKey(row.extractedTask));
    taken.add(taskKey(row.description));
  }
  const result: ActionItemDraft[] = [];
  for (const draft of drafts) {
    const key = taskKey(draft.task);
    if (!key || taken.has(key)) continue;
    taken.add(key);
    result.push(draft);
  }
  return result;
}

/** Regenerate: replace the untouched extracted items of a meeting with `drafts`, inside `tx`. */
export async function replaceExtractedItems(tx: Tx, meetingId: string, drafts: ActionItemDraft[]): Promise<void> {
  const rows = await tx.select().from(actionItems).where(eq(actionItems.meetingId, meetingId)).for("update");
  const replaceable = rows.filter(isReplaceable);
  const kept = rows.filter((r) => !isReplaceable(r));
  for (const row of replaceable) await tx.delete(actionItems).where(eq(actionItems.id, row.id));
  const fresh = draftsToInsert(kept, drafts);
  // New items go after the kept ones, in the order the summarizer gave them.
  const start = kept.reduce((max, r) => Math.max(max, r.position + 1), 0);
  if (fresh.length)
    await tx.insert(actionItems).values(
      fresh.map((a, i) => ({
        meetingId,
        description: a.task,
        extractedTask: a.task,
        assignee: a.assignee,
        dueDate: a.dueDate,
        sourceStart: a.sourceStart,
        origin: "extracted" as const,
        position: start + i,
      })),
    );
}

/** Hides an item; the row stays as the record that a person removed it (Undo, regenerate). */
export async function softDeleteItem(db: Db, id: string): Promise<void> {
  await db.update(actionItems).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(actionItems.id, id));
}

export async function restoreItem(db: Db, id: string): Promise<ActionItemRow> {
  const [row] = await db.update(actionItems).set({ deletedAt: null, updatedAt: new Date() }).where(eq(actionItems.id, id)).returning();
  return row!;
}

/** Rows people see: not deleted. */
export const visibleItem = isNull(actionItems.deletedAt);
export const visibleItemsOf = (meetingId: string) => and(eq(actionItems.meetingId, meetingId), visibleItem);
