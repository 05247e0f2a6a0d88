// The search page's filters, kept in the address (?q=&kind=&speaker=&from=&to=&sort=) so a filtered search
// can be bookmarked, shared and gone back to; passed to GET /api/search as they are.
import type { SearchKind } from "../../../../contract/search";

export interface SearchFilters {
  kind: SearchKind | "";
  speaker: string;
  /** YYYY-MM-DD, meetings held on or after. */
  from: string;
  /** YYYY-MM-DD, meetings held on or before. */
  to: string;
  sort: "relevance" | "date";
}

export const KIND_OPTIONS: { value: SearchKind | ""; label: string }[] = [
  { value: "", label: "Everything" },
  { value: "transcript", label: "What was said" },
  { value: "summary", label: "Summaries" },
  { value: "decision", label: "Decisions" },
  { value: "action_item", label: "Action items" },
];

const KINDS = new Set(KIND_OPTIONS.map((k) => k.value));
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The filters in the address; anything the server would refuse is left out rather than shown as an error. */
export function filtersFrom(params: URLSearchParams): SearchFilters {
  const kind = params.get("kind") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  return {
    kind: KINDS.has(kind as SearchKind) ? (kind as SearchKind | "") : "",
    speaker: params.get("speaker")?.trim() ?? "",
    from: isDay(from) ? from : "",
    to: isDay(to) ? to : "",
    sort: params.get("sort") === "date" ? "date" : "relevance",
  };
}

/** The parameters that narrow or order a search (none for the defaults), for the address and the API alike. */
export function filterParams(f: SearchFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.kind) out.kind = f.kind;
  if (f.speaker) out.speaker = f.speaker;
  // A range given backwards still means the days between the two.
  const [from, to] = f.from && f.to && f.from > f.to ? [f.to, f.from] : [f.from, f.to];
  if (from) out.from = from;
  if (to) out.to = to;
  if (f.sort === "date") out.sort = "date";
  return out;
}

/** Whether anything narrows the search (the sort order does not). */
export function isFiltered(f: SearchFilters): boolean {
  return Boolean(f.kind || f.speaker || f.from || f.to);
}
