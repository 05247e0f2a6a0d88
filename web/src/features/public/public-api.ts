// Server calls for public links: the owner's list/create/revoke and the visitor's view.
import { api, apiJson } from "@/lib/api";
import type { CreatePublicLink, PublicLink, PublicLinkList, PublicLinkPart, PublicMeeting } from "../../../../contract/public-links";

export type { CreatePublicLink, PublicLink, PublicLinkPart, PublicMeeting };

export const publicLinkKeys = { list: (meetingId: string) => ["public-links", meetingId] as const };

export const publicLinkApi = {
  list: (meetingId: string) => api<PublicLinkList>(`/api/meetings/${encodeURIComponent(meetingId)}/public-links`),
  create: (meetingId: string, body: CreatePublicLink) =>
    apiJson<PublicLink>("POST", `/api/meetings/${encodeURIComponent(meetingId)}/public-links`, body),
  revoke: (meetingId: string, linkId: string) =>
    api<void>(`/api/meetings/${encodeURIComponent(meetingId)}/public-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
  /** A visitor's view; a protected link wants its password in a header (never in the address). */
  view: (token: string, password?: string) =>
    api<PublicMeeting>(`/api/public/${encodeURIComponent(token)}`, password ? { headers: { "X-Link-Password": password } } : {}),
};

export const PART_LABELS: Record<PublicLinkPart, string> = {
  summary: "Summary and decisions",
  actionItems: "Action items",
  transcript: "Transcript",
  recording: "Recording",
};
