import { useState } from "react";
import { Info, RefreshCw, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NotesView } from "./NotesView";
import { EmptyNoticeText } from "./EmptyNoticeText";
import { emptyNotice } from "./empty-notice";
import { summaryDescription, summaryNoteParts } from "./meeting-facts";
import { hasTranscript, isInProgress, type MeetingDetail, type MeetingNotes } from "./meetings-api";

/** Notes with something in them to show. */
export function hasNotes(notes: MeetingNotes | null | undefined): notes is MeetingNotes {
  return !!notes && (notes.overview.trim() !== "" || notes.keyPoints.length > 0 || notes.decisions.length > 0);
}

export function SummaryCard({
  meeting,
  onRegenerate,
  regenerating = false,
  onOpen,
}: {
  meeting: MeetingDetail;
  /** A point's time was clicked: play from there and show the turn. */
  onOpen?: (seconds: number) => void;
  /** Starts a regenerate; resolves once the server accepted it. */
  onRegenerate?: () => Promise<unknown>;
  regenerating?: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const canRegenerate = onRegenerate && meeting.access === "owner" && hasTranscript(meeting) && !isInProgress(meeting.status);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            Summary
          </CardTitle>
          <CardDescription>{summaryDescription(meeting)}</CardDescription>
        </div>
        {canRegenerate ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={regenerating}>
              <RefreshCw className={regenerating ? "animate-spin" : undefined} aria-hidden="true" />
              Regenerate summary
            </Button>
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Regenerate the summary?"
              description="The summary, key points and decisions are written again from the transcript, replacing any edits to them. Action items you added, edited, completed or deleted stay as you left them (so do possible ones you accepted), and possible action items you dismissed are not suggested again; the other action items are found again."
              confirmLabel="Regenerate"
              onConfirm={onRegenerate!}
            />
          </>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {hasNotes(meeting.notes) ? (
          <NotesView notes={meeting.notes} onOpen={onOpen} />
        ) : (
          <EmptyNoticeText notice={emptyNotice(meeting, "summary")} />
        )}
        {meeting.summaryNote ? (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm text-muted-foreground">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <SummaryNote note={meeting.summaryNote} />
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Why the built-in notes are shown: the reason first, then what to do, on its own line. */
function SummaryNote({ note }: { note: string }) {
  const { lead, rest } = summaryNoteParts(note);
  return (
    <span className="flex flex-col gap-1">
      <span className="font-medium text-foreground">{lead}</span>
      {rest ? <span>{rest}</span> : null}
    </span>
  );
}
