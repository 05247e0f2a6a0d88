import { useCallback, useEffect, useRef, type RefObject } from "react";

/** Height at the foot of the window that a toast may cover (sonner's toast and its offset, with room to spare). */
const TOAST_ROOM = 120;

/**
 * Keyboard focus across a change of a list. Accepting, dismissing, completing or deleting an item re-renders the
 * list without the control that was pressed (or moves it to another list), and focus fell back to the page's body,
 * so a keyboard user started again from the top. `focusAfter(...selectors)` names where focus goes instead: the
 * first of them found inside `root` once `version` (the items) has changed, i.e. once the change is on screen.
 */
export function useFocusAfterChange<T>(root: RefObject<HTMLElement | null>, version: T) {
  const latest = useRef(version);
  latest.current = version;
  const pending = useRef<{ selectors: string[]; version: T } | null>(null);

  useEffect(() => {
    const p = pending.current;
    if (!p || p.version === version) return;
    pending.current = null;
    for (const selector of p.selectors) {
      const el = root.current?.querySelector<HTMLElement>(selector);
      if (el) {
        el.focus();
        // The change's toast sits at the foot of the screen (full width on a phone): a control focused there was
        // hidden under it, so it is brought up to the middle instead.
        if (el.getBoundingClientRect().bottom > window.innerHeight - TOAST_ROOM) el.scrollIntoView({ block: "center" });
        return;
      }
    }
  }, [root, version]);

  return useCallback((...selectors: string[]) => {
    pending.current = { selectors, version: latest.current };
  }, []);
}

/** The id after `id` in `ids`, else the one before it, else null: where focus goes when `id` leaves the list. */
export function neighbourId(ids: string[], id: string): string | null {
  const i = ids.indexOf(id);
  if (i < 0) return null;
  return ids[i + 1] ?? ids[i - 1] ?? null;
}
