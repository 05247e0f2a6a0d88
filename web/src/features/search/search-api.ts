// GET /api/search as a paged TanStack query.
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SearchResponse, SearchResult } from "../../../../contract/search";

export type { SearchResult };

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
export function resultLink(r: SearchResult): string {
  const params = new URLSearchParams();
  if (r.start != null) params.set("t", String(r.start));
  if (r.turnIndex != null) params.set("turn", String(r.turnIndex));
  const query = params.toString();
  return `/meetings/${encodeURIComponent(r.meetingId)}${query ? `?${query}` : ""}`;
}
