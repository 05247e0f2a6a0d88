// GET /api/search as a paged TanStack query.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SearchMoment, SearchResponse, SearchResult } from "../../../../contract/search";

export type { SearchMoment, SearchResult };

/** All the matching moments of one meeting (up to 50), when a result's "more moments" is opened. */
export function useMeetingMoments(q: string, meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["search-moments", q, meetingId] as const,
    queryFn: async () => {
      const r = await api<SearchResponse>(`/api/search?${new URLSearchParams({ q, meetingId })}`);
      return r.results[0]?.moments ?? [];
    },
    enabled,
  });
}

export function useSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ["search", q] as const,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q });
      if (pageParam) params.set("cursor", pageParam);
      return api<SearchResponse>(`/api/search?${params}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: q.trim() !== "",
    // Passages change when someone edits; a search re-run on focus should show it.
    staleTime: 0,
  });
}

/** Where a result opens: the meeting, at the passage's time and turn when it has them. */
export function resultLink(r: Pick<SearchResult, "meetingId" | "start" | "turnIndex">): string {
  const params = new URLSearchParams();
  if (r.start != null) params.set("t", String(r.start));
  if (r.turnIndex != null) params.set("turn", String(r.turnIndex));
  const query = params.toString();
  return `/meetings/${encodeURIComponent(r.meetingId)}${query ? `?${query}` : ""}`;
}
