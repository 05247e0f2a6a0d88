// GET /api/search as a paged TanStack query.
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SearchMoment, SearchResponse, SearchResult } from "../../../../contract/search";
import { filterParams, type SearchFilters } from "./search-filters";

export type { SearchMoment, SearchResult };

/** All the matching moments of one meeting (up to 50), when a result's "more moments" is opened. */
export function useMeetingMoments(q: string, meetingId: string, enabled: boolean, filters: SearchFilters) {
  const narrow = filterParams(filters);
  return useQuery({
    queryKey: ["search-moments", q, meetingId, narrow] as const,
    queryFn: async () => {
      // The same filters as the results: "more moments" must not bring back what they left out.
      const r = await api<SearchResponse>(`/api/search?${new URLSearchParams({ q, meetingId, ...narrow })}`);
      return r.results[0]?.moments ?? [];
    },
    enabled,
  });
}

export function useSearch(q: string, filters: SearchFilters) {
  const narrow = filterParams(filters);
  return useInfiniteQuery({
    queryKey: ["search", q, narrow] as const,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ q, ...narrow });
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
