import { Link, useLocation, useParams, useSearchParams } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, FileQuestion } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { PageContainer } from "@/components/layout/PageHeader";
import { isApiError } from "@/lib/api";
import { MeetingActionsMenu } from "./MeetingActionsMenu";
import { MeetingHeader } from "./MeetingHeader";
import { MeetingView } from "./MeetingView";
import { PublicLinksButton } from "../public/PublicLinksDialog";
import { ShareMeetingButton } from "./ShareMeetingButton";
import { ShareWithTeamMenu } from "@/features/teams/ShareWithTeamMenu";
import { isInProgress, meetingApi, meetingKeys, useMeetingQuery, useStoreMeeting, type MeetingDetail } from "./meetings-api";
import { useMeetingEvents } from "./use-meeting-events";
import { meetingPageHint } from "./meeting-page-hint";
import { stepLabel } from "./MeetingStatusBanner";

/** /meetings/:id — one meeting in full. */
export default function MeetingPage() {
  const { id } = useParams<{ id: string }>();
  const query = useMeetingQuery(id);
  const meeting = query.data;
  const hint = meetingPageHint(useLocation().state);
  useMeetingEvents(id, Boolean(meeting && isInProgress(meeting.status)));

  if (!id || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    return <MeetingProblem title="Meeting not found" text="The requested meeting could not be found." notFound />;
  }
  if (query.isError) {
    return <MeetingProblem title="Error loading meeting details" text="We couldn't load the meeting data. Please try again later." />;
  }
  if (!meeting) return <MeetingSkeleton title={hint?.title} step={hint?.step} />;
  return <LoadedMeeting meeting={meeting} />;
}

/**
 * ?t=seconds&turn=index (a search result, an Ask citation): where to open the meeting. `key` is
 * the navigation's, so a citation clicked on this same page opens its moment again each time.
 */
function useStartAt() {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const num = (name: string) => {
    const v = params.get(name);
    const n = v === null || v === "" ? NaN : Number(v);
    return Number.isFinite(n) && n >= 0 ? n : null;
  };
  const seconds = num("t");
  const turn = num("turn");
  return seconds === null && turn === null ? undefined : { seconds, turn: turn === null ? null : Math.floor(turn), key };
}

function LoadedMeeting({ meeting }: { meeting: MeetingDetail }) {
  const startAt = useStartAt();
  const queryClient = useQueryClient();
  const storeMeeting = useStoreMeeting();
  const retry = useMutation({
    mutationFn: () => meetingApi.retry(meeting.id),
    onSuccess: (updated) => {
      storeMeeting(updated);
      toast.success("Processing restarted");
    },
    onError: (error) => toast.error("Processing failed", { description: error.message }),
  });
  const regenerate = useMutation({
    mutationFn: () => meetingApi.summarize(meeting.id),
    onSuccess: (updated) => {
      storeMeeting(updated);
      toast.success("Regenerating the summary");
    },
    onError: (error) => toast.error("Failed to regenerate summary", { description: error.message }),
  });

  return (
    <PageContainer className="flex flex-col gap-6">
      <MeetingHeader
        meeting={meeting}
        actions={
          <>
            <ShareMeetingButton />
            {meeting.isOwner ? (
              <ShareWithTeamMenu
                meetingId={meeting.id}
                sharedTeamIds={meeting.sharedVia.map((s) => s.teamId)}
                onChanged={() => {
                  void queryClient.invalidateQueries({ queryKey: meetingKeys.detail(meeting.id) });
                  void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
                }}
              />
            ) : null}
            {meeting.isOwner ? <PublicLinksButton meetingId={meeting.id} hasRecording={meeting.hasMedia} /> : null}
            <MeetingActionsMenu meeting={meeting} />
          </>
        }
      />
      <MeetingView
        meeting={meeting}
        mediaSrc={meetingApi.mediaUrl(meeting.id)}
        onRetry={() => retry.mutate()}
        retrying={retry.isPending}
        onRegenerate={() => regenerate.mutateAsync()}
        regenerating={regenerate.isPending}
        startAt={startAt}
      />
    </PageContainer>
  );
}

function MeetingProblem({ title, text, notFound = false }: { title: string; text: string; notFound?: boolean }) {
  const Icon = notFound ? FileQuestion : AlertTriangle;
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
        <Icon className={notFound ? "size-12 text-muted-foreground" : "size-12 text-destructive"} aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{text}</p>
        <Button asChild>
          <Link to="/dashboard">Return to Dashboard</Link>
        </Button>
      </div>
    </PageContainer>
  );
}

/** While the details load; a meeting just uploaded shows its title and step (the form knew them). */
function MeetingSkeleton({ title, step }: { title?: string; step?: string | null }) {
  return (
    <PageContainer className="flex flex-col gap-6">
      {title ? (
        <>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground" role="status">
            Processing: {stepLabel(step ?? null)}…
          </p>
        </>
      ) : (
        <>
          <p className="sr-only" role="status">
            Loading meeting…
          </p>
          <Skeleton className="h-8 w-40" />
          <Skeleton className="h-9 w-2/3" />
        </>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} className="h-[74px] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
      <Skeleton className="h-[400px] rounded-xl" />
    </PageContainer>
  );
}
