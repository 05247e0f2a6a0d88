import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeft, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { MeetingDetail } from "./meetings-api";

/** Back to the dashboard, the meeting's title (the page's h1), sharing line and actions. */
export function MeetingHeader({
  meeting,
  actions,
  backTo = "/dashboard",
  backLabel = "Back to Dashboard",
  badge,
}: {
  meeting: MeetingDetail;
  actions?: ReactNode;
  backTo?: string;
  backLabel?: string;
  badge?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={backTo}>
            <ArrowLeft aria-hidden="true" />
            {backLabel}
          </Link>
        </Button>
      </div>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          {badge}
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{meeting.title || "Untitled Meeting"}</h1>
          <SharedLine meeting={meeting} />
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

export function SharedLine({ meeting, className }: { meeting: Pick<MeetingDetail, "isOwner" | "sharedVia">; className?: string }) {
  const share = meeting.sharedVia[0];
  if (meeting.isOwner || !share) return null;
  return (
    <p className={className ?? "inline-flex items-center gap-1.5 text-sm text-muted-foreground"}>
      <Users className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate">
        Shared by {share.sharedBy} · {share.teamName}
      </span>
    </p>
  );
}
