// Exports against the real app: every format, file names safe on every OS, who may export,
// corrected text, and subtitles that re-import through our own transcript import to the same turns.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inflateRawSync } from "node:zlib";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import type { Utterance } from "../../../../contract/transcript";
import { eq } from "drizzle-orm";
import { meetings } from "../../db/schema";
import { contentDisposition, safeFileName } from "../../export/file-name";
import { parseTranscriptFile } from "../../pipeline/import";

/** The one error shape every API error answers with. */
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
let owner: TestClient;
let ownerId: string;

const turns: Utterance[] = [
  { speaker: "Maria Lopez", start: 1, end: 4.25, text: "Welcome everyone, let's start with the launch plan & the <budget>." },
  { speaker: "Sam Park", start: 4.5, end: 9, text: "I'll send the updated deck to the client by Friday." },
  { speaker: "Speaker 2", start: 9.5, end: 14.125, text: "Note: the venue -> downtown is booked." },
  { speaker: "Maria Lopez", start: 3723.5, end: 3730, text: "Thanks, see you next week." },
];

async function meeting(title: string, utterances: Utterance[] = turns) {
  const [row] = await t.ctx.database.db
    .insert(meetings)
    .values({
      userId: ownerId,
      title,
      status: "completed",
      sourceType: "file_upload",
      utterances,
      transcript: utterances.map((u) => u.text).join("\n"),
      notes: {
        overview: "The launch plan and the budget.",
        keyPoints: [{ text: "The launch plan is on track.", speaker: "Maria Lopez", start: 1 }],
        decisions: [{ text: "We launch in June.", speaker: "Sam Park", start: 4.5 }],
      },
      durationSeconds: 3730,
      recordedAt: new Date("2025-06-11T15:00:00Z"),
    })
    .returning();
  return row!.id;
}

/** One file out of a zip (local file headers; enough for the documents docx writes). */
function unzipEntry(zip: Buffer, name: string): string {
  for (let at = zip.indexOf("PK\x03\x04"); at >= 0; at = zip.indexOf("PK\x03\x04", at + 4)) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extra = zip.readUInt16LE(at + 28);
    if (zip.toString("utf8", at + 30, at + 30 + nameLength) !== name) continue;
    const data = zip.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    return (method === 8 ? inflateRawSync(data) : data).toString("utf8");
  }
  throw new Error(`${name} not in the zip`);
}

const get = (c: TestClient, id: string, format: string) =>
  fetch(`${t.url}/api/meetings/${id}/export.${format}`, { headers: { cookie: c.cookie } });

beforeAll(async () => {
  t = await startTestApp();
  owner = new TestClient(t.url);
  ownerId = (await owner.signUp(uniqueEmail("export"), "secret123", "Olivia Owner")).json.user.id;
});
afterAll(() => t.close());

describe("subtitles round-trip through our own import", () => {
  for (const format of ["srt", "vtt"] as const) {
    it(`${format.toUpperCase()}: the same speakers, texts and times`, async () => {
      const id = await meeting("Round trip");
      const res = await get(owner, id, format);
      expect(res.status).toBe(200);
      const text = await res.text();
      const back = parseTranscriptFile(`export.${format}`, text);
      expect(back.utterances.map(({ speaker, start, end, text }) => ({ speaker, start, end, text }))).toEqual(turns);
      // And through the upload, as a user would re-import it.
      const again = await owner.importTranscript(`export.${format}`, text, "Re-imported");
      const m = await owner.waitCompleted(again);
      expect(m.utterances.map(({ speaker, start, end, text }: Utterance) => ({ speaker, start, end, text }))).toEqual(turns);
    });
  }

  it("writes voice tags and escapes markup in WebVTT; numbered cues with commas in SRT", async () => {
    const id = await meeting("Tags");
    const vtt = await (await get(owner, id, "vtt")).text();
    expect(
      vtt.startsWith(
        "WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.250\n<v Maria Lopez>Welcome everyone, let's start with the launch plan &amp; the &lt;budget&gt;.</v>\n",
      ),
    ).toBe(true);
    expect(vtt).toContain("01:02:03.500 --> 01:02:10.000");
    const srt = await (await get(owner, id, "srt")).text();
    expect(srt.startsWith("1\n00:00:01,000 --> 00:00:04,250\nMaria Lopez: Welcome")).toBe(true);
    expect(srt).toContain("Speaker 2: Note: the venue -> downtown is booked.");
  });

  it("refuses subtitles for a transcript without times, saying which formats work", async () => {
    const id = await meeting("No times", [{ speaker: "", start: null, end: null, text: "Just text." }]);
    const res = await get(owner, id, "srt");
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).error.message).toMatch(/no timestamps.*Markdown, text or Word/);
    expect((await get(owner, id, "md")).status).toBe(200);
  });
});

