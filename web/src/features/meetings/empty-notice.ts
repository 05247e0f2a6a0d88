// What the summary and transcript places say while there is nothing to show: it depends on
// whether processing is still running, failed, or finished with nothing.
import { isInProgress, type MeetingDetail } from "./meetings-api";

export function emptyNotice(meeting: Pick<MeetingDetail, "status">, what: "summary" | "transcript"): string {
  if (isInProgress(meeting.status)) return `The ${what} will appear here when processing finishes.`;
  if (meeting.status === "failed") return `No ${what}: processing failed before it was written.`;
  return `No ${what} available for this meeting.`;
}
