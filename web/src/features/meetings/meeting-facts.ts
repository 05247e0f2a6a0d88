// What the meeting page's info cards, summary card and CSV export say, decided from the
// meeting itself so nothing false shows: the spec's texts ('N Action Items', 'Meeting
// Transcript', 'AI-generated summary of the meeting') where they hold, plain facts where they
// do not (a failed recording has no action items to count and no transcript; the built-in
// rules are not AI). Decision 025.
import { hasTranscript, type MeetingDetail } from "./meetings-api";

type Facts = Pick<
  MeetingDetail,
  "status" | "actionItems" | "transcript" | "utterances" | "sourceType" | "hasMedia" | "hasVideo" | "originalFileName"
>;

/** The Status card's badge. */
export function statusBadge(m: Pick<Facts, "status" | "actionItems">): { text: string; tone: "default" | "secondary" | "destructive" } {
  if (m.status === "failed") return { text: "Not processed", tone: "destructive" };
  if (m.status === "processing" || m.status === "uploading") return { text: "Processing", tone: "secondary" };
  // Possible action items (suggested) are not counted until accepted.
  const count = m.actionItems.filter((i) => !i.suggested).length;
  if (count) return { text: `${count} Action Item${count === 1 ? "" : "s"}`, tone: "default" };
  // "No Action Items" above a listed possible item reads as a contradiction: say what is there.
  const possible = m.actionItems.length;
  return possible
    ? { text: `${possible} possible item${possible === 1 ? "" : "s"} to review`, tone: "secondary" }
    : { text: "No Action Items", tone: "secondary" };
}

/** The Format card: the spec's 'Meeting Transcript' once there is one, else what was brought in. */
export function formatLabel(m: Facts): string {
  if (hasTranscript(m)) return "Meeting Transcript";
  if (m.sourceType === "transcript_import") {
    const ext = /\.([a-z0-9]+)$/i.exec(m.originalFileName ?? "")?.[1];
    return ext ? `Transcript file (.${ext.toLowerCase()})` : "Transcript file";
  }
  if (m.hasVideo) return "Video recording";
  if (m.hasMedia || m.sourceType === "file_upload") return "Audio recording";
  return "Recording link";
}

/** Who wrote the summary, for the Summary card's description. */
export function summaryDescription(m: Pick<MeetingDetail, "summaryEngine"> & Partial<Pick<MeetingDetail, "notes">>): string {
  if (m.summaryEngine === "built-in") return "Summary written by the built-in rules (no language model)";
  // Nothing written yet (processing, or it failed): no claim about who wrote it.
  if (!m.summaryEngine && m.notes !== undefined && !m.notes) return "Summary of the meeting";
  return "AI-generated summary of the meeting";
}

/** The action-items CSV's file name: the meeting's title, as the other exports use it. */
export function actionItemsCsvName(title: string): string {
  const base = title
    .normalize("NFC")
    .replace(/[<>:"/\\|?*\u0000-\u001F\u007F]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 150)
    .trim();
  return `${base || "meeting"} - action items.csv`;
}

/**
 * The summary's note (why the built-in notes are shown) as a short lead and what to do next:
 * shown as one run-on paragraph it was hard to take in (walkthrough finding 14).
 */
export function summaryNoteParts(note: string): { lead: string; rest: string } {
  const at = /[.!?]\s+(?=[A-Z'"(])/.exec(note);
  if (!at) return { lead: note.trim(), rest: "" };
  const cut = at.index + 1;
  return { lead: note.slice(0, cut).trim(), rest: note.slice(cut).trim() };
}
