import { useEffect, useRef, useState, type ReactNode } from "react";
import { CalendarDays, Pencil, PlayCircle, Trash2, User } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/utils";
import { OwnerPicker, type ItemOwner } from "../action-items/OwnerPicker";
import { PersonAvatar } from "../action-items/PersonAvatar";
import { ActionItemFields } from "./ActionItemFields";
import { formatDueDate, formatTimestamp, momentLabel } from "./format";
import type { ActionItem, ActionItemInput } from "./meetings-api";

export interface ActionItemHandlers {
  onToggle: (item: ActionItem, completed: boolean) => void;
  onUpdate: (item: ActionItem, input: ActionItemInput) => void;
  onDelete: (item: ActionItem) => void;
}

/** The id of an item's checkbox (its task text is the checkbox's label). */
export const checkboxIdOf = (itemId: string) => `action-item-${itemId}`;

/** One action item: checkbox, task, owner, due date; Edit (pending only) and Delete on hover/focus. */
export function ActionItemRow({
  item,
  editable,
  handlers,
  onSeek,
  seekPlays = true,
  links,
  actions,
  showStatus = false,
  owner,
  pickOwner = false,
}: {
  item: ActionItem;
  /** The person who owns it (a linked member shows their picture or initials). */
  owner?: ItemOwner | null;
  /** Offer the owner menu (team members and contacts) to those who may edit; never on the sample meeting. */
  pickOwner?: boolean;
  editable: boolean;
  /** Show the status badge beside the checkbox. */
  showStatus?: boolean;
  handlers: ActionItemHandlers;
  onSeek?: (seconds: number) => void;
  /** Whether `onSeek` plays the recording; without a player it shows the turn in the transcript. */
  seekPlays?: boolean;
  /** Where the item was sent (integrations' badges). */
  links?: ReactNode;
  /** Extra buttons beside Edit and Delete ("Send to …"). */
  actions?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const completed = item.status === "completed";
  const saving = item.id.startsWith("new-");
  // Closing the editor (Save, Cancel, Escape) gives focus back to the Edit button that opened it; it fell to the
  // page's body before, as the form it was in is gone.
  const editButton = useRef<HTMLButtonElement>(null);
  const refocusEdit = useRef(false);
  const closeEditor = () => {
    refocusEdit.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editButton.current?.focus();
  }, [editing]);

  if (editing && editable && !completed) {
    return (
      <li>
        <ActionItemFields
          label={`Edit action item: ${item.description}`}
          initial={{ description: item.description, assignee: item.assignee, dueDate: item.dueDate }}
          onCancel={closeEditor}
          onSave={(input) => {
            handlers.onUpdate(item, input);
            closeEditor();
          }}
        />
      </li>
    );
  }

  const checkboxId = checkboxIdOf(item.id);
  return (
    <li
      data-testid="action-item"
      data-status={item.status}
      className="group flex flex-wrap items-start gap-3 rounded-lg border p-3 transition-colors hover:bg-muted/50 focus-within:bg-muted/50 sm:flex-nowrap"
    >
      <Checkbox
        id={checkboxId}
        className="mt-0.5"
        checked={completed}
        disabled={!editable || saving}
        onCheckedChange={(checked) => handlers.onToggle(item, checked === true)}
        aria-label={`${completed ? "Mark as pending" : "Mark as completed"}: ${item.description}`}
      />
      {/* Beside the checkbox where there is room; on a phone it joins the line under the task. */}
      {showStatus ? <StatusBadge completed={completed} className="max-sm:hidden" /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label
          htmlFor={checkboxId}
          className={cn("break-words font-medium leading-snug", completed && "text-muted-foreground line-through")}
        >
          {item.description}
        </label>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          {pickOwner && editable && !saving ? (
            <span className="inline-flex min-w-0 max-w-full items-center">
              <span className="sr-only">Assignee: </span>
              <OwnerPicker item={item} owner={owner ?? null} />
            </span>
          ) : (
            <span className="inline-flex items-center gap-1">
              {owner?.kind === "user" ? (
                <PersonAvatar name={owner.name} image={owner.image} />
              ) : (
                <User className="size-3.5" aria-hidden="true" />
              )}
              <span className="sr-only">Assignee: </span>
              {owner && owner.name !== item.assignee ? (
                <span title={item.assignee ? `Said as “${item.assignee}”` : undefined} data-testid="action-item-owner">
                  {owner.name}
                </span>
              ) : (
                <span data-testid="action-item-owner">{item.assignee || "Not assigned"}</span>
              )}
            </span>
          )}
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Due: </span>
            {item.dueDate ? formatDueDate(item.dueDate) : "No deadline"}
          </span>
          {showStatus ? <StatusBadge completed={completed} className="sm:hidden" /> : null}
          {onSeek && item.sourceStart != null ? (
            <button
              type="button"
              onClick={() => onSeek(item.sourceStart!)}
              className="inline-flex items-center gap-1 rounded font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={momentLabel(item.sourceStart, seekPlays)}
            >
              <PlayCircle className="size-3.5" aria-hidden="true" />
              {formatTimestamp(item.sourceStart)}
            </button>
          ) : null}
        </div>
        {links}
      </div>
      {editable && !saving ? (
        // On a phone the buttons get a line of their own, always shown: beside the task they took a third of
        // its width (even while hidden) and squeezed it into a narrow column.
        <div className="flex shrink-0 gap-1 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100 has-[[data-state=open]]:opacity-100 max-sm:basis-full max-sm:justify-end max-sm:opacity-100 [@media(hover:none)]:opacity-100">
          {actions}
          {!completed ? (
            <Button
              ref={editButton}
              variant="ghost"
              size="icon-sm"
              onClick={() => setEditing(true)}
              aria-label={`Edit: ${item.description}`}
            >
              <Pencil aria-hidden="true" />
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => handlers.onDelete(item)}
            aria-label={`Delete: ${item.description}`}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The spec's status badge: 'pending' (anything not completed) or 'completed'. */
function StatusBadge({ completed, className }: { completed: boolean; className?: string }) {
  return (
    <Badge variant={completed ? "success" : "secondary"} data-testid="action-item-status" className={className}>
      <span className="sr-only">Status: </span>
      {completed ? "completed" : "pending"}
    </Badge>
  );
}
