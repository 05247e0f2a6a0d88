// Display formats for meetings (spec section 2): long US dates, durations, timestamps.
import { formatLongUsDate } from "../../../../contract/action-items-csv";

const longDate = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/** An ISO timestamp as "June 11, 2025" (local time); '' when missing or invalid. */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longDate.format(date);
}

/** A calendar date 'YYYY-MM-DD' as "June 11, 2025" (no time-zone shift). */
export function formatDueDate(isoDate: string | null | undefined): string {
  return formatLongUsDate(isoDate ?? null);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** List view: whole minutes ('1 minute', 'N minutes') or 'Unknown duration'. */
export function formatListDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return "Unknown duration";
  return plural(Math.max(1, Math.round(seconds / 60)), "minute");
}

/** Detail view: '45 seconds' under a minute, else '3 minutes 20 seconds'; 'Duration unknown' if missing. */
export function formatDetailDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return "Duration unknown";
  const total = Math.round(seconds);
  if (total < 60) return plural(total, "second");
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return rest ? `${plural(minutes, "minute")} ${plural(rest, "second")}` : plural(minutes, "minute");
}

/** Seconds as 'mm:ss' (or 'h:mm:ss' past an hour). */
export function formatTimestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
  return h ? `${h}:${mmss}` : mmss;
}

/** A said-at time's button: it plays the recording, or, with none, opens the moment in the transcript. */
export function momentLabel(seconds: number, plays: boolean): string {
  return `${plays ? "Play from" : "Open the moment at"} ${formatTimestamp(seconds)}`;
}

/** 'Date' → 'YYYY-MM-DD' in local time (for the due-date picker). */
export function toIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** 'YYYY-MM-DD' → local Date at midnight (for the due-date picker). */
export function fromIsoDate(isoDate: string | null | undefined): Date | undefined {
  const m = isoDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate) : null;
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : undefined;
}
