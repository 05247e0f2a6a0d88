// What the upload form already knows about a meeting it just created, handed to the meeting
// page in the navigation's state: the page shows the title and the processing step at once
// instead of a bare "Loading..." while its code and details load (walkthrough finding 13).

export interface MeetingPageHint {
  title?: string;
  step?: string | null;
}

/** The hint from a location's state, or null when the state is anything else. */
export function meetingPageHint(state: unknown): MeetingPageHint | null {
  if (!state || typeof state !== "object") return null;
  const { title, step } = state as Record<string, unknown>;
  if (typeof title !== "string" || !title.trim()) return null;
  return { title, step: typeof step === "string" ? step : null };
}

/** Starts loading the meeting page's code, so it is there when the upload ends. */
export function preloadMeetingPage(): void {
  void import("./MeetingPage").catch(() => undefined); // the route's own import retries
}
