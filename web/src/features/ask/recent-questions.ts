// Which of the asker's recent questions an Ask box offers again.
import type { AskHistory } from "../../../../contract/ask";

type Asked = AskHistory["questions"][number];

/**
 * A question is offered again where clicking it asks the same thing: the dashboard's box (no
 * meeting) offers the questions asked of every meeting, a meeting's box that meeting's. A question
 * asked of one meeting shown on the dashboard would have been asked of every meeting instead.
 * The question just asked (shown above) and repeats are left out; at most `max`.
 */
export function recentQuestions(asked: Asked[], meetingId: string | undefined, current: string | undefined, max = 5): Asked[] {
  const seen = new Set<string>();
  return asked
    .filter((q) => (meetingId ? q.meetingId === meetingId : q.meetingId === null))
    .filter((q) => q.question !== current && !seen.has(q.question) && seen.add(q.question))
    .slice(0, max);
}
