/**
 * A decision that records a vote ("Motion carried: …", "Motion failed: …", as the built-in notes write it): its
 * outcome, to show as a badge, and the motion's own words. A failed motion is no decision to act on, and among
 * carried ones, as plain text, it read like one.
 */
export function motionOutcome(text: string): { outcome: "carried" | "failed"; body: string } | null {
  const m = /^motion\s+(carried|passed|failed|defeated|rejected)\s*[:.–—-]\s*/i.exec(text);
  if (!m || m[0].length === text.length) return null;
  return { outcome: /^(carried|passed)$/i.test(m[1]!) ? "carried" : "failed", body: text.slice(m[0].length) };
}
