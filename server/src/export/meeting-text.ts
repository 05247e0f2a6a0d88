// Text exports of a meeting: Markdown, plain text, SubRip (.srt) and WebVTT with voice tags.
// Subtitles carry one cue per turn ("Name: text" in SRT, <v Name> in VTT) so that our own
// transcript import reads them back to the same turns.
import type { MeetingDetail } from "../../../contract/meetings";
import type { Utterance } from "../../../contract/transcript";
import { formatLongUsDate } from "../../../contract/action-items-csv";
import { clock, notesSections } from "./notes-text";

export type ExportMeeting = Pick<
  MeetingDetail,
  "title" | "recordedAt" | "durationSeconds" | "speakers" | "notes" | "actionItems" | "utterances" | "transcript"
>;

/** Raised when a format needs something the meeting lacks (e.g. subtitles without times). */
export class ExportError extends Error {}

/** A name on one line: a name with line breaks must not start lines (or cues) of its own. */
const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function cueTime(seconds: number, sep: "," | "."): string {
  const ms = Math.round(Math.max(0, seconds) * 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${sep}${pad(ms % 1000, 3)}`;
}

function heldOn(m: ExportMeeting): string {
  const date = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(m.recordedAt),
  );
  const minutes = m.durationSeconds ? ` · ${Math.max(1, Math.round(m.durationSeconds / 60))} min` : "";
  return `${date}${minutes}`;
}

const openItems = (m: ExportMeeting) =>
  [...m.actionItems].sort((a, b) => Number(a.status === "completed") - Number(b.status === "completed"));

function itemLine(a: ExportMeeting["actionItems"][number], md: boolean): string {
  const extra = [a.assignee && (md ? `**${a.assignee}**` : a.assignee), a.dueDate && `due ${formatLongUsDate(a.dueDate)}`]
    .filter(Boolean)
    .join(", ");
  const box = md ? (a.status === "completed" ? "- [x] " : "- [ ] ") : a.status === "completed" ? "[done] " : "[ ] ";
  return `${box}${a.description}${extra ? ` (${extra})` : ""}`;
}

/** Turns to show: the diarized turns, or the plain transcript as one unnamed turn per line. */
function turnsOf(m: ExportMeeting): Utterance[] {
  if (m.utterances.length) return m.utterances;
  return (m.transcript ?? "")
    .split("\n")
    .filter((l) => l.trim())
    .map((text) => ({ speaker: "", start: null, end: null, text }));
}

function turnLine(u: Utterance, md: boolean): string {
  const time = u.start != null ? `[${clock(u.start)}] ` : "";
  const speaker = oneLine(u.speaker);
  const who = speaker ? (md ? `**${speaker}**: ` : `${speaker}: `) : "";
  return `${time}${who}${u.text}`;
}

export function toMarkdown(m: ExportMeeting): string {
  const esc = (s: string) => s.replace(/^#/gm, "\\#");
  const out = [`# ${oneLine(m.title)}`, "", `*${heldOn(m)}${m.speakers.length ? ` · ${m.speakers.map(oneLine).join(", ")}` : ""}*`, ""];
  // The notes are plain text: escape what Markdown would read as markup at a line's start or around words.
  const escText = (s: string) => s.replace(/([\\`*_[\]<>])/g, "\\$1").replace(/^([#+-])/, "\\$1");
  out.push(
    ...notesSections(m.notes, { heading: (t) => `## ${t}`, subheading: (t) => `### ${t}\n`, bullet: (t) => `- ${t}`, escape: escText }),
  );
  if (m.actionItems.length) out.push("## Action items", "", ...openItems(m).map((a) => itemLine(a, true)), "");
  const turns = turnsOf(m);
  if (turns.length) out.push("## Transcript", "");
  // A loop, not a spread: a meeting can have more turns than a call takes arguments.
  for (const u of turns) out.push(esc(turnLine(u, true)), "");
  return `${out.join("\n").trimEnd()}\n`;
}

export function toPlainText(m: ExportMeeting): string {
  const out = [m.title, "=".repeat(Math.min(80, m.title.length)), heldOn(m)];
  if (m.speakers.length) out.push(`Speakers: ${m.speakers.map(oneLine).join(", ")}`);
  out.push("");
  out.push(...notesSections(m.notes, { heading: (t) => t.toUpperCase(), bullet: (t) => `- ${t}` }));
  if (m.actionItems.length) out.push("ACTION ITEMS", ...openItems(m).map((a) => itemLine(a, false)), "");
  const turns = turnsOf(m);
  if (turns.length) out.push("TRANSCRIPT");
  for (const u of turns) out.push(turnLine(u, false));
  return `${out.join("\n").trimEnd()}\n`;
}

interface Cue {
  start: number;
  end: number;
  speaker: string;
  text: string;
}

/** One cue per turn; a turn without an end lasts until the next turn (or ~0.4 s a word). */
function cues(m: ExportMeeting): Cue[] {
  const timed = m.utterances.filter((u) => u.text.trim());
  if (!timed.length || timed.some((u) => u.start == null))
    throw new ExportError(
      "This transcript has no timestamps, so it cannot be exported as subtitles. Export it as Markdown, text or Word instead.",
    );
  return timed.map((u, i) => {
    const start = u.start!;
    const next = timed[i + 1]?.start;
    const guess = start + Math.max(1, u.text.split(/\s+/).length * 0.4);
    const end = u.end != null && u.end > start ? u.end : next != null && next > start ? next : guess;
    // "-->" inside a cue's text would read as a timing line.
    return { start, end, speaker: oneLine(u.speaker).replace(/-->/g, "→"), text: oneLine(u.text).replace(/-->/g, "→") };
  });
}

export function toSrt(m: ExportMeeting): string {
  return cues(m)
    .map((c, i) => `${i + 1}\n${cueTime(c.start, ",")} --> ${cueTime(c.end, ",")}\n${c.speaker ? `${c.speaker}: ` : ""}${c.text}\n`)
    .join("\n");
}

const vttEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function toVtt(m: ExportMeeting): string {
  const body = cues(m)
    .map(
      (c, i) =>
        `${i + 1}\n${cueTime(c.start, ".")} --> ${cueTime(c.end, ".")}\n${c.speaker ? `<v ${vttEscape(c.speaker)}>${vttEscape(c.text)}</v>` : vttEscape(c.text)}\n`,
    )
    .join("\n");
  return `WEBVTT\n\n${body}`;
}
