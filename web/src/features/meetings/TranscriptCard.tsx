import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LocateFixed, MessageSquareText, Undo2, UserPen } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Switch } from "@/components/ui/switch";
import { TranscriptTurns } from "./TranscriptTurns";
import { RenameSpeakersDialog } from "./RenameSpeakersDialog";
import { isInProgress, meetingApi, speakersOf, useRereadOnRefusal, useStoreMeeting, type MeetingDetail } from "./meetings-api";
import { plural } from "./format";
import { EmptyNoticeText } from "./EmptyNoticeText";
import { emptyNotice } from "./empty-notice";
import { useVoiceSuggestions } from "../action-items/voices-api";

/** Keeps `index`'s turn in view inside the transcript's scroll area (never scrolls the page). */
function scrollTurnIntoView(root: HTMLElement | null, index: number, smooth: boolean) {
  const turn = root?.querySelector<HTMLElement>(`[data-turn="${index}"]`);
  const viewport = turn?.closest<HTMLElement>('[data-slot="scroll-area-viewport"]');
  if (!turn || !viewport) return;
  const top = turn.getBoundingClientRect().top - viewport.getBoundingClientRect().top + viewport.scrollTop;
  viewport.scrollTo({ top: Math.max(0, top - viewport.clientHeight / 3), behavior: smooth ? "smooth" : "auto" });
}

/**
 * Transcript (400px scroll area): speaker turns, or raw text, or the empty message. While the
 * recording plays the current turn is highlighted and kept in view until the reader scrolls
 * away ('Follow along' turns it back on); owners and team members correct turns in place.
 */
