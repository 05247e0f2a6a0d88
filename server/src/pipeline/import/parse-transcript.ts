import type { Utterance } from "../../../../contract/transcript";
import { decodeEntities } from "./entities";
import { splitSpeakerPrefix } from "./speaker-prefix";
import { AppError } from "../../core/errors";

export type ImportFormat = "teams-vtt" | "zoom-vtt" | "vtt" | "srt" | "meet-txt" | "timestamped-txt" | "plain-txt";

export interface ImportedTranscript {
  utterances: Utterance[];
  /** Utterance texts joined by newlines (Transcript.text). */
  text: string;
  title: string | null;
  recordedAt: Date | null;
  format: ImportFormat;
}

/** A file we cannot read as a transcript; the message is meant for the user. */
export class ImportError extends AppError {
  constructor(message: string) {
    super("IMPORT_INVALID", message);
    this.name = "ImportError";
  }
}

const SUPPORTED = "Upload a transcript exported as WebVTT (.vtt), SubRip (.srt) or plain text (.txt).";

// A speaker-less transcript ("just text") becomes one utterance with this speaker: empty means
// "unknown", which the UI shows without a name and the summarizer never uses as an owner.
export const UNKNOWN_SPEAKER = "";

interface Cue {
  speaker: string;
  start: number | null;
  end: number | null;
  text: string;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

/**
 * What one transcript file may hold (IMPORT_MAX_CUES, IMPORT_MAX_WORDS in config): more than any real
 * meeting has, and what the notes step finishes within its budget. A bigger file is refused, not parsed.
 */
export interface ImportLimits {
  maxCues: number;
  maxWords: number;
}
export const DEFAULT_IMPORT_LIMITS: ImportLimits = { maxCues: 100_000, maxWords: 2_000_000 };
const MAX_HOURS = 99;

function parseTimestamp(value: string): number {
  const [clock = "", frac = "0"] = value.split(/[.,]/);
  const parts = clock.split(":").map(Number);
  while (parts.length < 3) parts.unshift(0);
  const [h = 0, m = 0, s = 0] = parts;
  if (h > MAX_HOURS)
    throw new ImportError(
      `The cue time "${value.slice(0, 40)}" is over ${MAX_HOURS} hours, so this is not a meeting transcript. Check the file's times.`,
    );
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  // Integer milliseconds first so that 0.1 + 0.2 style errors do not leak into the times.
  return (h * 3600_000 + m * 60_000 + s * 1000 + ms) / 1000;
}

function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function ensureReadable(fileName: string, content: string): string {
  const text = content.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!text.trim()) {
    throw new ImportError(`"${fileName}" is empty. ${SUPPORTED}`);
  }
  const sample = text.slice(0, 8192);
  // NUL bytes, many control characters or decoding failures mean a binary file (audio, .docx, .pdf…).
  const control = sample.match(/[\u0000-\u0008\u000E-\u001F\uFFFD]/g)?.length ?? 0;
  if (sample.includes("\u0000") || control > Math.max(2, sample.length * 0.01)) {
    throw new ImportError(
      `"${fileName}" is not a text file (it looks like binary data, e.g. audio, a Word document or a PDF). ${SUPPORTED} To transcribe a recording, upload it as audio instead.`,
    );
  }
  return text;
}

/** Merges consecutive cues of the same speaker: texts joined by single spaces, first start, last end. */
export function mergeCues(cues: Cue[]): Utterance[] {
  const out: Utterance[] = [];
  for (const cue of cues) {
    const text = normaliseSpace(cue.text);
    if (!text) continue;
    const last = out[out.length - 1];
    if (last && last.speaker === cue.speaker) {
      last.text = `${last.text} ${text}`;
      if (cue.end !== null && (last.end === null || cue.end > last.end)) last.end = cue.end;
      if (last.start === null) last.start = cue.start;
    } else {
      out.push({ speaker: cue.speaker, start: cue.start, end: cue.end, text });
    }
  }
  return out;
}

// ---------------------------------------------------------------- WebVTT / SRT

