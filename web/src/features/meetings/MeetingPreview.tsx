import { Link } from "react-router";
import { ExternalLink, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ActionItemsCard } from "./ActionItemsCard";
import { MeetingStatusBanner } from "./MeetingStatusBanner";
import { SummaryText } from "./SummaryText";
import { TranscriptTurns } from "./TranscriptTurns";
import { formatListDuration, formatLongDate } from "./format";
import { isInProgress, speakersOf, useMeetingQuery, type MeetingDetail, type MeetingSummary } from "./meetings-api";
import { useMeetingEvents } from "./use-meeting-events";
import { emptyNotice } from "./empty-notice";

/** The dashboard's right column: Summary, Action Items and Transcript of the selected meeting. */
export function MeetingPreview({ summary }: { summary: MeetingSummary }) {
  const query = useMeetingQuery(summary.id);
  const meeting = query.data;
  useMeetingEvents(summary.id, Boolean(meeting && isInProgress(meeting.status)));

  return (
    <Card className="gap-4" aria-labelledby="meeting-preview-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle as="h2" id="meeting-preview-title" className="break-words text-xl">
            {summary.title || "Untitled Meeting"}
          </CardTitle>
          <CardDescription>
            {formatLongDate(summary.recordedAt)} · {formatListDuration(summary.durationSeconds)}
          </CardDescription>
        </div>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to={`/meetings/${summary.id}`}>
            <ExternalLink aria-hidden="true" />
            Open meeting
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="summary">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="summary">Summary</TabsTrigger>
            <TabsTrigger value="action-items">Action Items</TabsTrigger>
            <TabsTrigger value="transcript">Transcript</TabsTrigger>
          </TabsList>
          <TabsContent value="summary">
            {meeting ? <PreviewSummary meeting={meeting} /> : query.isError ? <LoadError /> : <PreviewSkeleton />}
          </TabsContent>
          <TabsContent value="action-items">
            {query.isError ? (
              <LoadError />
            ) : (
              <ActionItemsCard
                meetingId={summary.id}
                items={meeting?.actionItems ?? []}
                access={meeting?.access ?? "read"}
                isLoading={!meeting}
                className="shadow-none"
              />
            )}
          </TabsContent>
          <TabsContent value="transcript">
            {meeting ? <PreviewTranscript meeting={meeting} /> : query.isError ? <LoadError /> : <PreviewSkeleton />}
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function PreviewSummary({ meeting }: { meeting: MeetingDetail }) {
  const speakers = speakersOf(meeting);
  return (
    <div className="flex flex-col gap-4">
      <MeetingStatusBanner meeting={meeting} />
      {meeting.summary?.trim() ? (
        <SummaryText text={meeting.summary} />
      ) : (
        <p className="text-muted-foreground">{emptyNotice(meeting, "summary")}</p>
      )}
      {speakers.length ? (
        <div className="flex flex-col gap-2">
          <h3 className="flex items-center gap-2 text-sm font-medium">
            <Users className="size-4 text-muted-foreground" aria-hidden="true" />
            Participants ({speakers.length})
          </h3>
          <ul className="flex flex-wrap gap-2">
            {speakers.map((name) => (
              <li key={name} className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
                {name}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

function PreviewTranscript({ meeting }: { meeting: MeetingDetail }) {
  let body;
  if (meeting.utterances.length) body = <TranscriptTurns utterances={meeting.utterances} />;
  else if (isInProgress(meeting.status))
    body = (
      <p className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner />
        Processing transcript...
      </p>
    );
  else if (meeting.transcript?.trim()) body = <p className="whitespace-pre-wrap break-words leading-relaxed">{meeting.transcript}</p>;
  else body = <p className="py-12 text-center text-muted-foreground">{emptyNotice(meeting, "transcript")}</p>;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold">Full Transcript</h3>
      <ScrollArea className="h-[500px] rounded-md border" viewportLabel="Full Transcript">
        <div className="p-4">{body}</div>
      </ScrollArea>
    </div>
  );
}

function PreviewSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-hidden="true">
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}

function LoadError() {
  return <p className="text-destructive">We couldn't load the meeting data. Please try again later.</p>;
}
