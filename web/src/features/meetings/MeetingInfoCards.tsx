import type { ReactNode } from "react";
import { Calendar, Clock, FileText, ListChecks } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { formatDetailDuration, formatLongDate } from "./format";
import { formatLabel, statusBadge } from "./meeting-facts";
import type { MeetingDetail } from "./meetings-api";

/** Date, Duration, Status (action-item count, once processed) and Format cards. */
export function MeetingInfoCards({ meeting }: { meeting: MeetingDetail }) {
  const status = statusBadge(meeting);
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Meeting information">
      <InfoCard icon={<Calendar aria-hidden="true" />} label="Date">
        {formatLongDate(meeting.recordedAt) || "Date not available"}
      </InfoCard>
      <InfoCard icon={<Clock aria-hidden="true" />} label="Duration">
        {formatDetailDuration(meeting.durationSeconds)}
      </InfoCard>
      <InfoCard icon={<ListChecks aria-hidden="true" />} label="Status">
        <Badge variant={status.tone}>{status.text}</Badge>
      </InfoCard>
      <InfoCard icon={<FileText aria-hidden="true" />} label="Format">
        {formatLabel(meeting)}
      </InfoCard>
    </ul>
  );
}

function InfoCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li>
      <Card className="h-full gap-2 py-4">
        <CardContent className="flex items-center gap-3 px-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-5">
            {icon}
          </span>
          <div className="flex min-w-0 flex-col gap-0.5">
            <p className="text-sm text-muted-foreground">{label}</p>
            <div className="truncate font-medium">{children}</div>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
