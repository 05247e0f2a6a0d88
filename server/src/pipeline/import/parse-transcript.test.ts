import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors";
import { offThread } from "../../workers/off-thread";
import type { ImportedRows } from "../../workers/imported-rows";
import { DEFAULT_IMPORT_LIMITS, ImportError, parseTranscriptFile } from "./parse-transcript";
import { looksLikeSpeakerName, splitSpeakerPrefix } from "./speaker-prefix";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures");
const load = (name: string) => parseTranscriptFile(name, readFileSync(path.join(dir, name), "utf8"));

describe("parseTranscriptFile", () => {
  it("reads Teams WebVTT: voice tags, entities, multi-line spans, overlap, merging", () => {
    const t = load("teams.vtt");
    expect(t.format).toBe("teams-vtt");
    expect(t.utterances).toEqual([
      { speaker: "Renée Dubois", start: 1.5, end: 6, text: "Morning all. The Q&A doc is in the shared drive. Let's start — quickly." },
      { speaker: "Tomás O'Neil", start: 5.8, end: 7.125, text: "Sounds good: go ahead." },
      { speaker: "Renée Dubois", start: 7.4, end: 9, text: "Thanks, Tomás." },
    ]);
    expect(t.text.split("\n")).toHaveLength(3);
    expect(t.title).toBeNull();
  });

  it("reads Zoom WebVTT and keeps generic labels and colons inside the text", () => {
    const t = load("zoom.vtt");
    expect(t.format).toBe("zoom-vtt");
    expect(t.utterances).toEqual([
      { speaker: "Ada Obi", start: 0.9, end: 5.5, text: "First part of a long turn, and the second part." },
      { speaker: "Speaker 2", start: 5.6, end: 6.1, text: "Note: this colon is inside the text." },
    ]);
  });

  it("reads SRT: comma times, wrapped lines ending in 'Name:' are not new speakers", () => {
    const t = load("wrapped.srt");
    expect(t.format).toBe("srt");
    expect(t.utterances.map((u) => [u.speaker, u.start, u.end, u.text])).toEqual([
      ["Rachel Kim", 1, 4.5, "Okay, so one more action item, Steve: the removal fee."],
      ["Steve Marchetti", 4.6, 7.25, "Yep, I'll ask Linda. This week for sure."],
    ]);
  });

  it("reads Google Meet documents: header gives title and time, not utterances", () => {
    const t = load("meet.txt");
    expect(t.format).toBe("meet-txt");
    expect(t.title).toBe("Acme: weekly sync");
    expect(t.recordedAt?.toISOString()).toBe("2025-04-08T17:02:00.000Z");
    expect(t.utterances).toEqual([
      { speaker: "Jo Park", start: null, end: null, text: "Hi Sam. Agenda: budget and hiring." },
      { speaker: "Sam Lee", start: null, end: null, text: "Hi Jo. Budget first then." },
    ]);
  });

  it("reads [HH:MM:SS] Name: text lines with a title line", () => {
    const t = load("timestamped.txt");
    expect(t.format).toBe("timestamped-txt");
    expect(t.title).toBe("Design review: flows v2 - 2025-06-11");
    expect(t.recordedAt?.toISOString().slice(0, 10)).toBe("2025-06-11");
    expect(t.utterances.map((u) => [u.speaker, u.start, u.text])).toEqual([
      ["Hannah Cho", 1, "Let's go."],
      ["Omar Haddad", 65, "Ready when you are. Still me."],
    ]);
  });

  it("reads plain Name: text lines; a line without a name continues the speaker", () => {
    const t = load("plain.txt");
    expect(t.format).toBe("plain-txt");
    expect(t.utterances).toEqual([
      { speaker: "Speaker 1", start: null, end: null, text: "The plan is simple: ship on Friday." },
      { speaker: "Speaker 2", start: null, end: null, text: "Okay. The reason is: we promised it." },
    ]);
  });

  it("turns text without speakers into one utterance with the unknown speaker ''", () => {
    const t = load("nospeakers.txt");
    expect(t.utterances).toEqual([
      { speaker: "", start: null, end: null, text: "We talked about the budget. The conclusion was: spend less. Nobody had questions." },
    ]);
  });

  it("rejects empty, binary and cue-less files with a helpful ImportError", () => {
    expect(() => parseTranscriptFile("a.txt", "  \n\n")).toThrow(/empty/);
    expect(() => parseTranscriptFile("a.txt", "  \n\n")).toThrow(ImportError);
    expect(() => parseTranscriptFile("talk.mp3", "ID3\u0004\u0000\u0000\u0000\u0000\u0001\u0002binary")).toThrow(/not a text file/);
    expect(() => parseTranscriptFile("x.vtt", "WEBVTT\n\nNOTE nothing here\n")).toThrow(/without any cues/);
    expect(() => parseTranscriptFile("x.srt", "just words, no times")).toThrow(/cue times/);
    expect(() => parseTranscriptFile("x.txt", "12:00\n--- ...")).toThrow(/no transcript text/);
  });

  it("handles CRLF line endings and a byte-order mark", () => {
    const t = parseTranscriptFile("x.srt", "\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nAl Li: Hi.\r\n");
    expect(t.utterances).toEqual([{ speaker: "Al Li", start: 1, end: 2, text: "Hi." }]);
  });
});

