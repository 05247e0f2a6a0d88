// Action-item rules: what regenerating a summary may replace. A person's work is never
// undone by a regenerate: items they added, edited, completed or deleted stay exactly as
// they left them (docs/decisions/009-first-visit.md). Pure functions, no SQL.
import type { ActionItemDraft } from "../../../../contract/transcript";
import type { actionItems } from "../../db/schema";

type ActionItemRow = typeof actionItems.$inferSelect;

/** Same task in other words of case, spacing or punctuation. */
export function taskKey(task: string): string {
  return task
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** An extracted item nobody touched: the only kind a regenerate replaces. A possible item a person accepted is
 * 'manual' (touched); one they dismissed is deleted, so a regenerate never suggests it again. */
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

/**
 * After a regenerate: the kept rows and the new drafts in the meeting's order, so the items
 * a person touched do not jump to the top. Ordered by where each was said (sourceStart);
 * items with no time (added by hand) come after those, in their earlier order.
 */
export function inMeetingOrder<K extends { position: number; sourceStart: number | null }, D extends { sourceStart: number | null }>(
  kept: K[],
  fresh: D[],
): ({ kept: K } | { fresh: D })[] {
  const all = [
    ...[...kept].sort((a, b) => a.position - b.position).map((row, i) => ({ item: { kept: row }, at: row.sourceStart, seq: i })),
    ...fresh.map((draft, i) => ({ item: { fresh: draft }, at: draft.sourceStart, seq: kept.length + i })),
  ];
  all.sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity) || a.seq - b.seq);
  return all.map((x) => x.item);
}
