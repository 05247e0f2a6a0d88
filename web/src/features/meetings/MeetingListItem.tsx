import { AlertCircle, CalendarDays, CheckCircle2, Clock, ListTodo } from "lucide-react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { SharedLine } from "./MeetingHeader";
import { formatListDuration, formatLongDate, plural } from "./format";
import { isInProgress, type MeetingSummary } from "./meetings-api";

/** One entry of the dashboard list: title, date, duration and processing state. */
export function MeetingListItem({ meeting, selected, onSelect }: { meeting: MeetingSummary; selected: boolean; onSelect: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        className={cn(
          "flex w-full flex-col gap-1.5 rounded-lg border p-3 text-left transition-colors",
          "outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring",
          selected ? "border-primary bg-accent text-accent-foreground hover:bg-accent" : "bg-card",
        )}
      >
        <span className="break-words font-medium leading-snug">{meeting.title || "Untitled Meeting"}</span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            {formatLongDate(meeting.recordedAt)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {formatListDuration(meeting.durationSeconds)}
          </span>
        </span>
        <MeetingStateLine meeting={meeting} />
        <SharedLine meeting={meeting} className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground" />
      </button>
    </li>
  );
}

function MeetingStateLine({ meeting }: { meeting: MeetingSummary }) {
  if (isInProgress(meeting.status)) {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-primary">
        <Spinner className="size-3.5" />
        Processing
      </span>
    );
  }
  if (meeting.status === "failed") {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-destructive">
        <AlertCircle className="size-3.5" aria-hidden="true" />
        Error processing
      </span>
    );
  }
  // A tick reads as "done": it is shown only when nothing is left to do.
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
      {meeting.pendingCount > 0 ? (
        <ListTodo className="size-3.5" aria-hidden="true" data-icon="pending" />
      ) : (
        <CheckCircle2 className="size-3.5 text-success" aria-hidden="true" data-icon="done" />
      )}
      {plural(meeting.pendingCount, "pending item")}
    </span>
  );
}
