// Who a passage is credited to, in an answer line and in a model's prompt alike. Search indexes an
// action item with its assignee as the passage's speaker; an answer credits what was said to
// whoever said it, so ask reads an item's speaker from the turn at its time (speakersAt) and
// keeps the assignee apart.
import type { PassageText, Queryable } from "../search/search.repo";
import { speakersAt } from "./ask.repo";

/** A passage as an answer reads it: for an action item, `speaker` is who said it and `assignee` whose task it is. */
export type AskPassage = PassageText & { assignee?: string | null };

/**
 * The passages with each action item's speaker set to who was speaking at its time (null for an
 * item with no time, one a person added) and its assignee kept as `assignee`.
 */
export async function withWhoSaidIt(db: Queryable, userId: string, passages: PassageText[]): Promise<AskPassage[]> {
  const timed = passages.filter((p) => p.kind === "action_item" && p.start_seconds !== null);
  const speakers = await speakersAt(
    db,
    userId,
    timed.map((p) => ({ meeting_id: p.meeting_id, start_seconds: Number(p.start_seconds) })),
  );
  const said = new Map(timed.map((p, i) => [p, speakers[i] ?? null]));
  return passages.map((p) => (p.kind === "action_item" ? { ...p, speaker: said.get(p) ?? null, assignee: p.speaker } : p));
}

/**
 * Whom a line credits, with `when` (" (0:05)", " at 0:05", or "") after the speaker: "Ben (0:30)",
 * "The notes"; for an action item who said it and whose it is: "Speaker A (0:05), action item for
 * Alice", "Action item for Alice" when no one is known to have said it.
 */
export function creditOf(p: AskPassage, when: string): string {
  if (p.kind !== "action_item") return `${p.speaker ?? (p.kind === "turn" ? "Someone" : "The notes")}${when}`;
  const item = p.assignee && p.assignee !== p.speaker ? `action item for ${p.assignee}` : "action item";
  return p.speaker ? `${p.speaker}${when}, ${item}` : `${item.charAt(0).toUpperCase()}${item.slice(1)}${when}`;
}
