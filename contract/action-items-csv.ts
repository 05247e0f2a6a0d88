// action_items.csv export. Runs in the browser and on the server, so no Node imports.

export interface CsvActionItem {
  task: string;
  assignee: string | null;
  dueDate: string | null;
  completed: boolean;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

function quote(value: string): string {
  return `"${neutralise(value).replace(/"/g, '""')}"`;
}

/**
 * OWASP CSV injection: a cell a spreadsheet would run as a formula (first character =, +,
 * -, @, tab or carriage return, also after leading spaces) gets a leading apostrophe, so
 * it shows as text. Task text and names come from transcripts anyone can write.
 */
export function neutralise(value: string): string {
  return /^\s*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** 'YYYY-MM-DD' as "January 5, 2026". Read as a calendar date: `new Date('2026-01-05')` is UTC
 * midnight and shows as January 4 west of Greenwich, so the parts are used directly. */
export function formatLongUsDate(isoDate: string | null): string {
  if (!isoDate) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return "";
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > 31) return "";
  return `${MONTHS[month - 1]} ${day}, ${Number(m[1])}`;
}

// The long date contains a comma, so it is quoted; an empty date stays an empty cell.
function dueCell(isoDate: string | null): string {
  const text = formatLongUsDate(isoDate);
  return text ? quote(text) : "";
}

/** The action_items.csv file: header, then one line per item, lines joined by '\n'. */
export function toActionItemsCsv(items: CsvActionItem[]): string {
  const lines = ["Task,Assignee,Due Date,Status"];
  for (const item of items) {
    lines.push([quote(item.task), quote(item.assignee ?? ""), dueCell(item.dueDate), item.completed ? "Completed" : "Pending"].join(","));
  }
  return lines.join("\n");
}
