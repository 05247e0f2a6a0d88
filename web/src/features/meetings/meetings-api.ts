// Server calls and TanStack Query hooks for meetings.
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiJson, isApiError } from "@/lib/api";
import type {
  ActionItem,
  ActionItemInput,
  MeetingDetail,
  MeetingList,
  MeetingNotes,
  MeetingSort,
  MeetingStatus,
  MeetingSummary,
  TranscriptEdits,
} from "../../../../contract/meetings";

export type { ActionItem, ActionItemInput, MeetingDetail, MeetingNotes, MeetingSort, MeetingStatus, MeetingSummary };
export type MeetingAccess = MeetingDetail["access"];

export const meetingKeys = {
  all: ["meetings"] as const,
  list: () => ["meetings", "list"] as const,
  listPage: (params: MeetingListParams) => ["meetings", "list", params] as const,
  detail: (id: string) => ["meetings", "detail", id] as const,
};

export interface MeetingListParams {
  q: string;
  status: MeetingStatus | "all";
  sort: MeetingSort;
}

export function fetchMeetingPage(params: MeetingListParams, cursor: string | null): Promise<MeetingList> {
  const search = new URLSearchParams({ sort: params.sort });
  if (params.q.trim()) search.set("q", params.q.trim());
  if (params.status !== "all") search.set("status", params.status);
  if (cursor) search.set("cursor", cursor);
  return api<MeetingList>(`/api/meetings?${search}`);
}

export function fetchMeeting(id: string): Promise<MeetingDetail> {
  return api<MeetingDetail>(`/api/meetings/${encodeURIComponent(id)}`);
}

/** The dashboard list, 50 a page; the next page loads when asked (infinite scroll). */
export function useMeetingPages(params: MeetingListParams) {
  return useInfiniteQuery({
    queryKey: meetingKeys.listPage(params),
    queryFn: ({ pageParam }) => fetchMeetingPage(params, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // Typing in the search box keeps the previous results on screen until the new ones come.
    placeholderData: keepPreviousData,
  });
}

/** After a change the server answered with the whole meeting: show it, and refresh the list. */
export function useStoreMeeting(): (updated: MeetingDetail) => void {
  const queryClient = useQueryClient();
  return (updated) => {
    queryClient.setQueryData(meetingKeys.detail(updated.id), updated);
    void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
  };
}

/**
 * After a change the server refused because this reader's access changed while the page was
 * open (403: now read-only, e.g. their team role became guest; 404: no longer shared with them,
 * removed from the team, or deleted): re-reads the meeting, so the page shows what is true now
 * (read-only, or "Meeting not found") instead of offering the change again.
 */
export function useRereadOnRefusal(id: string): (error: unknown) => void {
  const queryClient = useQueryClient();
  return (error) => {
    if (isApiError(error) && (error.status === 403 || error.status === 404))
      void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(id) });
  };
}

export function useMeetingQuery(id: string | undefined) {
  return useQuery({
    queryKey: meetingKeys.detail(id ?? ""),
    queryFn: () => fetchMeeting(id!),
    enabled: Boolean(id),
    // A missing meeting stays missing: do not retry a 404.
    retry: (failures, error) => !(error && "status" in error && (error as { status: number }).status === 404) && failures < 1,
  });
}

export const meetingApi = {
  update: (id: string, body: { title?: string; overview?: string }) =>
    apiJson<MeetingDetail>("PATCH", `/api/meetings/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api<void>(`/api/meetings/${encodeURIComponent(id)}`, { method: "DELETE" }),
  /** Old label → new name; answers the whole meeting with the names applied. */
  renameSpeakers: (id: string, names: Record<string, string>) =>
    apiJson<MeetingDetail>("PATCH", `/api/meetings/${encodeURIComponent(id)}/speakers`, { names }),
  retry: (id: string) => apiJson<MeetingDetail>("POST", `/api/meetings/${encodeURIComponent(id)}/retry`),
  summarize: (id: string) => apiJson<MeetingDetail>("POST", `/api/meetings/${encodeURIComponent(id)}/summarize`),
  mediaUrl: (id: string) => `/api/meetings/${encodeURIComponent(id)}/media`,
  pdfUrl: (id: string) => `/api/meetings/${encodeURIComponent(id)}/export.pdf`,
  exportUrl: (id: string, format: "md" | "txt" | "docx" | "srt" | "vtt" | "json") =>
    `/api/meetings/${encodeURIComponent(id)}/export.${format}`,
  editTurn: (id: string, index: number, body: { text?: string; speaker?: string }) =>
    apiJson<MeetingDetail>("PATCH", `/api/meetings/${encodeURIComponent(id)}/turns/${index}`, body),
  undoTurnEdit: (id: string) => apiJson<MeetingDetail>("POST", `/api/meetings/${encodeURIComponent(id)}/turns/undo`),
  turnEdits: (id: string) => api<TranscriptEdits>(`/api/meetings/${encodeURIComponent(id)}/turns/edits`),
  eventsUrl: (id: string) => `/api/meetings/${encodeURIComponent(id)}/events`,
};

export const actionItemApi = {
  create: (meetingId: string, body: ActionItemInput) =>
    apiJson<ActionItem>("POST", `/api/meetings/${encodeURIComponent(meetingId)}/action-items`, body),
  /** `suggested: false` accepts a possible action item (dismissing one is `remove`). */
  update: (id: string, body: Partial<ActionItemInput> & { status?: ActionItem["status"]; suggested?: false }) =>
    apiJson<ActionItem>("PATCH", `/api/action-items/${encodeURIComponent(id)}`, body),
  remove: (id: string) => api<void>(`/api/action-items/${encodeURIComponent(id)}`, { method: "DELETE" }),
  /** Undo a delete. */
  restore: (id: string) => apiJson<ActionItem>("POST", `/api/action-items/${encodeURIComponent(id)}/restore`),
};

/** Action items that count: everything but the possible ones (suggested), which wait for Accept or Dismiss. */
export function acceptedItems<T extends { suggested?: boolean }>(items: T[]): T[] {
  return items.filter((i) => !i.suggested);
}

export function isInProgress(status: MeetingStatus): boolean {
  return status === "processing" || status === "uploading";
}

/**
 * Whether the meeting has a transcript: turns, or plain text. The API sends `transcript` only
 * for a meeting without turns (the turns' texts are the transcript; decision 040).
 */
export function hasTranscript(meeting: Pick<MeetingDetail, "utterances" | "transcript">): boolean {
  return meeting.utterances.length > 0 || Boolean(meeting.transcript?.trim());
}

/** Distinct real speakers, in order of first appearance (never invented names). */
export function speakersOf(meeting: Pick<MeetingDetail, "utterances" | "speakers">): string[] {
  const names = meeting.utterances.length ? meeting.utterances.map((u) => u.speaker) : meeting.speakers;
  return [...new Set(names.map((n) => n.trim()).filter(Boolean))];
}
