import { CircleCheck, CircleX, PlayCircle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import type { NotePoint } from "../../../../contract/meetings";
import { formatTimestamp } from "./format";
import type { MeetingNotes } from "./meetings-api";
import { motionOutcome } from "./motion-outcome";

/**
 * The meeting's notes as the server stores them (structure, never markdown): the overview, then "Key points" and
 * "Decisions", each point with who said it and a time that opens the moment (`onOpen`: plays from there and shows
 * the turn in the transcript).
 */
export function NotesView({ notes, onOpen }: { notes: MeetingNotes; onOpen?: (seconds: number) => void }) {
  return (
    <div className="flex flex-col gap-4 leading-relaxed" data-testid="meeting-notes">
      {notes.overview.trim() ? <p>{notes.overview}</p> : null}
      <PointList title="Key points" points={notes.keyPoints} onOpen={onOpen} />
      <PointList title="Decisions" points={notes.decisions} onOpen={onOpen} />
    </div>
  );
}

function PointList({ title, points, onOpen }: { title: string; points: NotePoint[]; onOpen?: (seconds: number) => void }) {
  if (!points.length) return null;
  const id = `notes-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <section className="flex flex-col gap-2" aria-labelledby={id}>
      <h3 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {title}
      </h3>
      <ul className="list-disc space-y-1.5 pl-5 marker:text-muted-foreground">
        {points.map((p, i) => (
          <li key={i}>
            <PointText text={p.text} />
            {p.speaker || p.start != null ? (
              <span className="ml-1.5 inline-flex flex-wrap items-center gap-1.5 align-baseline text-xs text-muted-foreground">
                {p.speaker ? <span>{p.speaker}</span> : null}
                {p.start != null && onOpen ? (
                  <button
                    type="button"
                    onClick={() => onOpen(p.start!)}
                    className="inline-flex items-center gap-1 rounded font-mono text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Open the moment at ${formatTimestamp(p.start)}: ${p.text}`}
                  >
                    <PlayCircle className="size-3.5" aria-hidden="true" />
                    {formatTimestamp(p.start)}
                  </button>
                ) : p.start != null ? (
                  <span className="font-mono">{formatTimestamp(p.start)}</span>
                ) : null}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A point's words; a vote's outcome ("Motion failed: …") as a badge before them, so a failed motion reads as failed. */
function PointText({ text }: { text: string }) {
  const motion = motionOutcome(text);
  if (!motion) return <span>{text}</span>;
  const failed = motion.outcome === "failed";
  return (
    <span data-testid="motion" data-outcome={motion.outcome}>
      <Badge variant={failed ? "destructive" : "green"} className="mr-1.5 align-text-bottom">
        {failed ? <CircleX aria-hidden="true" /> : <CircleCheck aria-hidden="true" />}
        {failed ? "Motion failed" : "Motion carried"}
        <span className="sr-only">:</span>
      </Badge>
      <span className={failed ? "text-muted-foreground" : undefined}>{motion.body}</span>
    </span>
  );
}
