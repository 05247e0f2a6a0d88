import { useEffect, useRef, useState } from "react";
import { Check, ChevronDown, Download, ListChecks, Lightbulb, Plus, X } from "lucide-react";
import { toActionItemsCsv } from "../../../../contract/action-items-csv";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Skeleton } from "@/components/ui/skeleton";
import { ItemLinkBadges, SendToMenu, useItemLinks, useSend, useSendTargets } from "@/features/integrations/SendToMenu";
import { cn } from "@/lib/utils";
import { ActionItemFields } from "./ActionItemFields";
import { ActionItemRow, checkboxIdOf, type ActionItemHandlers } from "./ActionItemRow";
import { downloadText } from "./download";
import { actionItemsCsvName } from "./meeting-facts";
import { plural } from "./format";
import { acceptedItems, type ActionItem, type MeetingAccess } from "./meetings-api";
import { useActionItemMutations } from "./use-action-item-mutations";
import { neighbourId, useFocusAfterChange } from "./use-focus-after-change";
import { useMeetingPeople } from "../action-items/action-items-api";
import { formatDueDate, formatTimestamp, momentLabel } from "./format";

const TITLE_SELECTOR = "[data-focus-fallback]";

/** The export button's tooltip: what the file holds, and the formula protection a spreadsheet user may notice. */
export const CSV_EXPORT_TITLE =
  "Download the action items as CSV, named after the meeting (Task, Assignee, Due Date, Status). Cells that start with =, +, - or @ get a leading ' so spreadsheets show them as text, never run them as formulas.";

export function actionItemsCsv(items: ActionItem[]): string {
  // Possible action items are not action items until accepted: the file holds the accepted ones only.
  return toActionItemsCsv(
    acceptedItems(items).map((i) => ({
      task: i.description,
      assignee: i.assignee,
      dueDate: i.dueDate,
      completed: i.status === "completed",
    })),
  );
}

/**
 * The action items of one meeting (spec: "Reusable … action items card"): collapsible,
 * pending first, then 'Completed (n)'; add, edit, complete and delete where `access`
 * allows; CSV export always. "Possible action items" (the notes engine was unsure) are listed
 * apart, with one-click Accept and Dismiss for those who may edit; they count nowhere until accepted.
 */
export function ActionItemsCard({
  meetingId,
  title,
  sample = false,
  items: allItems,
  access,
  isLoading = false,
  onSeek,
  seekPlays = true,
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
  /** Whether `onSeek` plays the recording ('Play from') or, with no player, shows the turn ('Open the moment at'). */
  seekPlays?: boolean;
  /** Each item's status as the spec's badge ('pending' / 'completed'; the meeting page's table). */
  statusBadges?: boolean;
  className?: string;
}) {
  const [open, setOpen] = useState(true);
  const [adding, setAdding] = useState(false);
  // Closing the new item's form gives focus back to Add Item (the form that had it is gone).
  const addButton = useRef<HTMLButtonElement>(null);
  const refocusAdd = useRef(false);
  const closeAdding = () => {
    refocusAdd.current = true;
    setAdding(false);
  };
  useEffect(() => {
    if (adding || !refocusAdd.current) return;
    refocusAdd.current = false;
    addButton.current?.focus();
  }, [adding]);
  const { toggle, update, create, remove, accept, dismiss } = useActionItemMutations(meetingId);
  const editable = access !== "read";
  const items = acceptedItems(allItems);
  const possible = allItems.filter((i) => i.suggested);
  const pending = items.filter((i) => i.status !== "completed");
  const completed = items.filter((i) => i.status === "completed");
  const cardRef = useRef<HTMLDivElement>(null);
  const focusAfter = useFocusAfterChange(cardRef, allItems);
  const links = useItemLinks(meetingId, !sample);
  const targets = useSendTargets(editable);
  const send = useSend(meetingId);
  const people = useMeetingPeople(meetingId, !sample);
  const rowProps = (item: ActionItem) => ({
    owner: people.data?.itemOwners[item.id] ?? null,
    pickOwner: !sample,
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

  // Where keyboard focus goes when the pressed control leaves the list (see useFocusAfterChange): the same item
  // in its new list, the next item (else the previous one), else the card's title.
  const checkbox = (id: string) => `#${CSS.escape(checkboxIdOf(id))}`;
  const handlers: ActionItemHandlers = {
    onToggle: (item, done) => {
      focusAfter(checkbox(item.id));
      toggle.mutate({ id: item.id, status: done ? "completed" : "pending" });
    },
    onUpdate: (item, input) => update.mutate({ id: item.id, input }),
    onDelete: (item) => {
      const next = neighbourId(
        [...pending, ...completed].map((i) => i.id),
        item.id,
      );
      focusAfter(...(next ? [checkbox(next)] : []), TITLE_SELECTOR);
      remove.mutate(item.id);
    },
  };
  const onAccept = (item: ActionItem) => {
    const next = neighbourId(
      possible.map((i) => i.id),
      item.id,
    );
    focusAfter(...(next ? [`[data-accept="${next}"]`] : []), checkbox(item.id));
    accept.mutate(item.id);
  };
  const onDismiss = (item: ActionItem) => {
    const next = neighbourId(
      possible.map((i) => i.id),
      item.id,
    );
    focusAfter(...(next ? [`[data-dismiss="${next}"]`] : []), TITLE_SELECTOR);
    dismiss.mutate(item.id);
  };

  return (
    <Card ref={cardRef} className={cn("gap-4", className)}>
      <Collapsible open={open} onOpenChange={setOpen}>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle as="h2" className="flex items-center gap-2 outline-none" tabIndex={-1} data-focus-fallback>
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
                ref={addButton}
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
                    onCancel={closeAdding}
                    onSave={(input) => {
                      create.mutate(input);
                      closeAdding();
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
                        seekPlays={seekPlays}
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
                          seekPlays={seekPlays}
                          showStatus={statusBadges}
                          {...rowProps(item)}
                        />
                      ))}
                    </ul>
                  </section>
                ) : null}
                {possible.length ? (
                  <PossibleItems
                    meetingId={meetingId}
                    items={possible}
                    editable={editable && !sample}
                    onAccept={onAccept}
                    onDismiss={onDismiss}
                    onSeek={onSeek}
                    seekPlays={seekPlays}
                  />
                ) : null}
              </>
            )}
          </CardContent>
        </CollapsibleContent>
      </Collapsible>
    </Card>
  );
}

