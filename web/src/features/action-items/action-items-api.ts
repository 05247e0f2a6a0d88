// Server calls and TanStack Query hooks for "my action items" and for a meeting's people.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, apiJson } from "@/lib/api";
import type {
  Contact,
  CreateContact,
  LinkedPerson,
  MeetingPeople,
  MyActionItem,
  MyActionItemCounts,
  MyActionItems,
  MyItemsDue,
  MyItemsOrder,
  MyItemsStatus,
  Person,
  PersonRef,
} from "../../../../contract/people";
import { actionItemApi, meetingKeys, type ActionItemInput } from "../meetings/meetings-api";

export type { LinkedPerson, MeetingPeople, MyActionItem, Person, PersonRef };

export type StatusFilter = MyItemsStatus;
export type DueFilter = MyItemsDue;
export type Grouping = MyItemsOrder;

export interface MyItemsParams {
  status: StatusFilter;
  due: DueFilter;
  order: Grouping;
}

/** The browser's today (YYYY-MM-DD): "overdue" and "this week" are the user's days, not the server's. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const myItemKeys = {
  all: ["my-action-items"] as const,
  list: (p: MyItemsParams) => ["my-action-items", "list", p] as const,
  counts: () => ["my-action-items", "counts"] as const,
};
export const peopleKey = (meetingId: string) => ["meeting-people", meetingId] as const;

export function useMyActionItems(params: MyItemsParams) {
  return useInfiniteQuery({
    queryKey: myItemKeys.list(params),
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ assignee: "me", status: params.status, due: params.due, order: params.order, today: localToday() });
      if (pageParam) q.set("cursor", pageParam);
      return api<MyActionItems>(`/api/action-items?${q}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useMyActionItemCounts() {
  return useQuery({
    queryKey: myItemKeys.counts(),
    queryFn: () => api<MyActionItemCounts>(`/api/action-items/counts?today=${localToday()}`),
  });
}

/** Re-reads the list, the counts and the item's meeting. */
export function useRefreshMyItems(): (meetingId: string) => void {
  const queryClient = useQueryClient();
  return (meetingId) => {
    void queryClient.invalidateQueries({ queryKey: myItemKeys.all });
    void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(meetingId) });
  };
}

/** Complete or edit an item from the list; the list, the counts and its meeting are re-read after. */
export function useMyItemMutation() {
  const refresh = useRefreshMyItems();
  return useMutation({
    mutationFn: ({
      id,
      patch,
    }: {
      id: string;
      meetingId: string;
      patch: Partial<ActionItemInput> & { status?: "pending" | "completed" };
    }) => actionItemApi.update(id, patch),
    onError: (error) => toast.error("Failed to update action item", { description: error.message }),
    onSettled: (_d, _e, vars) => refresh(vars.meetingId),
  });
}

export function useMeetingPeople(meetingId: string, enabled = true) {
  return useQuery({
    queryKey: peopleKey(meetingId),
    queryFn: () => api<MeetingPeople>(`/api/meetings/${encodeURIComponent(meetingId)}/people`),
    enabled,
  });
}

export const peopleApi = {
  link: (meetingId: string, speaker: string, person: PersonRef | null) =>
    apiJson<MeetingPeople>("PUT", `/api/meetings/${encodeURIComponent(meetingId)}/speaker-links`, { speaker, person }),
  reset: (meetingId: string, speaker: string) =>
    api<MeetingPeople>(`/api/meetings/${encodeURIComponent(meetingId)}/speaker-links?speaker=${encodeURIComponent(speaker)}`, {
      method: "DELETE",
    }),
  createContact: (body: CreateContact) => apiJson<Contact>("POST", "/api/people/contacts", body),
};
