// Cross-validation folds over meetings that keep a team's meetings together.
// An AMI team holds four meetings (ES2002a-d) with the same people, phrasing and habits, and QMSum's
// validation and test splits hold whole teams (ES2006, IS1006, TS3009…). Folds that split a team let the
// model learn that team's wording from its other meetings and promise more than unseen teams give.
// ICSI groups and committees meet in every split, so each of their meetings is its own group.

/** The group a meeting belongs to: its AMI team ("ES2002" for ES2002a), else the meeting itself. */
export function meetingGroup(id: string): string {
  return /^(?:ES|IS|TS|IB|IN)\d{4}[a-z]$/.test(id) ? id.slice(0, -1) : id;
}

/** Fold number (0..folds-1) of each meeting, in order: the groups in order of first appearance, dealt round. */
export function groupFolds(ids: string[], folds: number): number[] {
  const order = new Map<string, number>();
  for (const id of ids) if (!order.has(meetingGroup(id))) order.set(meetingGroup(id), order.size);
  return ids.map((id) => (order.get(meetingGroup(id)) ?? 0) % folds);
}
