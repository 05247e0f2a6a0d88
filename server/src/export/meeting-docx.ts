// The meeting as a Word document (docx package): title, date, summary, decisions, action
// items and the transcript with speakers and times.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from "docx";
import { formatLongUsDate } from "../../../contract/action-items-csv";
import type { NotePoint } from "../../../contract/transcript";
import type { ExportMeeting } from "./meeting-text";
import { clock, hasNotes, pointSource } from "./notes-text";

const heading = (text: string) => new Paragraph({ text, heading: HeadingLevel.HEADING_2, spacing: { before: 240, after: 120 } });
const bullet = (children: TextRun[]) => new Paragraph({ children, bullet: { level: 0 } });

export async function renderMeetingDocx(m: ExportMeeting): Promise<Buffer> {
  const date = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(m.recordedAt),
  );
  const children: Paragraph[] = [
    new Paragraph({ text: m.title, heading: HeadingLevel.TITLE }),
    new Paragraph({
      children: [
        new TextRun({ text: [date, m.speakers.length ? m.speakers.join(", ") : null].filter(Boolean).join(" · "), italics: true }),
      ],
    }),
  ];
  // The notes: overview, key points and decisions, each decision once, each point with who said it and when.
  const point = (p: NotePoint) => {
    const source = pointSource(p);
    return bullet([new TextRun(p.text), ...(source ? [new TextRun({ text: ` (${source})`, italics: true, color: "666666" })] : [])]);
  };
  const notes = m.notes;
  if (hasNotes(notes) && (notes.overview.trim() || notes.keyPoints.length)) {
    children.push(heading("Summary"));
    if (notes.overview.trim()) children.push(new Paragraph({ children: [new TextRun(notes.overview.trim())], spacing: { after: 120 } }));
    if (notes.keyPoints.length) {
      children.push(new Paragraph({ children: [new TextRun({ text: "Key points", bold: true })] }));
      for (const p of notes.keyPoints) children.push(point(p));
    }
  }
  if (hasNotes(notes) && notes.decisions.length) {
    children.push(heading("Decisions"));
    for (const p of notes.decisions) children.push(point(p));
  }
  if (m.actionItems.length) {
    children.push(heading("Action items"));
    for (const a of m.actionItems) {
      const extra = [a.assignee, a.dueDate && `due ${formatLongUsDate(a.dueDate)}`].filter(Boolean).join(", ");
      children.push(
        bullet([
          new TextRun({ text: `${a.status === "completed" ? "☑" : "☐"} ${a.description}`, strike: a.status === "completed" }),
          ...(extra ? [new TextRun({ text: ` (${extra})`, italics: true })] : []),
        ]),
      );
    }
  }
  const turns = m.utterances.length
    ? m.utterances
    : (m.transcript ?? "")
        .split("\n")
        .filter((l) => l.trim())
        .map((text) => ({ speaker: "", start: null, text }));
  if (turns.length) {
    children.push(heading("Transcript"));
    for (const u of turns) {
      const runs: TextRun[] = [];
      if (u.start != null) runs.push(new TextRun({ text: `[${clock(u.start)}] `, color: "666666" }));
      if (u.speaker.trim()) runs.push(new TextRun({ text: `${u.speaker}: `, bold: true }));
      runs.push(new TextRun(u.text));
      children.push(new Paragraph({ children: runs, spacing: { after: 120 } }));
    }
  }
  const doc = new Document({ creator: "Minutes", title: m.title, sections: [{ children }] });
  return Packer.toBuffer(doc);
}
