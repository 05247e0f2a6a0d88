import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { formatDuration, formatTimestamp, renderMeetingPdf, notesBullets, toWinAnsi, type MeetingPdfInput } from "./meeting-pdf";

async function pdfText(buf: Buffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

/** Asserts each piece appears, each after the previous one. */
function expectInOrder(text: string, pieces: string[]) {
  let from = 0;
  for (const piece of pieces) {
    const at = text.indexOf(piece, from);
    expect(at, `"${piece}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + piece.length;
  }
}

const meeting: MeetingPdfInput = {
  title: "Quarterly Planning with Zoë Martínez 🎉",
  date: new Date("2024-03-05T15:30:00Z"),
  durationSeconds: 2712,
  notes: {
    overview: "Planning the quarter.",
    keyPoints: [
      { text: "Agreed to ship the beta in April", speaker: "Zoë Martínez", start: 75 },
      { text: "Budget approved for two contractors", speaker: null, start: null },
    ],
    decisions: [{ text: "Zoë will draft the launch plan", speaker: "Bob", start: null }],
  },
  actionItems: [
    { task: "Draft the launch plan", assignee: "Zoë Martínez", dueDate: "2024-03-12", completed: false },
    { task: "Book the venue 👍🏽", assignee: null, dueDate: null, completed: true },
  ],
  utterances: [
    { speaker: "Zoë Martínez", start: 0, text: "Welcome everyone, let us start." },
    { speaker: "Bob", start: 75.4, text: "Thanks! The beta is nearly ready 🚀." },
    { speaker: "Zoë Martínez", start: 3725, text: "Let us wrap up here." },
  ],
  transcriptText: null,
};

describe("renderMeetingPdf", () => {
  it("renders every section in order with readable text", async () => {
    const buf = await renderMeetingPdf(meeting);
    expect(buf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const { text, pages } = await pdfText(buf);
    expect(pages).toBe(1);
    expectInOrder(text, [
      "Quarterly Planning with Zoë Martínez ?",
      "Date: March 5, 2024",
      "Duration: 45 min 12 sec",
      "Summary",
      "Planning the quarter.",
      "Key points",
      "Agreed to ship the beta in April (Zoë Martínez, 01:15)",
      "Budget approved for two contractors",
      "Decisions",
      "Zoë will draft the launch plan (Bob)",
      "Action Items",
      "Task",
      "Assignee",
      "Due Date",
      "Status",
      "Draft the launch plan",
      "Zoë Martínez",
      "March 12, 2024",
      "Pending",
      "Book the venue ?",
      "Not assigned",
      "No deadline",
      "Completed",
      "Transcript",
      "[00:00]",
      "Zoë Martínez:",
      "Welcome everyone, let us start.",
      "[01:15]",
      "Bob:",
      "Thanks! The beta is nearly ready ?.",
      "[1:02:05]",
      "Zoë Martínez:",
      "Let us wrap up here.",
      "Page 1 of 1",
    ]);
    // Markdown bullet markers are not printed literally.
    expect(text).not.toContain("- Agreed");
  });

  it("breaks long transcripts across pages and numbers them", async () => {
    const utterances = Array.from({ length: 300 }, (_, i) => ({
      speaker: i % 2 ? "Bob" : "Alice",
      start: i * 10,
      text: `Line number ${i} of a long discussion about the roadmap and the many details that need to be settled.`,
    }));
    const { text, pages } = await pdfText(await renderMeetingPdf({ ...meeting, utterances }));
    expect(pages).toBeGreaterThan(5);
    expectInOrder(text, ["Line number 0 of", "Line number 150 of", "Line number 299 of", `Page ${pages} of ${pages}`]);
  });

  it("falls back for missing data: plain transcript text, no summary, no items", async () => {
    const { text } = await pdfText(
      await renderMeetingPdf({
        title: "Standup",
        date: null,
        durationSeconds: null,
        notes: null,
        actionItems: [],
        utterances: [],
        transcriptText: "First paragraph of text.\n\nSecond paragraph.",
      }),
    );
    expectInOrder(text, ["Standup", "No summary available.", "No action items.", "First paragraph of text.", "Second paragraph."]);
    expect(text).not.toContain("Date:");
    expect(text).not.toContain("Duration:");
    const empty = await pdfText(await renderMeetingPdf({ ...meeting, utterances: [], transcriptText: null }));
    expect(empty.text).toContain("No transcript available.");
  });

  it("shows the date in the requested time zone", async () => {
    const late = { ...meeting, date: new Date("2024-03-06T02:00:00Z") };
    expect((await pdfText(await renderMeetingPdf(late))).text).toContain("March 6, 2024");
    expect((await pdfText(await renderMeetingPdf(late, { timeZone: "America/New_York" }))).text).toContain("March 5, 2024");
  });
});

describe("toWinAnsi", () => {
  it.each([
    ["Zoë Martínez", "Zoë Martínez"],
    ["café “quoted” – dash — €5 • ok…", "café “quoted” – dash — €5 • ok…"],
    ["Dvořák and Łukasz, Ő", "Dvorák and ?ukasz, O"],
    ["thumbs 👍🏽 family 👨‍👩‍👧 flag 🇺🇸", "thumbs ? family ? flag ?"],
    ["会议", "??"],
    ["e\u0301 \u2764\ufe0f", "é ?"],
    ["a\tb\u0007c\r\nd", "a    bc\nd"],
    ["non\u2011breaking → next", "non-breaking -> next"],
  ])("%j → %j", (input, expected) => {
    expect(toWinAnsi(input)).toBe(expected);
  });

  it("keeps each WinAnsi character as it is, alone (the quick path) and beside one it must replace (the full walk)", () => {
    const extras = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
    const chars = [
      ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
      ...Array.from({ length: 0x60 }, (_, i) => String.fromCharCode(0xa0 + i)),
      ...extras,
      "\n",
    ];
    for (const ch of chars) {
      expect(toWinAnsi(`a${ch}b`)).toBe(`a${ch}b`);
      expect(toWinAnsi(`a${ch}b会`)).toBe(`a${ch}b?`);
    }
  });
});

describe("formatters", () => {
  it("lists the notes' overview, then 'Key points' and 'Decisions' as headings over bullets, each decision once", async () => {
    const notes = {
      overview: "",
      keyPoints: [{ text: "Beta ships in April", speaker: null, start: null }],
      decisions: [{ text: "Hire two contractors", speaker: "Ana", start: 3725 }],
    };
    expect(notesBullets(notes)).toEqual([
      { text: "Key points", kind: "heading" },
      { text: "Beta ships in April", kind: "bullet" },
      { text: "Decisions", kind: "heading" },
      { text: "Hire two contractors (Ana, 1:02:05)", kind: "bullet" },
    ]);
    const { text } = await pdfText(await renderMeetingPdf({ ...meeting, notes }));
    expect(text).not.toMatch(/•\s*(Key points|Decisions)/);
    expect(text).toMatch(/•\s*Beta ships in April/);
    expect(text.split("Hire two contractors").length - 1).toBe(1);
  });

  it("formats durations and timestamps", () => {
    expect(formatDuration(45)).toBe("45 sec");
    expect(formatDuration(600)).toBe("10 min");
    expect(formatDuration(3900)).toBe("1 hr 5 min");
    expect(formatTimestamp(75.9)).toBe("[01:15]");
    expect(formatTimestamp(3725)).toBe("[1:02:05]");
  });
});
