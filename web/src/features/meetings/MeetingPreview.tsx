import { Link } from "react-router";
import { AlertCircle, CheckCircle2, ExternalLink, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ActionItemsCard } from "./ActionItemsCard";
import { MeetingStatusBanner } from "./MeetingStatusBanner";
import { NotesView } from "./NotesView";
import { hasNotes } from "./SummaryCard";
import { TranscriptTurns } from "./TranscriptTurns";
import { formatListDuration, formatLongDate, plural } from "./format";
import { isInProgress, speakersOf, useMeetingQuery, type MeetingDetail, type MeetingStatus, type MeetingSummary } from "./meetings-api";
import { useMeetingEvents } from "./use-meeting-events";
import { EmptyNoticeText } from "./EmptyNoticeText";
import { emptyNotice } from "./empty-notice";

/** The dashboard's right column: Summary, Action Items and Transcript of the selected meeting. */
export function MeetingPreview({ summary }: { summary: MeetingSummary }) {
  const query = useMeetingQuery(summary.id);
  const meeting = query.data;
  useMeetingEvents(summary.id, Boolean(meeting && isInProgress(meeting.status)));
  // The open meeting is fresher than the list entry (it follows processing live).
  const status = meeting?.status ?? summary.status;
  const speakerCount = speakersOf(meeting ?? { utterances: [], speakers: summary.speakers }).length;
  // A finished meeting always shows its count (0 too); one still processing has no speakers yet.
  const participants = speakerCount > 0 || status === "completed" ? speakerCount : null;

  return (
    <Card className="gap-4" aria-labelledby="meeting-preview-title">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle as="h2" id="meeting-preview-title" className="break-words text-xl">
            {summary.title || "Untitled Meeting"}
          </CardTitle>
          <CardDescription>
            {formatLongDate(summary.recordedAt)} · {formatListDuration(summary.durationSeconds)}
            {participants != null ? <> · {plural(participants, "participant")}</> : null}
          </CardDescription>
          <ProcessingBadge status={status} />
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
                title={summary.title}
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

/** The card's state badge: the spec's 'Processed' once done; the list's own words otherwise. */
function ProcessingBadge({ status }: { status: MeetingStatus }) {
  if (status === "completed")
    return (
      <Badge variant="success">
        <CheckCircle2 aria-hidden="true" />
        Processed
      </Badge>
    );
  if (status === "failed")
    return (
      <Badge variant="destructive">
        <AlertCircle aria-hidden="true" />
        Error processing
      </Badge>
    );
  return (
    <Badge variant="secondary">
      <Spinner className="size-3" />
      Processing
    </Badge>
  );
}

function PreviewSummary({ meeting }: { meeting: MeetingDetail }) {
  const speakers = speakersOf(meeting);
  return (
    <div className="flex flex-col gap-4">
      <MeetingStatusBanner meeting={meeting} />
      {hasNotes(meeting.notes) ? <NotesView notes={meeting.notes} /> : <EmptyNoticeText notice={emptyNotice(meeting, "summary")} />}
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
  // The banner with the failure's reason is on the Summary tab; here the note carries it.
  else
    body = (
      <EmptyNoticeText notice={emptyNotice(meeting, "transcript", { place: "preview", withReason: true })} className="py-12 text-center" />
    );
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
