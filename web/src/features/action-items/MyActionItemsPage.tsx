import { useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CalendarClock, ListChecks } from "lucide-react";
import { toast } from "sonner";
import { LoadMore } from "@/components/layout/LoadMore";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { ActionItemRow, type ActionItemHandlers } from "../meetings/ActionItemRow";
import { formatLongDate } from "../meetings/format";
import { actionItemApi } from "../meetings/meetings-api";
import {
  localToday,
  useMyActionItems,
  useMyItemMutation,
  useRefreshMyItems,
  type DueFilter,
  type Grouping,
  type MyActionItem,
  type StatusFilter,
} from "./action-items-api";
import { MailPreferencesButton } from "./MailPreferencesButton";
import { groupItems } from "./my-items-groups";

const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "done", label: "Done" },
  { value: "all", label: "All" },
];
const DUES: { value: DueFilter; label: string }[] = [
  { value: "any", label: "Any due date" },
  { value: "overdue", label: "Overdue" },
  { value: "week", label: "Due this week" },
];
const GROUPINGS: { value: Grouping; label: string }[] = [
  { value: "due", label: "By due date" },
  { value: "meeting", label: "By meeting" },
];

const pick = <T extends string>(value: string | null, allowed: { value: T }[], fallback: T): T =>
  allowed.find((a) => a.value === value)?.value ?? fallback;

/** /action-items — everything assigned to me across the meetings I may read; filters live in the address (shareable, Back works). */
export default function MyActionItemsPage() {
  const [params, setParams] = useSearchParams();
  const status = pick(params.get("status"), STATUSES, "open");
  const due = pick(params.get("due"), DUES, "any");
  const order = pick(params.get("group"), GROUPINGS, "due");
  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const query = useMyActionItems({ status, due, order });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const today = localToday();
  const groups = useMemo(() => groupItems(items, order, today), [items, order, today]);

  useEffect(() => {
    if (query.isError) toast.error("Failed to load your action items", { description: query.error.message });
  }, [query.isError, query.error]);

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="My action items"
        subtitle="Everything assigned to you, from every meeting you can open"
        actions={<MailPreferencesButton />}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
        <div role="group" aria-label="Status" className="inline-flex self-start rounded-lg border bg-muted/40 p-1">
          {STATUSES.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={status === s.value}
              onClick={() => set("status", s.value)}
              className={cn(
                "rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                status === s.value && "bg-background text-foreground shadow-sm",
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Select value={due} onValueChange={(v) => set("due", v)}>
            <SelectTrigger aria-label="Due date" className="w-full sm:w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {DUES.map((d) => (
                <SelectItem key={d.value} value={d.value}>
                  {d.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={order} onValueChange={(v) => set("group", v)}>
            <SelectTrigger aria-label="Group" className="w-full sm:w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {GROUPINGS.map((g) => (
                <SelectItem key={g.value} value={g.value}>
                  {g.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {query.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-muted-foreground" role="status">
          <Spinner />
          Loading your action items...
        </p>
      ) : query.isError && !query.data ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <p className="text-muted-foreground">We couldn't load your action items. Please try again later.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <EmptyList filtered={status !== "open" || due !== "any"} />
      ) : (
        <div className="flex flex-col gap-6" aria-busy={query.isFetching}>
          {groups.map((g) => (
            <section key={g.key} aria-labelledby={`group-${g.key}`} className="flex flex-col gap-2">
              <h2 id={`group-${g.key}`} className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold">
                {g.meeting ? (
                  <>
                    <Link to={`/meetings/${g.meeting.id}`} className="text-base text-primary underline-offset-4 hover:underline">
                      {g.title}
                    </Link>
                    <span className="font-normal text-muted-foreground">{formatLongDate(g.meeting.recordedAt)}</span>
                  </>
                ) : (
                  <span className={cn("text-base", g.key === "Overdue" && "text-destructive")}>{g.title}</span>
                )}
                <span className="font-normal text-muted-foreground">· {g.items.length}</span>
              </h2>
              <ul className="flex flex-col gap-2" data-testid="my-action-items">
                {g.items.map((item) => (
                  <MyItem key={item.id} item={item} showMeeting={order === "due"} />
                ))}
              </ul>
            </section>
          ))}
          <ul>
            <LoadMore as="li" query={query} loadingText="Loading more items..." buttonText="Load more" />
          </ul>
        </div>
      )}
    </PageContainer>
  );
}

function MyItem({ item, showMeeting }: { item: MyActionItem; showMeeting: boolean }) {
  const mutation = useMyItemMutation();
  const refresh = useRefreshMyItems();
  const handlers: ActionItemHandlers = {
    onToggle: (i, done) => mutation.mutate({ id: i.id, meetingId: i.meetingId, patch: { status: done ? "completed" : "pending" } }),
    onUpdate: (i, input) => mutation.mutate({ id: i.id, meetingId: i.meetingId, patch: input }),
    onDelete: (i) =>
      void actionItemApi
        .remove(i.id)
        .then(() => {
          refresh(i.meetingId);
          toast.success("Action item deleted", {
            duration: 10_000,
            action: { label: "Undo", onClick: () => void actionItemApi.restore(i.id).then(() => refresh(i.meetingId)) },
          });
        })
        .catch((e: Error) => toast.error("Failed to delete action item", { description: e.message })),
  };
  // Shown as saved while the change is on its way.
  const pending = mutation.isPending ? { ...item, ...mutation.variables.patch } : item;
  return (
    <ActionItemRow
      item={pending}
      editable={item.editable}
      handlers={handlers}
      owner={item.owner}
      pickOwner
      links={
        showMeeting ? (
          <Link
            to={`/meetings/${item.meeting.id}`}
            className="inline-flex items-center gap-1 self-start text-sm text-primary underline-offset-4 hover:underline"
          >
            <CalendarClock className="size-3.5" aria-hidden="true" />
            {item.meeting.title}
          </Link>
        ) : null
      }
    />
  );
}

function EmptyList({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-14 text-center">
      <ListChecks className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{filtered ? "No action items match these filters" : "Nothing assigned to you right now"}</p>
      <p className="max-w-md text-sm text-muted-foreground">
        Items are yours when a meeting's speaker is linked to you, when you are chosen as the owner, or when the owner's name is exactly
        yours. Link speakers from a meeting's transcript (Rename speakers).
      </p>
    </div>
  );
}
