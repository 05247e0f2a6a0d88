import { AlertTriangle, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { MissingModelsHelp } from "@/features/models/MissingModelsHelp";
import { isMissingModelsError } from "@/features/models/models-api";
import { isInProgress, type MeetingDetail } from "./meetings-api";

const STEP_LABELS: Record<string, string> = {
  upload: "Uploading",
  prepare: "Preparing the recording",
  download: "Downloading the recording",
  transcribe: "Transcribing",
  diarize: "Identifying speakers",
  summarize: "Writing the summary",
};

export function stepLabel(step: string | null): string {
  if (!step) return "Processing";
  return STEP_LABELS[step] ?? step.charAt(0).toUpperCase() + step.slice(1).replace(/[-_]/g, " ");
}

/** Live processing progress, or the failure with a retry for the owner. */
export function MeetingStatusBanner({
  meeting,
  onRetry,
  retrying = false,
}: {
  meeting: MeetingDetail;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  if (isInProgress(meeting.status)) {
    const progress = Math.round(Math.max(0, Math.min(100, meeting.progress)));
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-accent-foreground">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="inline-flex items-center gap-2 font-medium">
            <Spinner />
            {meeting.status === "uploading" ? "Uploading" : "Processing"}: {meeting.stepDetail || stepLabel(meeting.step)}…
          </span>
          <span className="tabular-nums">{progress}%</span>
        </div>
        <Progress value={progress} aria-label="Processing progress" />
      </div>
    );
  }
  if (meeting.status === "failed") {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <AlertTitle>Processing failed</AlertTitle>
        <AlertDescription>
          <p className="break-words">{meeting.error || "Something went wrong while processing this meeting."}</p>
          {isMissingModelsError(meeting.error) ? <MissingModelsHelp /> : null}
          {onRetry && meeting.access === "owner" && meeting.canRetry ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
              <RotateCcw aria-hidden="true" />
              Retry processing
            </Button>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}