describe("documents", () => {
  it("Markdown, text, Word and JSON carry the summary, decisions, items and the corrected transcript", async () => {
    const id = await meeting("Launch sync");
    await owner.post(`/api/meetings/${id}/action-items`, { description: "Send the deck", assignee: "Sam Park", dueDate: "2025-06-13" });
    expect(
      (await owner.patch(`/api/meetings/${id}/turns/1`, { text: "I'll send the signed contract to the client by Friday." })).status,
    ).toBe(200);

    const md = await get(owner, id, "md");
    expect(md.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(md.headers.get("content-disposition")).toBe(`attachment; filename="Launch sync.md"; filename*=UTF-8''Launch%20sync.md`);
    const mdText = await md.text();
    expect(mdText).toContain("# Launch sync\n\n*June 11, 2025 · 62 min · Maria Lopez, Sam Park, Speaker 2*");
    expect(mdText).toContain(
      "## Summary\n\nThe launch plan and the budget.\n\n### Key points\n\n- The launch plan is on track. (Maria Lopez, 00:01)",
    );
    expect(mdText).toContain("## Decisions\n\n- We launch in June. (Sam Park, 00:04)");
    expect(mdText).toContain("- [ ] Send the deck (**Sam Park**, due June 13, 2025)");
    expect(mdText).toContain("[00:04] **Sam Park**: I'll send the signed contract to the client by Friday.");
    expect(mdText).toContain("[1:02:03] **Maria Lopez**: Thanks, see you next week.");
    expect(mdText).not.toContain("updated deck");

    const txt = await (await get(owner, id, "txt")).text();
    expect(txt).toContain("Launch sync\n===========\nJune 11, 2025 · 62 min\nSpeakers: Maria Lopez, Sam Park, Speaker 2");
    expect(txt).toContain("[00:04] Sam Park: I'll send the signed contract");
    expect(txt).toContain("SUMMARY\n\nThe launch plan and the budget.\n\nKey points:\n- The launch plan is on track. (Maria Lopez, 00:01)");
    expect(txt).toContain("DECISIONS\n\n- We launch in June. (Sam Park, 00:04)");

    const docx = await get(owner, id, "docx");
    expect(docx.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const xml = unzipEntry(Buffer.from(await docx.arrayBuffer()), "word/document.xml");
    expect(xml).toContain("Launch sync");
    expect(xml).toContain("signed contract");
    expect(xml).toContain("We launch in June.");

    // The JSON file is the meeting's detail, with the plain transcript too: a file stands alone
    // (the API's answer sends the text once, in the turns: decision 040).
    const json = await (await get(owner, id, "json")).json();
    const detail = (await owner.get(`/api/meetings/${id}`)).json;
    expect(detail.transcript).toBeNull();
    expect(json).toEqual({ ...detail, transcript: expect.stringContaining("Welcome everyone, let's start with the launch plan") });
  });

  it("names files after the title, safe on every OS", async () => {
    expect(safeFileName('Q3 plan: budget/hiring? <final> "v2" | *', "md")).toBe("Q3 plan budget hiring final v2.md");
    expect(safeFileName("  ..hidden..  ", "txt")).toBe("hidden.txt");
    expect(safeFileName("CON", "txt")).toBe("CON meeting.txt");
    expect(safeFileName("lpt1.notes", "md")).toBe("lpt1.notes meeting.md");
    expect(safeFileName("???", "srt")).toBe("meeting.srt");
    expect(safeFileName("Réunion d'équipe — 日本", "docx")).toBe("Réunion d'équipe — 日本.docx");
    expect(Buffer.byteLength(safeFileName("é".repeat(300), "md"))).toBeLessThanOrEqual(154);
    expect(contentDisposition("Réunion 日本.md")).toBe(
      `attachment; filename="Reunion __.md"; filename*=UTF-8''R%C3%A9union%20%E6%97%A5%E6%9C%AC.md`,
    );
    const id = await meeting("Plan: A/B?");
    const res = await get(owner, id, "vtt");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="Plan A B.vtt"; filename*=UTF-8''Plan%20A%20B.vtt`);
    const pdf = await get(owner, id, "pdf");
    expect(pdf.headers.get("content-disposition")).toBe(`attachment; filename="Plan A B.pdf"; filename*=UTF-8''Plan%20A%20B.pdf`);
  });

  it("refuses unknown formats, strangers and signed-out callers", async () => {
    const id = await meeting("Private");
    const odd = await get(owner, id, "exe");
    expect(odd.status).toBe(400);
    expect(((await odd.json()) as ErrorBody).error.message).toMatch(/md, txt, srt, vtt, docx, json, pdf/);
    const stranger = new TestClient(t.url);
    await stranger.signUp(uniqueEmail("stranger"));
    expect((await get(stranger, id, "md")).status).toBe(404);
    expect((await get(new TestClient(t.url), id, "md")).status).toBe(401);
  });
});

describe("exports of any size, and names that cannot forge cues", () => {
  it("a speaker name with line breaks adds no cue to SRT or VTT, and no line to Markdown", async () => {
    const forged: Utterance[] = [
      { speaker: "Eve\n\n99\n00:00:00,000 --> 00:00:09,000\nMallory", start: 1, end: 2, text: "First line." },
      { speaker: "Bob", start: 3, end: 4, text: "Second line." },
    ];
    const id = await meeting("Forged names", forged);
    for (const format of ["srt", "vtt"] as const) {
      const text = await (await get(owner, id, format)).text();
      expect(text.match(/-->/g)).toHaveLength(2);
      const back = parseTranscriptFile(`x.${format}`, text);
      expect(back.utterances).toHaveLength(2);
      expect(back.utterances[1]!.text).toBe("Second line.");
    }
    const md = await (await get(owner, id, "md")).text();
    expect(md).not.toMatch(/^Mallory/m);
  });

  it("a 100,000-turn meeting exports in every text format, rendered in the CPU task process", async () => {
    const many: Utterance[] = Array.from({ length: 100_000 }, (_, i) => ({
      speaker: `Speaker ${i % 4}`,
      start: i * 3,
      end: i * 3 + 2,
      text: `Line ${i} about the launch plan.`,
    }));
    const id = await meeting("Marathon", many);
    for (const format of ["md", "txt", "srt", "vtt", "json"]) {
      const res = await get(owner, id, format);
      expect(res.status, format).toBe(200);
      const text = await res.text();
      expect(text, format).toContain("Line 99999 about the launch plan.");
    }
  });
});

describe("notes through the real pipeline", () => {
  const vtt = [
    "WEBVTT",
    "",
    "00:00:01.000 --> 00:00:06.000",
    "<v Maria Lopez>Thanks for joining. Today we look at the payment provider and the mobile launch date.",
    "",
    "00:00:07.000 --> 00:00:14.000",
    "<v Sam Park>The current provider charges three percent per transaction and their support takes days to answer.",
    "",
    "00:00:15.000 --> 00:00:21.000",
    "<v Maria Lopez>Stripe charges less per transaction and the integration work is about two weeks for the backend team.",
    "",
    "00:00:22.000 --> 00:00:27.000",
    "<v Sam Park>So we'll go with Stripe for the payment provider from next quarter.",
    "",
    "00:00:28.000 --> 00:00:33.000",
    "<v Maria Lopez>Agreed. The mobile launch depends on the app store review, which takes about a week.",
    "",
    "00:00:34.000 --> 00:00:40.000",
    "<v Sam Park>Okay, we're decided: the mobile launch moves to April second so the review fits.",
    "",
    "00:00:41.000 --> 00:00:47.000",
    "<v Maria Lopez>I'll send the revised launch plan to the marketing team by Friday.",
    "",
  ].join("\n");

  /** The export's text before its transcript (which repeats what was said). */
  const notesPart = (text: string, marker: string) => text.slice(0, text.indexOf(marker) < 0 ? text.length : text.indexOf(marker));
  const count = (text: string, piece: string) => text.split(piece).length - 1;

  it("stores the notes as structure without markdown, and every export lists each decision exactly once", async () => {
    const id = await owner.importTranscript("sync.vtt", vtt, "Payments sync");
    const m = await owner.waitCompleted(id);
    const decisions: { text: string; speaker: string | null; start: number | null }[] = m.notes.decisions;
    expect(decisions.length).toBeGreaterThanOrEqual(1);
    expect(decisions.some((d) => /Stripe/.test(d.text) && d.speaker === "Sam Park" && d.start === 22)).toBe(true);

    // What the database holds: structure, plain text only.
    const [row] = await t.ctx.database.db.select({ notes: meetings.notes }).from(meetings).where(eq(meetings.id, id));
    const notes = row!.notes!;
    expect(Object.keys(notes).sort()).toEqual(["decisions", "keyPoints", "overview"]);
    for (const text of [notes.overview, ...notes.keyPoints.map((p) => p.text), ...notes.decisions.map((p) => p.text)]) {
      expect(text).not.toMatch(/\*\*|__|^\s*(?:[-*•]|#{1,6})\s|\n/);
    }

    // Each decision once in every document format (the notes part; the transcript below repeats what was said).
    // The longest run of plain words of each decision (formats escape apostrophes and punctuation differently).
    const phrases = decisions.map((d) => d.text.split(/[^\p{L}\p{N} ]/u).reduce((a, b) => (b.trim().length > a.length ? b.trim() : a), ""));
    const md = notesPart(await (await get(owner, id, "md")).text(), "## Transcript");
    const txt = notesPart(await (await get(owner, id, "txt")).text(), "TRANSCRIPT");
    const xml = unzipEntry(Buffer.from(await (await get(owner, id, "docx")).arrayBuffer()), "word/document.xml");
    const docx = notesPart(xml, ">Transcript<");
    const { extractText, getDocumentProxy } = await import("unpdf");
    const pdfBytes = new Uint8Array(await (await get(owner, id, "pdf")).arrayBuffer());
    const pdf = notesPart(
      (await extractText(await getDocumentProxy(pdfBytes), { mergePages: true })).text.replace(/\s+/g, " "),
      "Transcript",
    );
    for (const phrase of phrases) {
      expect(phrase.length).toBeGreaterThan(8);
      expect(count(md, phrase), `md: ${phrase}`).toBe(1);
      expect(count(txt, phrase), `txt: ${phrase}`).toBe(1);
      expect(count(docx, phrase), `docx: ${phrase}`).toBe(1);
      expect(count(pdf, phrase), `pdf: ${phrase}`).toBe(1);
    }
    const json = (await (await get(owner, id, "json")).json()) as { notes: { decisions: unknown } };
    expect(json.notes.decisions).toEqual(decisions);
    expect(json).not.toHaveProperty("summary");
    expect(json).not.toHaveProperty("decisions");
  });
});
