import type { MeetingSort, MeetingStatus } from "./meetings-api";

export type StatusFilter = MeetingStatus | "all";

export const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "processing", label: "Processing" },
  { value: "completed", label: "Completed" },
  { value: "failed", label: "Failed" },
  { value: "uploading", label: "Uploading" },
];

export const SORTS: { value: MeetingSort; label: string }[] = [
  { value: "recent", label: "Most recent" },
  { value: "oldest", label: "Oldest first" },
  { value: "alpha", label: "Alphabetical" },
];
