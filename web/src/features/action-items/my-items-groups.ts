// Grouping "my action items" by due date (overdue, today, this week, later, no date) or by meeting. Pure.
import type { MyActionItem } from "../../../../contract/people";

export interface ItemGroup {
  key: string;
  title: string;
  /** The meeting, for groups by meeting. */
  meeting?: MyActionItem["meeting"];
  items: MyActionItem[];
}

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function dueBucket(item: Pick<MyActionItem, "dueDate" | "status">, today: string): string {
  if (!item.dueDate) return "No due date";
  if (item.dueDate < today) return item.status === "completed" ? "Earlier" : "Overdue";
  if (item.dueDate === today) return "Today";
  if (item.dueDate <= addDays(today, 6)) return "This week";
  return "Later";
}

const BUCKETS = ["Overdue", "Earlier", "Today", "This week", "Later", "No due date"];

/** Items in the server's order, grouped; groups in a fixed order (by due) or first-seen order (by meeting). */
export function groupItems(items: MyActionItem[], by: "due" | "meeting", today: string): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const key = by === "due" ? dueBucket(item, today) : item.meeting.id;
    let g = groups.get(key);
    if (!g) {
      g = by === "due" ? { key, title: key, items: [] } : { key, title: item.meeting.title, meeting: item.meeting, items: [] };
      groups.set(key, g);
    }
    g.items.push(item);
  }
  const list = [...groups.values()];
  return by === "due" ? list.sort((a, b) => BUCKETS.indexOf(a.key) - BUCKETS.indexOf(b.key)) : list;
}