/** Work the notes engine was unsure of: accepted, it becomes an action item; dismissed, it is gone for good. */
function PossibleItems({
  meetingId,
  items,
  editable,
  onAccept,
  onDismiss,
  onSeek,
  seekPlays,
}: {
  meetingId: string;
  items: ActionItem[];
  editable: boolean;
  onAccept: (item: ActionItem) => void;
  onDismiss: (item: ActionItem) => void;
  onSeek?: (seconds: number) => void;
  seekPlays: boolean;
}) {
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-dashed p-3"
      aria-labelledby={`possible-${meetingId}`}
      data-testid="possible-action-items"
    >
      <div className="flex flex-col gap-0.5">
        <h3 id={`possible-${meetingId}`} className="flex items-center gap-1.5 text-sm font-medium">
          <Lightbulb className="size-4 text-muted-foreground" aria-hidden="true" />
          Possible action items ({items.length})
        </h3>
        <p className="text-xs text-muted-foreground">
          {editable
            ? "The notes were not sure these are tasks. Accept one to make it an action item, or dismiss it."
            : "The notes were not sure these are tasks; the meeting's owner or team members may accept or dismiss them."}
        </p>
      </div>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-2 rounded-md bg-muted/50 p-2.5 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-0.5">
              <span className="break-words text-sm">{item.description}</span>
              <span className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
                <span>{item.assignee || "Not assigned"}</span>
                {/* "Due": a bare date here read as when it was said. */}
                {item.dueDate ? <span className="whitespace-nowrap">Due {formatDueDate(item.dueDate)}</span> : null}
                {onSeek && item.sourceStart != null ? (
                  <button
                    type="button"
                    onClick={() => onSeek(item.sourceStart!)}
                    className="font-mono text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={momentLabel(item.sourceStart, seekPlays)}
                  >
                    {formatTimestamp(item.sourceStart)}
                  </button>
                ) : null}
              </span>
            </div>
            {editable ? (
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onAccept(item)}
                  aria-label={`Accept: ${item.description}`}
                  data-accept={item.id}
                >
                  <Check aria-hidden="true" />
                  Accept
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onDismiss(item)}
                  aria-label={`Dismiss: ${item.description}`}
                  data-dismiss={item.id}
                >
                  <X aria-hidden="true" />
                  Dismiss
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
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
