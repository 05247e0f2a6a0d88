import { useState } from "react";
import { ChevronDown, Download, ListChecks, Plus } from "lucide-react";
import { toActionItemsCsv } from "../../../../contract/action-items-csv";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { ItemLinkBadges, SendToMenu, useItemLinks, useSend, useSendTargets } from "@/features/integrations/SendToMenu";
import { cn } from "@/lib/utils";
import { ActionItemFields } from "./ActionItemFields";
import { ActionItemRow, type ActionItemHandlers } from "./ActionItemRow";
import { downloadText } from "./download";
import { actionItemsCsvName } from "./meeting-facts";
import { plural } from "./format";
import type { ActionItem, MeetingAccess } from "./meetings-api";
import { useActionItemMutations } from "./use-action-item-mutations";
import { useMeetingPeople } from "../action-items/action-items-api";

/** The export button's tooltip: what the file holds, and the formula protection a spreadsheet user may notice. */
export const CSV_EXPORT_TITLE =
  "Download the action items as CSV, named after the meeting (Task, Assignee, Due Date, Status). Cells that start with =, +, - or @ get a leading ' so spreadsheets show them as text, never run them as formulas.";

export function actionItemsCsv(items: ActionItem[]): string {
  return toActionItemsCsv(
    items.map((i) => ({ task: i.description, assignee: i.assignee, dueDate: i.dueDate, completed: i.status === "completed" })),
  );
}

/**
 * The action items of one meeting (spec: "Reusable … action items card"): collapsible,
 * pending first, then 'Completed (n)'; add, edit, complete and delete where `access`
 * allows; CSV export always.
 */
export function ActionItemsCard({
  meetingId,
  title,
  sample = false,
  items,
  access,
  isLoading = false,
  onSeek,
  statusBadges = false,
  className,
}: {
  meetingId: string;
  /** The meeting's title: the CSV is named after it. */
  title: string;
  /** The demo's sample meeting: nothing on the server to ask about (item links, people). */
  sample?: boolean;
  items: ActionItem[];
  access: MeetingAccess;
  isLoading?: boolean;
  onSeek?: (seconds: number) => void;
  /** Each item's status as the spec's badge ('pending' / 'completed'; the meeting page's table). */
  statusBadges?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(true);
  const [adding, setAdding] = useState(false);
  const { toggle, update, create, remove } = useActionItemMutations(meetingId);
  const editable = access !== "read";
  const pending = items.filter((i) => i.status !== "completed");
  const completed = items.filter((i) => i.status === "completed");
  const links = useItemLinks(meetingId, !sample);
  const targets = useSendTargets(editable);
  const send = useSend(meetingId);
  const people = useMeetingPeople(meetingId, !sample);
  const rowProps = (item: ActionItem) => ({
    owner: people.data?.itemOwners[item.id] ?? null,
    links: <ItemLinkBadges links={links.filter((l) => l.actionItemId === item.id)} />,
    actions:
      editable && item.status !== "completed" ? (
        <SendToMenu
          compact
          targets={targets}
          label={`Send to…: ${item.description}`}
          onPick={(t) => void send.one(item.id, t)}
          sentTo={links.filter((l) => l.actionItemId === item.id && l.status !== "failed").map((l) => l.provider)}
        />
      ) : null,
  });

  const handlers: ActionItemHandlers = {
    onToggle: (item, done) => toggle.mutate({ id: item.id, status: done ? "completed" : "pending" }),
    onUpdate: (item, input) => update.mutate({ id: item.id, input }),
    onDelete: (item) => remove.mutate(item.id),
  };

  return (
    <Card className={cn("gap-4", className)}>
      <Collapsible open={open} onOpenChange={setOpen}>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle as="h2" className="flex items-center gap-2">
              <ListChecks className="size-5 text-primary" aria-hidden="true" />
              Action Items
            </CardTitle>
            <CardDescription>
              {isLoading ? "Loading action items…" : `${plural(pending.length, "pending item")} · ${completed.length} completed`}
            </CardDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {editable && pending.length > 0 ? (
              <SendToMenu targets={targets} label="Send pending to…" onPick={(t) => void send.pending(t)} />
            ) : null}
            <Button
              variant="outline"
              size="sm"
              onClick={() => downloadText(actionItemsCsvName(title), actionItemsCsv(items))}
              disabled={isLoading}
              title={CSV_EXPORT_TITLE}
            >
              <Download aria-hidden="true" />
              Export to CSV
            </Button>
            {editable ? (
              <Button
                size="sm"
                onClick={() => {
                  setAdding(true);
                  setOpen(true);
                }}
                disabled={isLoading || adding}
              >
                <Plus aria-hidden="true" />
                Add Item
              </Button>
            ) : null}
            <CollapsibleTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={open ? "Collapse action items" : "Expand action items"}>
                <ChevronDown className={cn("transition-transform", open && "rotate-180")} aria-hidden="true" />
              </Button>
            </CollapsibleTrigger>
          </div>
        </CardHeader>
        <CollapsibleContent>
          <CardContent className="flex flex-col gap-4 px-4 pt-4 sm:px-6">
            {isLoading ? (
              <ActionItemsSkeleton />
            ) : (
              <>
                {adding && editable ? (
                  <ActionItemFields
                    label="New action item"
                    onCancel={() => setAdding(false)}
                    onSave={(input) => {
                      create.mutate(input);
                      setAdding(false);
                    }}
                  />
                ) : null}
                {pending.length ? (
                  <ul className="flex flex-col gap-2" aria-label="Pending action items">
                    {pending.map((item) => (
                      <ActionItemRow
                        key={item.id}
                        item={item}
                        editable={editable}
                        handlers={handlers}
                        onSeek={onSeek}
                        showStatus={statusBadges}
                        {...rowProps(item)}
                      />
                    ))}
                  </ul>
                ) : !adding ? (
                  <p className="py-4 text-center text-sm text-muted-foreground">No pending action items</p>
                ) : null}
                {completed.length ? (
                  <section className="flex flex-col gap-2" aria-labelledby={`completed-${meetingId}`}>
                    <h3 id={`completed-${meetingId}`} className="text-sm font-medium text-muted-foreground">
                      Completed ({completed.length})
                    </h3>
                    <ul className="flex flex-col gap-2">
                      {completed.map((item) => (
                        <ActionItemRow
                          key={item.id}
                          item={item}
                          editable={editable}
                          handlers={handlers}
                          onSeek={onSeek}
                          showStatus={statusBadges}
                          {...rowProps(item)}
                        />
                      ))}
                    </ul>
                  </section>
                ) : null}
              </>
            )}
          </CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

function ActionItemsSkeleton() {
  return (
    <div className="flex flex-col gap-2" data-testid="action-items-loading">
      {[0, 1, 2].map((n) => (
        <div key={n} className="flex items-start gap-3 rounded-lg border p-3">
          <Skeleton className="size-4" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