function stripCueTags(text: string): string {
  // <c.x>, <i>, <b>, <u>, <lang>, <ruby>, inline timestamps <00:00:01.000>.
  // A tag's inside stops at the next "<" as well as ">": with "[^>]*", a file of "<b <b <b …"
  // without ">" rescans to its end from every "<b" (quadratic: 20 s for 200 KB, decision 041).
  return text.replace(/<\/?(?:c|i|b|u|lang|ruby|rt|font|span)(?:[.\s][^<>]*)?>/gi, "").replace(/<\d[\d:.]*>/g, "");
}

interface RawBlock {
  start: number;
  end: number;
  lines: string[];
}

function readTimedBlocks(text: string, maxCues: number): RawBlock[] {
  const blocks: RawBlock[] = [];
  const lines = text.split("\n");
  let current: RawBlock | null = null;
  for (const line of lines) {
    const timing = TIMING.exec(line);
    // Both groups always take part in a match.
    if (timing?.[1] !== undefined && timing[2] !== undefined) {
      current = { start: parseTimestamp(timing[1]), end: parseTimestamp(timing[2]), lines: [] };
      blocks.push(current);
      if (blocks.length > maxCues) throw tooManyCues(maxCues);
      continue;
    }
    if (!line.trim()) {
      current = null;
      continue;
    }
    if (current) current.lines.push(line);
    // Lines outside a cue are cue ids, WEBVTT/NOTE/STYLE headers: ignored.
  }
  return blocks;
}

function parseVoiceSpans(payload: string, fallback: string): { speaker: string; text: string }[] {
  const spans: { speaker: string; text: string }[] = [];
  // "[^<>]", not "[^>]": an unclosed "<v " must not rescan the rest of the cue (see stripCueTags).
  const re = /<v(?:\.[^\s<>]*)?\s+([^<>]*)>([\s\S]*?)(?:<\/v>|(?=<v[\s.])|$)/g;
  const before = payload.split(/<v[\s.]/)[0] ?? "";
  if (stripCueTags(before).trim()) spans.push({ speaker: fallback, text: before });
  let m: RegExpExecArray | null;
  while ((m = re.exec(payload))) {
    spans.push({ speaker: normaliseSpace(decodeEntities(m[1] ?? "")), text: m[2] ?? "" });
    if (m[0].length === 0) re.lastIndex++;
  }
  return spans;
}

function parseVtt(text: string, fileName: string, maxCues: number): { cues: Cue[]; format: ImportFormat } {
  const blocks = readTimedBlocks(text, maxCues);
  const cues: Cue[] = [];
  let voiceTags = 0;
  let prefixes = 0;
  let lastSpeaker = UNKNOWN_SPEAKER;
  for (const block of blocks) {
    const payload = block.lines.join("\n");
    if (/<v[\s.]/.test(payload)) {
      voiceTags++;
      for (const span of parseVoiceSpans(payload, lastSpeaker)) {
        lastSpeaker = span.speaker;
        cues.push({ speaker: span.speaker, start: block.start, end: block.end, text: decodeEntities(stripCueTags(span.text)) });
      }
      continue;
    }
    const body = decodeEntities(stripCueTags(payload));
    const prefix = splitSpeakerPrefix(body.split("\n")[0] ?? "");
    if (prefix) {
      prefixes++;
      const rest = body.split("\n").slice(1).join(" ");
      cues.push({ speaker: prefix.speaker, start: block.start, end: block.end, text: `${prefix.text} ${rest}` });
    } else {
      cues.push({ speaker: UNKNOWN_SPEAKER, start: block.start, end: block.end, text: body });
    }
  }
  if (!cues.length) throw new ImportError(`"${fileName}" is a WebVTT file without any cues, so there is no text to import. ${SUPPORTED}`);
  const format: ImportFormat = voiceTags ? "teams-vtt" : prefixes ? "zoom-vtt" : "vtt";
  return { cues: resolveUnknownSpeakers(cues, prefixes + voiceTags > 0), format };
}

function parseSrt(text: string, fileName: string, maxCues: number): Cue[] {
  const cues: Cue[] = [];
  let named = 0;
  for (const block of readTimedBlocks(text, maxCues)) {
    const lines = block.lines.map((l) => decodeEntities(stripCueTags(l)));
    // Only the first line of a cue may carry "Name:"; wrapped lines can end in "Steve:".
    const prefix = lines[0] !== undefined ? splitSpeakerPrefix(lines[0]) : null;
    if (prefix) named++;
    const body = prefix ? [prefix.text, ...lines.slice(1)].join(" ") : lines.join(" ");
    cues.push({ speaker: prefix ? prefix.speaker : UNKNOWN_SPEAKER, start: block.start, end: block.end, text: body });
  }
  if (!cues.length) throw new ImportError(`"${fileName}" has no subtitle cues with times, so there is no text to import. ${SUPPORTED}`);
  return resolveUnknownSpeakers(cues, named > 0);
}