export function TranscriptCard({
  meeting,
  onSeek,
  activeIndex = null,
  focusIndex = null,
  focusKey,
}: {
  meeting: MeetingDetail;
  onSeek?: (seconds: number) => void;
  /** The turn being played. */
  activeIndex?: number | null;
  /** A turn to bring into view once (a search result's passage). */
  focusIndex?: number | null;
  /** Changes each time a moment is opened, so the same turn is brought into view again. */
  focusKey?: number;
}) {
  const speakers = speakersOf(meeting);
  const hasTurns = meeting.utterances.length > 0;
  const text = meeting.transcript?.trim();
  const [renaming, setRenaming] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  // Owners and team members; never guests or the read-only demo.
  const canChange = meeting.access !== "read" && hasTurns && !isInProgress(meeting.status);
  const canRename = canChange && speakers.length > 0;
  // Voices recognised from earlier meetings (decision 031): said here, confirmed in Rename speakers.
  const voices = useVoiceSuggestions(meeting.id, canRename).data ?? [];

  const [follow, setFollow] = useState(true);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (follow && activeIndex != null) scrollTurnIntoView(root.current, activeIndex, true);
  }, [follow, activeIndex]);
  useEffect(() => {
    if (focusIndex != null) scrollTurnIntoView(root.current, focusIndex, false);
  }, [focusIndex, focusKey]);
  // The reader scrolling the transcript themselves stops following.
  const stopFollowing = () => {
    if (activeIndex != null) setFollow(false);
  };

  const queryClient = useQueryClient();
  const storeMeeting = useStoreMeeting();
  const editsKey = ["meetings", "edits", meeting.id] as const;
  const edits = useQuery({ queryKey: editsKey, queryFn: () => meetingApi.turnEdits(meeting.id), enabled: canChange });
  const [editingIndex, setEditingIndex] = useState<number | null>(null);
  // Closing a turn's editor (saved, cancelled, Escape) gives focus back to that turn's edit
  // button; it went to the page's body, so a keyboard user lost their place in the transcript.
  const focusAfterEdit = useRef<number | null>(null);
  const closeEditor = () => {
    focusAfterEdit.current = editingIndex;
    setEditingIndex(null);
  };
  useEffect(() => {
    const index = focusAfterEdit.current;
    if (editingIndex !== null || index === null) return;
    focusAfterEdit.current = null;
    root.current?.querySelector<HTMLElement>(`[data-turn="${index}"] [data-edit-turn]`)?.focus();
  }, [editingIndex]);
  const rereadOnRefusal = useRereadOnRefusal(meeting.id);
  const afterChange = (updated: MeetingDetail) => {
    storeMeeting(updated);
    void queryClient.invalidateQueries({ queryKey: editsKey });
    void queryClient.invalidateQueries({ queryKey: ["search"] });
  };
  // The turn an undo restored, brought into view: scrolled away, only the toast told it happened.
  const [undone, setUndone] = useState<{ index: number; n: number } | null>(null);
  useEffect(() => {
    if (undone) scrollTurnIntoView(root.current, undone.index, true);
  }, [undone]);
  const undo = useMutation({
    // The variable is the turn the newest edit changed (the one the server undoes), when known.
    mutationFn: (_turn: number | undefined) => meetingApi.undoTurnEdit(meeting.id),
    onSuccess: (updated, turn) => {
      afterChange(updated);
      if (turn !== undefined) setUndone((u) => ({ index: turn, n: (u?.n ?? 0) + 1 }));
      toast.success("Edit undone");
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: editsKey });
      rereadOnRefusal(error);
      toast.error("Could not undo", { description: error.message });
    },
  });
  const save = useMutation({
    mutationFn: ({ index, change }: { index: number; change: { text?: string; speaker?: string } }) =>
      meetingApi.editTurn(meeting.id, index, change),
    onSuccess: (updated, { index }) => {
      afterChange(updated);
      closeEditor();
      toast.success("Transcript updated", { action: { label: "Undo", onClick: () => undo.mutate(index) } });
    },
    onError: (error) => {
      rereadOnRefusal(error);
      toast.error("Could not save the turn", { description: error.message });
    },
  });
  // Edits past the undo window stay in the history (who and when) but cannot be undone.
  const undoCount = edits.data?.edits.filter((e) => e.undoable).length ?? 0;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
            Transcript
          </CardTitle>
          {speakers.length ? (
            <CardDescription className="break-words">
              {plural(speakers.length, "speaker")}: {speakers.join(", ")}
            </CardDescription>
          ) : null}
          {canRename && voices.length ? (
            <p className="text-sm" data-testid="voice-hint">
              {voices[0]!.speaker} sounds like {voices[0]!.person.name}
              {voices.length > 1 ? ` (and ${plural(voices.length - 1, "more speaker")})` : ""}.{" "}
              <button type="button" className="font-medium text-primary underline underline-offset-2" onClick={() => setRenaming(true)}>
                Review in Rename speakers
              </button>
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {onSeek && hasTurns ? (
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              <Switch checked={follow} onCheckedChange={setFollow} aria-label="Follow along" />
              <span className="max-sm:sr-only">Follow along</span>
            </label>
          ) : null}
          {canChange && undoCount > 0 ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => undo.mutate(edits.data?.edits[0]?.turnIndex)}
              disabled={undo.isPending}
              aria-label={`Undo last transcript edit (${undoCount} can be undone)`}
              className="max-sm:size-8 max-sm:px-0"
            >
              <Undo2 aria-hidden="true" />
              <span className="max-sm:sr-only">Undo edit</span>
            </Button>
          ) : null}
          {canRename ? (
            <>
              <Button
                variant="outline"
                size="sm"
                ref={renameButton}
                onClick={() => setRenaming(true)}
                aria-label="Rename speakers"
                className="max-sm:size-8 max-sm:px-0"
              >
                <UserPen aria-hidden="true" />
                <span className="max-sm:sr-only">Rename speakers</span>
              </Button>
              <RenameSpeakersDialog meeting={meeting} open={renaming} onOpenChange={setRenaming} returnFocusTo={renameButton} />
            </>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="relative px-4 sm:px-6" ref={root}>
        {hasTurns || text ? (
          <div onWheel={stopFollowing} onTouchMove={stopFollowing}>
            <ScrollArea className="h-[400px] rounded-md border" viewportLabel="Transcript">
              <div className="p-2 sm:p-3">
                {hasTurns ? (
                  <TranscriptTurns
                    utterances={meeting.utterances}
                    onSeek={onSeek}
                    activeIndex={activeIndex ?? focusIndex}
                    editing={
                      canChange
                        ? {
                            editingIndex,
                            saving: save.isPending,
                            speakers,
                            onStart: setEditingIndex,
                            onSave: (index, change) => save.mutate({ index, change }),
                            onCancel: closeEditor,
                          }
                        : undefined
                    }
                  />
                ) : (
                  <p className="whitespace-pre-wrap break-words leading-relaxed">{text}</p>
                )}
              </div>
            </ScrollArea>
          </div>
        ) : (
          <EmptyNoticeText notice={emptyNotice(meeting, "transcript")} />
        )}
        {!follow && activeIndex != null ? (
          <Button
            size="sm"
            variant="secondary"
            className="absolute bottom-3 left-1/2 -translate-x-1/2 shadow"
            onClick={() => setFollow(true)}
          >
            <LocateFixed aria-hidden="true" />
            Back to the current turn
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}
