import PDFDocument from "pdfkit";
import type { MeetingNotes } from "../../../contract/transcript";
import { hasNotes, pointLine } from "./notes-text";

export interface MeetingPdfInput {
  title: string;
  date: Date | null;
  durationSeconds: number | null;
  /** Overview, key points and decisions (each decision once). */
  notes: MeetingNotes | null;
  actionItems: { task: string; assignee: string | null; dueDate: string | null; completed: boolean }[];
  utterances: { speaker: string; start: number | null; text: string }[];
  transcriptText: string | null;
}

export interface MeetingPdfOptions {
  /** Time zone for the meeting date; the server does not know the reader's, so UTC unless told. */
  timeZone?: string;
}

// Code points outside Latin-1 that the WinAnsi encoding of the standard PDF fonts can still show.
const WIN_ANSI_EXTRA = new Set([
  0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019, 0x201c, 0x201d,
  0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178,
]);

const LOOKALIKES: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2212": "-",
  "\u2015": "\u2014",
  "\u2032": "'",
  "\u2033": '"',
  "\u2009": " ",
  "\u202f": " ",
  "\u2007": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2248": "~",
  "\u2713": "v",
  "\u2714": "v",
};

const showable = (s: string) =>
  [...s].every((ch) => {
    const cp = ch.codePointAt(0)!;
    return cp === 0x0a || (cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff) || WIN_ANSI_EXTRA.has(cp);
  });

/** Text that toWinAnsi would return unchanged: newlines, printable Latin-1 and the WinAnsi extras (all NFC already). */
const ALREADY_WIN_ANSI = new RegExp(
  `^[\\n\\x20-\\x7e\\xa0-\\xff${[...WIN_ANSI_EXTRA].map((cp) => `\\u${cp.toString(16).padStart(4, "0")}`).join("")}]*$`,
);

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * Makes text safe for the built-in PDF fonts, which only cover WinAnsi:
 * accented letters outside it lose their accents (ő → o), a few symbols get
 * ASCII look-alikes, and anything else (emoji, CJK) becomes one '?' per
 * visible character instead of garbage or a crash.
 */
export function toWinAnsi(input: string): string {
  // Most text (English, Western European) is already WinAnsi: one regex test instead of a
  // grapheme walk, which for a 15 MB transcript is most of the PDF's time and garbage.
  if (ALREADY_WIN_ANSI.test(input)) return input;
  const text = input
    .normalize("NFC")
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, "    ")
    // C0/C1 controls are not text.
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, "");
  let out = "";
  for (const { segment: cluster } of graphemes.segment(text)) {
    // Joiners and variation selectors are invisible; removing them per cluster keeps
    // a joined emoji (family, skin tone) as one cluster and so one '?'.
    const segment = cluster.replace(/[\u200b-\u200d\u2060\ufeff\ufe00-\ufe0f]/g, "");
    if (!segment) continue;
    if (showable(segment)) {
      out += segment;
      continue;
    }
    if (LOOKALIKES[segment]) {
      out += LOOKALIKES[segment];
      continue;
    }
    const stripped = segment
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .normalize("NFC");
    out += stripped && showable(stripped) ? stripped : "?";
  }
  return out;
}

export function formatLongDate(date: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone }).format(date);
}

/** "1 hr 5 min", "12 min 30 sec", "45 sec". */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return m > 0 ? `${h} hr ${m} min` : `${h} hr`;
  if (m > 0) return sec > 0 ? `${m} min ${sec} sec` : `${m} min`;
  return `${sec} sec`;
}

/** "[mm:ss]", or "[h:mm:ss]" past the first hour. */
export function formatTimestamp(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `[${h}:${mm}:${ss}]` : `[${mm}:${ss}]`;
}

/** Date-only strings are calendar days, so they are shown in UTC to avoid an off-by-one day. */
function formatDueDate(due: string): string {
  const trimmed = due.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return formatLongDate(new Date(`${trimmed}T00:00:00Z`), "UTC");
  const parsed = new Date(trimmed);
  return Number.isNaN(parsed.getTime()) ? trimmed : formatLongDate(parsed, "UTC");
}

/** The notes as the PDF lists them: the overview as a paragraph, then "Key points" and "Decisions" as headings
 * over bullets ("text (Speaker, 03:12)"). */
export function notesBullets(notes: MeetingNotes | null): { text: string; kind: "paragraph" | "heading" | "bullet" }[] {
  if (!hasNotes(notes)) return [];
  const out: { text: string; kind: "paragraph" | "heading" | "bullet" }[] = [];
  if (notes.overview.trim()) out.push({ text: notes.overview.trim(), kind: "paragraph" });
  if (notes.keyPoints.length)
    out.push({ text: "Key points", kind: "heading" }, ...notes.keyPoints.map((p) => ({ text: pointLine(p), kind: "bullet" as const })));
  if (notes.decisions.length)
    out.push({ text: "Decisions", kind: "heading" }, ...notes.decisions.map((p) => ({ text: pointLine(p), kind: "bullet" as const })));
  return out;
}

const PAGE = { size: "LETTER" as const, margin: 54 };
const GREY = "#555555";
const RULE = "#cccccc";
const FONT = "Helvetica";
const BOLD = "Helvetica-Bold";