// In a named transcript, a cue without a prefix continues the previous speaker (Zoom and
// SRT exports split long turns and sometimes drop the repeated name).
function resolveUnknownSpeakers(cues: Cue[], named: boolean): Cue[] {
  if (!named) return cues;
  let last = UNKNOWN_SPEAKER;
  return cues.map((c) => {
    if (c.speaker === UNKNOWN_SPEAKER) return { ...c, speaker: last };
    last = c.speaker;
    return c;
  });
}

function byStart(cues: Cue[]): Cue[] {
  // Teams can list cues out of order; a stable sort keeps overlapping interruptions in place.
  return cues
    .map((c, i) => ({ c, i }))
    .sort((a, b) => (a.c.start ?? 0) - (b.c.start ?? 0) || a.i - b.i)
    .map((x) => x.c);
}

// ---------------------------------------------------------------- text exports

const MEET_TITLE =
  /^(.+?)\s*\((\d{4}-\d{2}-\d{2})\s+(\d{1,2}):(\d{2})\s*(?:GMT|UTC)\s*([+-]\d{1,2})?(?::?(\d{2}))?\)\s*-\s*Transcript\s*$/i;
const MAX_TITLE_LINE = 1000;
const BRACKET_LINE = /^\[((?:\d+:)?\d{1,2}:\d{2})\]\s*(.*)$/;
const MARKER_LINE = /^(?:\d+:)?\d{1,2}:\d{2}$/;

function meetDate(m: RegExpExecArray): Date {
  // The pattern guarantees YYYY-MM-DD; NaN (an invalid date) if it ever did not.
  const [y = NaN, mo = NaN, d = NaN] = (m[2] ?? "").split("-").map(Number);
  const offsetH = m[5] ? Number(m[5]) : 0;
  const offsetM = m[6] ? Number(m[6]) * Math.sign(offsetH || 1) : 0;
  // Local wall time minus the GMT offset gives UTC.
  return new Date(Date.UTC(y, mo - 1, d, Number(m[3]) - offsetH, Number(m[4]) - offsetM));
}

// A title line with only a calendar date ("Design review - 2025-06-11") has no time of day; noon UTC
// keeps the same calendar day in every time zone from UTC-11 to UTC+11.
function dateInTitle(title: string): Date | null {
  const m = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(title);
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return Number.isNaN(date.getTime()) ? null : date;
}

