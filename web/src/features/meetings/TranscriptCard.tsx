import { MessageSquareText } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollArea } from '@/components/ui/scroll-area';
import { TranscriptTurns } from './TranscriptTurns';
import { speakersOf, type MeetingDetail } from './meetings-api';
import { plural } from './format';

/** Transcript (400px scroll area): speaker turns, or raw text, or the empty message. */
export function TranscriptCard({ meeting, onSeek }: { meeting: MeetingDetail; onSeek?: (seconds: number) => void }) {
  const speakers = speakersOf(meeting);
  const hasTurns = meeting.utterances.length > 0;
  const text = meeting.transcript?.trim();
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageSquareText className="size-5 text-primary" aria-hidden="true" />
          Transcript
        </CardTitle>
        {speakers.length ? (
          <CardDescription>
            {plural(speakers.length, 'speaker')}: {speakers.join(', ')}
          </CardDescription>
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
          <p className="text-muted-foreground">No transcript available for this meeting.</p>
        )}
      </CardContent>
    </Card>
  );
}
