import { useEffect, useRef, useState } from "react";
import { ActionItemsCard } from "./ActionItemsCard";
import { MediaPlayer } from "./MediaPlayer";
import { MeetingInfoCards } from "./MeetingInfoCards";
import { MeetingStatusBanner } from "./MeetingStatusBanner";
import { AskBox } from "../ask/AskBox";
import { SummaryCard } from "./SummaryCard";
import { TranscriptCard } from "./TranscriptCard";
import type { MeetingDetail } from "./meetings-api";
import { turnAt, usePlaybackTime, usePlayerKeys } from "./use-playback";

/**
 * The body of a meeting: status banner, info cards, summary, player, action items,
 * transcript and the engines used. Shared by the meeting page and the demo page.
 */
export function MeetingView({
  meeting,
  mediaSrc,
  onRetry,
  retrying,
  onRegenerate,
  regenerating,
  startAt,
  sample = false,
}: {
  meeting: MeetingDetail;
  /** The demo's sample meeting (/demo): rendered from an object, so nothing is asked of the server. */
  sample?: boolean;
  /** Where the recording is served; no player without it. */
  mediaSrc?: string;
  onRetry?: () => void;
  retrying?: boolean;
  onRegenerate?: () => Promise<unknown>;
  regenerating?: boolean;
  /**
   * Open at a moment (a search result, an Ask citation): play from `seconds` and show turn
   * `turn`. A new `key` (another navigation, even to the same address) opens it again.
   */
  startAt?: { seconds: number | null; turn: number | null; key?: string };
}) {
  const mediaRef = useRef<HTMLMediaElement>(null);
  const hasPlayer = Boolean(meeting.hasMedia && mediaSrc);
  const seek = hasPlayer
    ? (seconds: number) => {
        const media = mediaRef.current;
        if (!media) return;
        media.currentTime = seconds;
        void media.play().catch(() => {});
      }
    : undefined;
  // From an action item far down the page: bring the player into view too.
  const seekAndShow = seek
    ? (seconds: number) => {
        seek(seconds);
        mediaRef.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      }
    : undefined;
  const time = usePlaybackTime(mediaRef, hasPlayer);
  usePlayerKeys(mediaRef, hasPlayer);
  const activeIndex = time == null ? null : turnAt(meeting.utterances, time);

  // A search result opens the meeting at its passage: seek there and play once the media can.
  const startSeconds = startAt?.seconds ?? null;
  const startKey = startAt?.key;
  useEffect(() => {
    const media = mediaRef.current;
    if (!hasPlayer || !media || startSeconds == null) return;
    const start = () => {
      media.currentTime = startSeconds;
      void media.play().catch(() => {});
    };
    if (media.readyState >= 1) start();
    else {
      media.addEventListener("loadedmetadata", start, { once: true });
      return () => media.removeEventListener("loadedmetadata", start);
    }
  }, [hasPlayer, startSeconds, startKey]);
  // A note's time (key point or decision) opens its moment: plays from there and shows the turn in the transcript.
  const [opened, setOpened] = useState<{ turn: number | null; n: number } | null>(null);
  const openMoment = (seconds: number) => {
    seek?.(seconds);
    setOpened((o) => ({ turn: turnAt(meeting.utterances, seconds), n: (o?.n ?? 0) + 1 }));
  };
  const startTurn = startAt?.turn ?? (startSeconds != null ? turnAt(meeting.utterances, startSeconds) : null);
  // Each navigation to a moment (a citation in this page's Ask box too) opens it, also after a
  // note's time was opened and when it is the same moment again.
  useEffect(() => {
    if (startKey !== undefined) setOpened((o) => ({ turn: startTurn, n: (o?.n ?? 0) + 1 }));
    // Only a new navigation opens the moment; new turns (an edit) must not scroll the page.
  }, [startKey]);
  const focusIndex = opened ? opened.turn : startTurn;
  const transcriptCard = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIndex != null) transcriptCard.current?.scrollIntoView({ block: "start" });
  }, [focusIndex, opened?.n]);

  return (
    <div className="flex flex-col gap-6">
      <MeetingStatusBanner meeting={meeting} onRetry={onRetry} retrying={retrying} />
      <MeetingInfoCards meeting={meeting} />
      <SummaryCard meeting={meeting} onRegenerate={onRegenerate} regenerating={regenerating} onOpen={openMoment} />
      {meeting.status === "completed" && !sample ? <AskBox meetingId={meeting.id} /> : null}
      {hasPlayer ? <MediaPlayer ref={mediaRef} src={mediaSrc!} video={meeting.hasVideo} /> : null}
      {/* Spec: the action items show "only if any exist"; a reader who may add one still gets the card to add it. */}
      {meeting.actionItems.length > 0 || meeting.access !== "read" ? (
        <ActionItemsCard
          meetingId={meeting.id}
          title={meeting.title}
          sample={sample}
          items={meeting.actionItems}
          access={meeting.access}
          // With no recording (a transcript import) an item's time still opens its moment, in the transcript.
          onSeek={seekAndShow ?? openMoment}
          seekPlays={hasPlayer}
          statusBadges
        />
      ) : null}
      <div ref={transcriptCard} className="scroll-mt-20">
        <TranscriptCard meeting={meeting} onSeek={seek} activeIndex={activeIndex} focusIndex={focusIndex} focusKey={opened?.n} />
      </div>
      <EnginesLine meeting={meeting} />
    </div>
  );
}

function EnginesLine({ meeting }: { meeting: MeetingDetail }) {
  const engine = (name: string | null, model: string | null) => (name ? (model ? `${name}/${model}` : name) : null);
  const transcript = engine(meeting.transcriptEngine, meeting.transcriptModel);
  const summary = engine(meeting.summaryEngine, meeting.summaryModel);
  if (!transcript && !summary) return null;
  return (
    <p className="break-words text-xs text-muted-foreground">
      {[transcript && `Transcript: ${transcript}`, summary && `Summary: ${summary}`].filter(Boolean).join(" · ")}
    </p>
  );
}