/** Renders a meeting (title, date, duration, summary, action items, transcript) as a PDF. */
export function renderMeetingPdf(m: MeetingPdfInput, opts: MeetingPdfOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: toWinAnsi(m.title || "Meeting"), Creator: "Minutes" },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (h: number) => {
    if (doc.y + h > bottom()) doc.addPage();
  };
  const heading = (label: string) => {
    ensureSpace(60);
    doc.moveDown(0.8);
    doc.font(BOLD).fontSize(14).fillColor("black").text(label, left, doc.y, { width });
    const y = doc.y + 2;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 6;
  };

  // Title and meta line.
  doc
    .font(BOLD)
    .fontSize(20)
    .fillColor("black")
    .text(toWinAnsi(m.title.trim() || "Untitled meeting"), { width });
  doc.moveDown(0.3);
  const meta: string[] = [];
  if (m.date) meta.push(`Date: ${formatLongDate(m.date, opts.timeZone)}`);
  if (m.durationSeconds != null && Number.isFinite(m.durationSeconds)) meta.push(`Duration: ${formatDuration(m.durationSeconds)}`);
  if (meta.length) doc.font(FONT).fontSize(10).fillColor(GREY).text(meta.join("    "), { width });

  // Summary.
  heading("Summary");
  const bullets = notesBullets(m.notes);
  doc.font(FONT).fontSize(11).fillColor("black");
  if (!bullets.length) doc.fillColor(GREY).text("No summary available.", left, doc.y, { width });
  for (const b of bullets) {
    const t = toWinAnsi(b.text);
    if (b.kind === "paragraph") {
      ensureSpace(doc.heightOfString(t, { width }) + 4);
      doc.text(t, left, doc.y, { width });
      doc.moveDown(0.25);
      continue;
    }
    if (b.kind === "heading") {
      ensureSpace(30);
      doc.moveDown(0.3).font(BOLD).fontSize(11).text(t, left, doc.y, { width });
      doc.font(FONT);
      continue;
    }
    ensureSpace(doc.heightOfString(t, { width: width - 14 }) + 4);
    const y = doc.y;
    doc.text("\u2022", left + 2, y, { width: 10, lineBreak: false });
    doc.text(t, left + 14, y, { width: width - 14 });
    doc.moveDown(0.25);
  }

  // Action items as a four-column table; the header repeats after a page break.
  heading("Action Items");
  const cols = [
    { label: "Task", w: width * 0.46 },
    { label: "Assignee", w: width * 0.2 },
    { label: "Due Date", w: width * 0.2 },
    { label: "Status", w: width * 0.14 },
  ];
  const pad = 4;
  /** The row's height in `font`: its tallest cell, one cell per column. */
  const rowHeight = (cells: string[], font = FONT): number => {
    doc.font(font).fontSize(10);
    return Math.max(...cols.map((col, i) => doc.heightOfString(cells[i] ?? "", { width: col.w - pad * 2 }))) + pad * 2;
  };
  const drawRow = (cells: string[], font: string, color: string) => {
    const h = rowHeight(cells, font);
    const y = doc.y;
    let x = left;
    cols.forEach((col, i) => {
      doc.fillColor(color).text(cells[i] ?? "", x + pad, y + pad, { width: col.w - pad * 2 });
      x += col.w;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + h;
  };
  const header = cols.map((c) => c.label);
  if (!m.actionItems.length) {
    doc.font(FONT).fontSize(11).fillColor(GREY).text("No action items.", left, doc.y, { width });
  } else {
    drawRow(header, BOLD, "black");
    for (const item of m.actionItems) {
      // Cap absurdly long tasks so one row always fits on a page.
      const cells = [
        toWinAnsi(item.task.trim()).slice(0, 1500),
        item.assignee?.trim() ? toWinAnsi(item.assignee.trim()) : "Not assigned",
        item.dueDate?.trim() ? toWinAnsi(formatDueDate(item.dueDate)) : "No deadline",
        item.completed ? "Completed" : "Pending",
      ];
      if (doc.y + rowHeight(cells) > bottom()) {
        doc.addPage();
        drawRow(header, BOLD, "black");
      }
      drawRow(cells, FONT, "black");
    }
  }

  // Transcript: speaker turns with times; pdfkit flows long text across pages.
  heading("Transcript");
  doc.x = left;
  if (m.utterances.length) {
    for (const u of m.utterances) {
      ensureSpace(28);
      if (u.start != null && Number.isFinite(u.start)) {
        doc
          .font(FONT)
          .fontSize(9)
          .fillColor(GREY)
          .text(`${formatTimestamp(u.start)} `, left, doc.y, { width, continued: true });
        doc.fontSize(10);
      } else {
        doc.fontSize(10);
      }
      doc
        .font(BOLD)
        .fillColor("black")
        .text(`${toWinAnsi(u.speaker.trim() || "Speaker")}: `, { width, continued: true });
      doc.font(FONT).text(toWinAnsi(u.text.trim()), { width });
      doc.moveDown(0.4);
    }
  } else if (m.transcriptText?.trim()) {
    doc.font(FONT).fontSize(10).fillColor("black");
    for (const para of m.transcriptText
      .split(/\n\s*\n|\n/)
      .map((p) => p.trim())
      .filter(Boolean)) {
      doc.text(toWinAnsi(para), left, doc.y, { width });
      doc.moveDown(0.4);
    }
  } else {
    doc.font(FONT).fontSize(11).fillColor(GREY).text("No transcript available.", left, doc.y, { width });
  }

  // Page numbers, written into the bottom margin (margin lifted so pdfkit does not add a page).
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(FONT)
      .fontSize(8)
      .fillColor(GREY)
      .text(`Page ${i + 1} of ${range.count}`, left, doc.page.height - saved / 2 - 4, { width, align: "center", lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