function parseText(text: string): Omit<ImportedTranscript, "text"> {
  const lines = text.split("\n").map((l) => l.trim());
  const nonEmpty = lines.filter(Boolean);
  let title: string | null = null;
  let recordedAt: Date | null = null;
  let body = nonEmpty;
  let format: ImportFormat = "plain-txt";

  // A title line is short; the pattern backtracks quadratically over a long line of spaces.
  const firstLine = nonEmpty[0] ?? "";
  const meet = firstLine.length <= MAX_TITLE_LINE ? MEET_TITLE.exec(firstLine) : null;
  if (meet) {
    format = "meet-txt";
    title = (meet[1] ?? "").trim();
    recordedAt = meetDate(meet);
    body = nonEmpty.slice(1);
    if (/^attendees$/i.test(body[0] ?? "")) {
      // The attendee list runs until the "Transcript" heading.
      const t = body.findIndex((l) => /^transcript$/i.test(l));
      body = t >= 0 ? body.slice(t + 1) : body.slice(2);
    }
    if (/^transcript$/i.test(body[0] ?? "")) body = body.slice(1);
  }

  const bracketed = body.filter((l) => BRACKET_LINE.test(l)).length;
  if (!meet && bracketed > 0 && bracketed >= body.length / 2) {
    format = "timestamped-txt";
    const heading = body[0];
    if (heading !== undefined && !BRACKET_LINE.test(heading)) {
      title = heading;
      recordedAt = dateInTitle(heading);
      body = body.slice(1);
    }
  }

  const cues: Cue[] = [];
  let named = 0;
  for (const line of body) {
    if (format === "meet-txt" && MARKER_LINE.test(line)) continue;
    let start: number | null = null;
    let rest = line;
    if (format === "timestamped-txt") {
      const b = BRACKET_LINE.exec(line);
      if (b) {
        start = parseTimestamp(`${b[1]}.000`);
        rest = b[2] ?? "";
      }
    }
    const prefix = splitSpeakerPrefix(rest);
    const last = cues.at(-1);
    if (prefix) {
      named++;
      cues.push({ speaker: prefix.speaker, start, end: null, text: prefix.text });
    } else if (last) {
      // A paragraph without a name continues the previous speaker.
      cues.push({ speaker: last.speaker, start: start ?? null, end: null, text: rest });
    } else {
      cues.push({ speaker: UNKNOWN_SPEAKER, start, end: null, text: rest });
    }
  }

  const first = cues[0];
  if (format === "plain-txt" && named > 0 && cues.length > 1 && first?.speaker === UNKNOWN_SPEAKER) {
    // A short first line before the first "Name:" line is a heading, not speech.
    if (first.text.length <= 120 && !/[.?!]$/.test(first.text)) {
      title = first.text;
      recordedAt = dateInTitle(first.text);
      cues.shift();
    }
  }
  if (named === 0) {
    // No speakers at all: one utterance of the whole text.
    const all = normaliseSpace(cues.map((c) => c.text).join(" "));
    const start = cues.find((c) => c.start !== null)?.start ?? null;
    return { utterances: all ? [{ speaker: UNKNOWN_SPEAKER, start, end: null, text: all }] : [], title, recordedAt, format };
  }
  return { utterances: mergeCues(cues), title, recordedAt, format };
}

// ---------------------------------------------------------------- entry point

/**
 * Parses an exported meeting transcript (Teams/Zoom/plain WebVTT, SubRip, Google Meet document
 * text, `[HH:MM:SS] Name: text` notes, `Name: text` lines or bare text). Times are seconds.
 * Throws ImportError with a user-facing message for empty, binary or unreadable files.
 */
export function parseTranscriptFile(fileName: string, content: string, limits: ImportLimits = DEFAULT_IMPORT_LIMITS): ImportedTranscript {
  const text = ensureReadable(fileName, content);
  const trimmed = text.trimStart();
  let result: Omit<ImportedTranscript, "text">;
  if (/^WEBVTT\b/.test(trimmed) || (/\.vtt$/i.test(fileName) && TIMING.test(text) && !/-->\s*[\d:]*,/.test(text))) {
    const { cues, format } = parseVtt(text, fileName, limits.maxCues);
    result = { utterances: mergeCues(byStart(cues)), title: null, recordedAt: null, format };
  } else if (/^\d+\s*\n\s*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}\s*-->/.test(trimmed) || (/\.srt$/i.test(fileName) && TIMING.test(text))) {
    result = { utterances: mergeCues(byStart(parseSrt(text, fileName, limits.maxCues))), title: null, recordedAt: null, format: "srt" };
  } else {
    if (/\.(vtt|srt)$/i.test(fileName)) {
      throw new ImportError(
        `"${fileName}" does not contain any cue times ("00:00:01.000 --> 00:00:04.000"), so it is not a valid subtitle file. ${SUPPORTED}`,
      );
    }
    result = parseText(text);
  }
  if (result.utterances.length > limits.maxCues) throw tooManyCues(limits.maxCues);
  let words = 0;
  for (const u of result.utterances) words += u.text.split(/\s+/).length;
  if (words > limits.maxWords)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This transcript has ${words.toLocaleString("en")} words; one meeting may have at most ${limits.maxWords.toLocaleString("en")}. Split it into parts and upload each.`,
    );
  if (!result.utterances.length || !result.utterances.some((u) => /\p{L}/u.test(u.text))) {
    throw new ImportError(`"${fileName}" contains no transcript text we could recognise. ${SUPPORTED}`);
  }
  return { ...result, text: result.utterances.map((u) => u.text).join("\n") };
}

function tooManyCues(maxCues: number): AppError {
  return new AppError(
    "PAYLOAD_TOO_LARGE",
    `This transcript has more than ${maxCues.toLocaleString("en")} cues (turns), more than one meeting may have. Split it into parts and upload each.`,
  );
}
