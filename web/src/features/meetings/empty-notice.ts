// What the summary and transcript places say while there is nothing to show. The first line
// is always the spec's text for that place; a second line says why when we know more
// (processing still running, or failed and with what reason).
import { isInProgress, type MeetingDetail } from "./meetings-api";

export interface EmptyNotice {
  /** The spec's text (section 2), word for word. */
  text: string;
  /** What we know beyond it, shown beneath; null when there is nothing to add. */
  note: string | null;
}

/** The dashboard Transcript tab's text for a meeting with no transcript (spec, "Meetings list"). */
export const NOT_PROCESSED_TRANSCRIPT =
  "This meeting has not been processed yet. The transcript will appear here after processing is complete.";

/**
 * `place`: "detail" for the meeting page's Summary and Transcript cards (and the dashboard's
 * Summary tab); "preview" for the dashboard's Transcript tab. `withReason`: put a failed
 * meeting's own reason in the note (where no banner above already shows it).
 */
export function emptyNotice(
  meeting: Pick<MeetingDetail, "status" | "error">,
  what: "summary" | "transcript",
  { place = "detail", withReason = false }: { place?: "detail" | "preview"; withReason?: boolean } = {},
): EmptyNotice {
  const text = place === "preview" && what === "transcript" ? NOT_PROCESSED_TRANSCRIPT : `No ${what} available for this meeting.`;
  let note: string | null = null;
  if (isInProgress(meeting.status)) note = `The ${what} will appear here when processing finishes.`;
  else if (meeting.status === "failed")
    note = withReason && meeting.error ? `Processing failed: ${meeting.error}` : `Processing failed before the ${what} was written.`;
  return { text, note };
}
