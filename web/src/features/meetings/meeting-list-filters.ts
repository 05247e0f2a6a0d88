import type { MeetingSort, MeetingStatus, MeetingSummary } from './meetings-api';

export type StatusFilter = MeetingStatus | 'all';

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'processing', label: 'Processing' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'uploading', label: 'Uploading' },
];

export const SORTS: { value: MeetingSort; label: string }[] = [
  { value: 'recent', label: 'Most recent' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'alpha', label: 'Alphabetical' },
];

/** Title search (case-insensitive substring), status filter and sort, applied in the browser. */
export function filterMeetings(
  meetings: MeetingSummary[],
  { search, status, sort }: { search: string; status: StatusFilter; sort: MeetingSort },
): MeetingSummary[] {
  const needle = search.trim().toLowerCase();
  // One date per meeting everywhere: when it was held; the upload time only breaks ties.
  const ms = (iso: string) => new Date(iso).getTime() || 0;
  const newerFirst = (a: MeetingSummary, b: MeetingSummary) => ms(b.recordedAt) - ms(a.recordedAt) || ms(b.createdAt) - ms(a.createdAt);
  return meetings
    .filter((m) => (status === 'all' || m.status === status) && (!needle || m.title.toLowerCase().includes(needle)))
    .sort((a, b) => {
      if (sort === 'alpha') return a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true }) || newerFirst(a, b);
      return sort === 'oldest' ? newerFirst(b, a) : newerFirst(a, b);
    });
}
