import { formatTimestamp } from './format';
import type { MeetingDetail } from './meetings-api';

type Utterance = MeetingDetail['utterances'][number];

/** Speaker turns: name, optional [mm:ss] (a button that seeks when `onSeek` is given), text. */
export function TranscriptTurns({ utterances, onSeek }: { utterances: Utterance[]; onSeek?: (seconds: number) => void }) {
  return (
    <ol className="flex flex-col gap-4">
      {utterances.map((turn, index) => (
        <li key={index} className="flex flex-col gap-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-semibold text-primary">{turn.speaker}</span>
            {turn.start != null ? (
              onSeek ? (
                <button
                  type="button"
                  onClick={() => onSeek(turn.start!)}
                  className="rounded font-mono text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Play from ${formatTimestamp(turn.start)}`}
                >
                  [{formatTimestamp(turn.start)}]
                </button>
              ) : (
                <span className="font-mono text-xs text-muted-foreground">[{formatTimestamp(turn.start)}]</span>
              )
            ) : null}
          </p>
          <p className="break-words leading-relaxed">{turn.text}</p>
        </li>
      ))}
    </ol>
  );
}
