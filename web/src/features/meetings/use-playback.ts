// The recording's clock for follow-along highlighting, and the player's keyboard shortcuts.
import { useEffect, useState, type RefObject } from "react";

/** The media element's current time while it plays or seeks; null before it has any. */
export function usePlaybackTime(media: RefObject<HTMLMediaElement | null>, enabled: boolean): number | null {
  const [time, setTime] = useState<number | null>(null);
  useEffect(() => {
    const el = media.current;
    if (!enabled || !el) return;
    const update = () => setTime(el.currentTime);
    const events = ["timeupdate", "seeked", "play"] as const;
    for (const e of events) el.addEventListener(e, update);
    return () => {
      for (const e of events) el.removeEventListener(e, update);
    };
  }, [media, enabled]);
  return time;
}

/** True where a key press belongs to what has focus (typing, a button, a menu, the player's own controls). */
function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (
    target.closest(
      'input, textarea, select, button, a, audio, video, [role="menu"], [role="menuitem"], [role="dialog"], [role="slider"], [role="listbox"], [role="combobox"]',
    )
  )
    return true;
  return false;
}

/** Space plays or pauses; ← and → jump 5 seconds. Only when the page itself has focus. */
export function usePlayerKeys(media: RefObject<HTMLMediaElement | null>, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const el = media.current;
      if (!el || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || ownsKeys(e.target)) return;
      if (e.key === " ") {
        e.preventDefault();
        if (el.paused) void el.play().catch(() => {});
        else el.pause();
      } else if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
        e.preventDefault();
        const to = el.currentTime + (e.key === "ArrowRight" ? 5 : -5);
        el.currentTime = Math.max(0, Number.isFinite(el.duration) ? Math.min(el.duration, to) : to);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [media, enabled]);
}

/** The turn being said at `time`: the last one that has started. */
export function turnAt(turns: { start: number | null }[], time: number | null): number | null {
  if (time == null) return null;
  let found: number | null = null;
  for (const [i, { start }] of turns.entries()) {
    if (start != null && start <= time + 0.05) found = i;
  }
  return found;
}
