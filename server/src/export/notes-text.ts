// The notes (contract MeetingNotes: overview, key points, decisions) as lines of text, for every
// export, mail and integration that sends them: one renderer, so each decision is listed once.
import type { MeetingNotes, NotePoint } from "../../../contract/transcript";

/** "12:05" or "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

/** Who said it and when: "Maria, 03:12", "Maria", "03:12" or "". */
export function pointSource(p: NotePoint): string {
  return [p.speaker && oneLine(p.speaker), p.start != null && clock(p.start)].filter(Boolean).join(", ");
}

/** "We go with Stripe (Maria, 03:12)". */
export function pointLine(p: NotePoint): string {
  const source = pointSource(p);
  return `${oneLine(p.text)}${source ? ` (${source})` : ""}`;
}

/** Notes with something in them. */
export function hasNotes(notes: MeetingNotes | null | undefined): notes is MeetingNotes {
  return !!notes && (notes.overview.trim() !== "" || notes.keyPoints.length > 0 || notes.decisions.length > 0);
}

export interface NotesTextStyle {
  /** A section's heading line ("## Summary", "SUMMARY"). */
  heading: (title: string) => string;
  /** The key points' heading ("### Key points"); default "Key points:". */
  subheading?: (title: string) => string;
  /** A list line ("- …"). */
  bullet: (text: string) => string;
  /** Plain text made safe for the format (Markdown escapes a leading "#"). */
  escape?: (text: string) => string;
}

/** The notes as sections: Summary (overview, then "Key points"), Decisions; each decision once. */
export function notesSections(notes: MeetingNotes | null | undefined, style: NotesTextStyle): string[] {
  if (!hasNotes(notes)) return [];
  const esc = style.escape ?? ((s: string) => s);
  const out: string[] = [];
  if (notes.overview.trim() || notes.keyPoints.length) {
    out.push(style.heading("Summary"), "");
    if (notes.overview.trim()) out.push(esc(oneLine(notes.overview)), "");
    if (notes.keyPoints.length)
      out.push(
        (style.subheading ?? ((t: string) => `${t}:`))("Key points"),
        ...notes.keyPoints.map((p) => style.bullet(esc(pointLine(p)))),
        "",
      );
  }
  if (notes.decisions.length) out.push(style.heading("Decisions"), "", ...notes.decisions.map((p) => style.bullet(esc(pointLine(p)))), "");
  return out;
}

/** Plain text for mails and integrations: the overview, key points and decisions. */
export function notesPlainText(notes: MeetingNotes | null | undefined): string {
  return notesSections(notes, { heading: (t) => `${t}:`, bullet: (t) => `- ${t}` })
    .join("\n")
    .trim();
}
