// POST /api/ask and the asker's recent questions.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiJson } from "@/lib/api";
import type { AskCitation, AskHistory, AskRequest, AskResponse } from "../../../../contract/ask";

export type { AskCitation, AskResponse };

export function useAsk(meetingId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (question: string) =>
      apiJson<AskResponse>("POST", "/api/ask", { question, ...(meetingId ? { meetingId } : {}) } satisfies AskRequest),
    onSettled: () => client.invalidateQueries({ queryKey: ["ask-history"] }),
  });
}

export function useAskHistory(meetingId?: string) {
  return useQuery({
    queryKey: ["ask-history", meetingId ?? null] as const,
    queryFn: () => api<AskHistory>(`/api/ask/history${meetingId ? `?meetingId=${encodeURIComponent(meetingId)}` : ""}`),
  });
}

/** Where a citation opens: its meeting, at its moment. */
export function citationLink(c: AskCitation): string {
  const params = new URLSearchParams();
  if (c.start != null) params.set("t", String(c.start));
  if (c.turnIndex != null) params.set("turn", String(c.turnIndex));
  const query = params.toString();
  return `/meetings/${encodeURIComponent(c.meetingId)}${query ? `?${query}` : ""}`;
}
