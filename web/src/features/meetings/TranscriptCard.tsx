import { useState } from 'react';
import { MessageSquareText, UserPen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollArea } from '@/components/ui/scroll-area';
import { TranscriptTurns } from './TranscriptTurns';
import { RenameSpeakersDialog } from './RenameSpeakersDialog';
import { isInProgress, speakersOf, type MeetingDetail } from './meetings-api';
import { plural } from './format';
import { emptyNotice } from './empty-notice';

/** Transcript (400px scroll area): speaker turns, or raw text, or the empty message. */
export function TranscriptCard({ meeting, onSeek }: { meeting: MeetingDetail; onSeek?: (seconds: number) => void }) {
  const speakers = speakersOf(meeting);
  const hasTurns = meeting.utterances.length > 0;
  const text = meeting.transcript?.trim();
  const [renaming, setRenaming] = useState(false);
  // Owners and team members; never guests or the read-only demo.
  const canRename = meeting.access !== 'read' && hasTurns && speakers.length > 0 && !isInProgress(meeting.status);
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3 px-4 sm:px-6">
        <div className="flex min-w-0 flex-col gap-1.5">
          <CardTitle as="h2" className="flex items-center gap-2">
            <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
            Transcript
          </CardTitle>
          {speakers.length ? (
            <CardDescription className="break-words">
              {plural(speakers.length, 'speaker')}: {speakers.join(', ')}
            </CardDescription>
          ) : null}
        </div>
        {canRename ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label="Rename speakers" className="max-sm:size-8 max-sm:px-0">
              <UserPen aria-hidden="true" />
              <span className="max-sm:sr-only">Rename speakers</span>
            </Button>
            <RenameSpeakersDialog meeting={meeting} open={renaming} onOpenChange={setRenaming} />
          </>
        ) : null}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {hasTurns || text ? (
          <ScrollArea className="h-[400px] rounded-md border" viewportLabel="Transcript">
            <div className="p-4">
              {hasTurns ? (
                <TranscriptTurns utterances={meeting.utterances} onSeek={onSeek} />
              ) : (
                <p className="whitespace-pre-wrap break-words leading-relaxed">{text}</p>
              )}
            </div>
          </ScrollArea>
        ) : (
          <p className="text-muted-foreground">{emptyNotice(meeting, 'transcript')}</p>
        )}
      </CardContent>
    </Card>
  );
}