describe("speaker prefix detection", () => {
  it("accepts names and labels", () => {
    for (const n of ["Priya Raman", "Zoë Martínez", "Brian O'Connor", "Speaker 3", "Maria de la Cruz", "JP"]) {
      expect(looksLikeSpeakerName(n), n).toBe(true);
    }
  });
  it("rejects ordinary sentences and labels with colons", () => {
    for (const line of [
      "So the plan is: ship it",
      "Action item: Priya to confirm",
      "Note: bring snacks",
      "we decided: no",
      "The Very Long Name Of Some Committee Here: x",
      "At 10:30 we start",
    ]) {
      expect(splitSpeakerPrefix(line), line).toBeNull();
    }
  });
});

// Decision 041: shapes that made the parser's patterns rescan the rest of the file from every
// position (quadratic: 20–60 s for 200 KB on the API's thread, so hours for 2 MB). Each 2 MB file
// runs in the CPU task process under a budget; before the fix every one ended as TOO_COMPLEX.
describe("pathological transcript files parse in linear time", () => {
  const budget = { timeoutSeconds: 30, memoryMb: 1024 };
  const cue = "00:00:01.000 --> 00:00:02.000\n";
  const shapes: [string, string, string, (t: ImportedRows | AppError) => void][] = [
    [
      "an unclosed voice tag repeated",
      "a.vtt",
      `WEBVTT\n\n${cue}Hello <v ${"<v ".repeat(700_000)}`,
      (t) => expect(t).not.toBeInstanceOf(AppError),
    ],
    ["a voice tag with a class, unclosed", "a.vtt", `WEBVTT\n\n${cue}${"<v.a".repeat(500_000)}`, (t) => expect(t).toBeInstanceOf(AppError)],
    [
      "an unclosed style tag repeated",
      "a.vtt",
      `WEBVTT\n\n${cue}Hello ${"<c ".repeat(700_000)}`,
      (t) => expect(t).not.toBeInstanceOf(AppError),
    ],
    [
      "SRT with an unclosed bold tag repeated",
      "a.srt",
      `1\n${cue.replace(/\./g, ",")}Ann: hi ${"<b ".repeat(700_000)}`,
      (t) => expect(t).not.toBeInstanceOf(AppError),
    ],
    ["a first line of 2 MB of spaces", "a.txt", `A${" ".repeat(2_000_000)}B: hello there`, (t) => expect(t).not.toBeInstanceOf(AppError)],
    [
      "a .vtt without header and a run of arrows",
      "a.vtt",
      `${cue}hello there\n${"-->".repeat(700_000)}`,
      (t) => expect(t).not.toBeInstanceOf(AppError),
    ],
  ];
  for (const [name, fileName, content, check] of shapes)
    it(name, async () => {
      const out = await offThread("parse-transcript", { fileName, content, limits: DEFAULT_IMPORT_LIMITS }, budget).catch(
        (e: unknown) => e as AppError,
      );
      if (out instanceof AppError) expect(out.code).not.toBe("TOO_COMPLEX");
      check(out);
    });

  it("still reads tags that are closed", () => {
    const t = parseTranscriptFile("a.vtt", `WEBVTT\n\n${cue}<v Ann>hi <b>there</b></v><v.loud Bob Smith>yo <c.x>ok</c></v>`);
    expect(t.utterances.map((u) => [u.speaker, u.text])).toEqual([
      ["Ann", "hi there"],
      ["Bob Smith", "yo ok"],
    ]);
  });
});
