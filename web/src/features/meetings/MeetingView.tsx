import { useRef } from 'react';
import { ActionItemsCard } from './ActionItemsCard';
import { MediaPlayer } from './MediaPlayer';
import { MeetingInfoCards } from './MeetingInfoCards';
import { MeetingStatusBanner } from './MeetingStatusBanner';
import { SummaryCard } from './SummaryCard';
import { TranscriptCard } from './TranscriptCard';
import type { MeetingDetail } from './meetings-api';

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
}: {
  meeting: MeetingDetail;
  /** Where the recording is served; no player without it. */
  mediaSrc?: string;
  onRetry?: () => void;
  retrying?: boolean;
  onRegenerate?: () => Promise<unknown>;
  regenerating?: boolean;
}) {
  const mediaRef = useRef<HTMLMediaElement>(null);
  const hasPlayer = Boolean(meeting.hasMedia && mediaSrc);
  const seek = hasPlayer
    ? (seconds: number) => {
        const media = mediaRef.current;
        if (!media) return;
        media.currentTime = seconds;
        void media.play().catch(() => {});
        media.scrollIntoView({ behavior: 'smooth', block: 'center' });
      }
    : undefined;

  return (
    <div className="flex flex-col gap-6">
      <MeetingStatusBanner meeting={meeting} onRetry={onRetry} retrying={retrying} />
      <MeetingInfoCards meeting={meeting} />
      <SummaryCard meeting={meeting} onRegenerate={onRegenerate} regenerating={regenerating} />
      {hasPlayer ? <MediaPlayer ref={mediaRef} src={mediaSrc!} video={meeting.hasVideo} /> : null}
      <ActionItemsCard meetingId={meeting.id} items={meeting.actionItems} access={meeting.access} onSeek={seek} />
      <TranscriptCard meeting={meeting} onSeek={seek} />
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
      {[transcript && `Transcript: ${transcript}`, summary && `Summary: ${summary}`].filter(Boolean).join(' · ')}
    </p>
  );
}
