// A meeting's title from its file name, shared by the upload form and the upload endpoint so
// both name a file the same way. Meeting tools export files whose names say nothing about the
// meeting (Teams: "transcript.vtt"; Zoom: "GMT20250312-140000_Recording.transcript.vtt";
// recorders: "audio.m4a", "New Recording 12.m4a"); such a name gives "Meeting on <date>" so
// meetings can be told apart in a list (docs/decisions/038).

/** Words that say only what kind of file it is, not which meeting. */
const GENERIC_WORDS = new Set([
  "transcript",
  "transcripts",
  "transcription",
  "captions",
  "subtitles",
  "recording",
  "recordings",
  "record",
  "rec",
  "audio",
  "video",
  "voice",
  "memo",
  "meeting",
  "meetings",
  "zoom",
  "teams",
  "microsoft",
  "new",
  "untitled",
  "file",
  "clip",
  "screen",
  "capture",
  "gmt",
]);

/** Zoom's cloud recordings: "GMT20250312-140000" (UTC). */
const ZOOM_STAMP = /GMT(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/i;

/** The file name without its last extension: "Weekly sync.final.mp4" → "Weekly sync.final". */
export function fileNameStem(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name).trim();
}

/** The time a file name carries (Zoom's GMT stamp), or null. */
export function dateFromFileName(name: string): Date | null {
  const m = ZOOM_STAMP.exec(name);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // "GMT20251399-…" is not a date; Date.UTC would roll it over into another month.
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 ? date : null;
}

/** True when a name says nothing about the meeting: only generic words, numbers and stamps. */
export function isGenericFileName(name: string): boolean {
  const words =
    fileNameStem(name)
      .replace(ZOOM_STAMP, " ")
      .replace(/\d+x\d+/gi, " ") // a video size: "_1920x1080"
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  return words.every((w) => GENERIC_WORDS.has(w));
}

/** "Meeting on Mar 12, 2025, 14:00"; timeZone "UTC" adds " UTC", none uses the local zone. */
export function meetingTitleForDate(date: Date, timeZone?: string): string {
  const when = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
  return `Meeting on ${when}${timeZone === "UTC" ? " UTC" : ""}`;
}

/**
 * The title a file gives a meeting: its name without the extension when the name says
 * something ("Q3 budget review.vtt" → "Q3 budget review"), else "Meeting on <date>" from the
 * time in the name (Zoom) or, lacking one, `fallbackDate` (the upload time).
 */
export function titleFromFileName(name: string, fallbackDate: Date, timeZone?: string): string {
  if (!isGenericFileName(name)) return fileNameStem(name);
  return meetingTitleForDate(dateFromFileName(name) ?? fallbackDate, timeZone);
}

/**
 * A title no other meeting of the user has: `title`, else "title (2)", "title (3)", …
 * Several generic files imported in the same minute all became "Meeting on <date, time>";
 * a numbered suffix tells them apart the way file managers do (walkthrough finding 4).
 */
export function numberedTitle(title: string, taken: Iterable<string>, maxLength = Infinity): string {
  const used = new Set(taken);
  if (!used.has(title)) return title;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = title.slice(0, Math.max(0, maxLength - suffix.length)).trimEnd() + suffix;
    if (!used.has(candidate)) return candidate;
  }
}
