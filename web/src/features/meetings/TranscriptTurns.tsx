import { useEffect, useRef, useState } from "react";
import { Pencil } from "lucide-react";
import { cn } from "@/lib/utils";
import { formatTimestamp } from "./format";
import { TurnEditor } from "./TurnEditor";
import type { MeetingUtterance as Utterance } from "../../../../contract/meetings";

const editedAt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

export interface TurnEditing {
  editingIndex: number | null;
  saving: boolean;
  speakers: string[];
  onStart: (index: number) => void;
  onSave: (index: number, change: { text?: string; speaker?: string }) => void;
  onCancel: () => void;
}

/**
 * Turns rendered at first, and added each time the reader nears the end: a meeting of tens of
 * thousands of turns would otherwise build all their elements before the page can respond
 * (decision 040). The turn being played, opened or edited is always rendered.
 */
export const TURNS_PER_PAGE = 300;

/**
 * Speaker turns: name, optional [mm:ss], text. With `onSeek`, the time and the text seek the
 * recording; `activeIndex` is the turn being played (highlighted); with `editing`, each turn
 * has an edit button.
 */
export function TranscriptTurns({
  utterances,
  onSeek,
  activeIndex,
  editing,
}: {
  utterances: Utterance[];
  onSeek?: (seconds: number) => void;
  activeIndex?: number | null;
  editing?: TurnEditing;
}) {
  const [limit, setLimit] = useState(TURNS_PER_PAGE);
  // Through the active and edited turns, and a little past them (follow-along scrolls ahead).
  const shown = Math.min(utterances.length, Math.max(limit, (activeIndex ?? -1) + 50, (editing?.editingIndex ?? -1) + 1));
  const more = shown < utterances.length;
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!more || !el || typeof IntersectionObserver === "undefined") return;
    // Relative to the transcript's scroll area where there is one, a screenful early.
    const root = el.closest<HTMLElement>('[data-slot="scroll-area-viewport"]');
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setLimit(shown + TURNS_PER_PAGE);
      },
      { root, rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [more, shown]);
  return (
    <ol className="flex flex-col gap-1">
      {utterances.slice(0, shown).map((turn, index) => {
        const active = index === activeIndex;
        const seekable = onSeek && turn.start != null;
        return (
          <li
            key={index}
            data-turn={index}
            aria-current={active ? "true" : undefined}
            className={cn(
              "group relative flex flex-col gap-1 rounded-md border-l-4 border-transparent px-2 py-1.5 transition-colors",
              active && "border-primary bg-accent/70",
            )}
          >
            <p className="flex flex-wrap items-baseline gap-x-2 pr-8 text-sm">
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
              {turn.edited ? (
                <span className="text-xs text-muted-foreground" title={`Edited by ${turn.edited.by}`}>
                  · edited by {turn.edited.by}, {editedAt.format(new Date(turn.edited.at))}
                </span>
              ) : null}
            </p>
            {editing?.editingIndex === index ? (
              <TurnEditor
                turn={turn}
                speakers={editing.speakers}
                saving={editing.saving}
                onSave={(change) => editing.onSave(index, change)}
                onCancel={editing.onCancel}
              />
            ) : (
              // The text seeks too (a larger target than the time); keyboard users have the time button.
              <p
                className={cn("break-words leading-relaxed", seekable && "cursor-pointer hover:text-foreground/80")}
                onClick={seekable ? () => onSeek!(turn.start!) : undefined}
              >
                {turn.text}
              </p>
            )}
            {editing && editing.editingIndex !== index ? (
              // Shown on hover where there is one; a touch screen (no hover, a tablet too) always shows it.
              <button
                type="button"
                onClick={() => editing.onStart(index)}
                data-edit-turn
                aria-label={`Edit turn ${index + 1} (${turn.speaker || "no speaker"})`}
                className="absolute right-1 top-1 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground opacity-60 hover:bg-muted hover:text-foreground focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:opacity-0 sm:group-hover:opacity-100 [@media(hover:none)]:opacity-60"
              >
                <Pencil className="size-3.5" aria-hidden="true" />
              </button>
            ) : null}
          </li>
        );
      })}
      {more ? (
        // Never the scroll anchor: the browser would keep it in view as turns are added above it, loading them all.
        <li ref={sentinel} className="px-2 py-3 text-center text-sm text-muted-foreground [overflow-anchor:none]" data-testid="more-turns">
          Showing {shown.toLocaleString("en-US")} of {utterances.length.toLocaleString("en-US")} turns.{" "}
          <button
            type="button"
            className="font-medium text-primary underline underline-offset-2"
            onClick={() => setLimit(shown + TURNS_PER_PAGE)}
          >
            Show more
          </button>
        </li>
      ) : null}
    </ol>
  );
}
