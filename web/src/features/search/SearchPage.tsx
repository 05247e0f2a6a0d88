import { useEffect, useId, useState } from "react";
import { X } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { LoadMore } from "@/components/layout/LoadMore";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { formatLongDate, formatTimestamp, plural } from "@/features/meetings/format";
import { useContractForm } from "@/lib/forms";
import { searchQuerySchema } from "../../../../contract/search";
import { resultLink, useMeetingMoments, useSearch, type SearchMoment, type SearchResult } from "./search-api";
import { filterParams, filtersFrom, isFiltered, KIND_OPTIONS, type SearchFilters } from "./search-filters";

const KIND_LABEL: Record<SearchResult["kind"], string> = {
  title: "Title",
  summary: "Summary",
  decision: "Decision",
  action_item: "Action item",
  turn: "Transcript",
};

const searchFormSchema = searchQuerySchema.pick({ q: true });

/** /search?q= — passages of every meeting the user may read, best first. */
export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q")?.trim() ?? "";
  const form = useContractForm(searchFormSchema, { defaultValues: { q } });
  const { reset } = form;
  useEffect(() => reset({ q }), [q, reset]);
  const filters = filtersFrom(params);
  const query = useSearch(q, filters);
  const results = query.data?.pages.flatMap((p) => p.results) ?? [];
  // A new query keeps the filters chosen; a changed filter keeps the query.
  const setFilters = (next: SearchFilters, text = q) => setParams({ ...(text ? { q: text } : {}), ...filterParams(next) });
  const submit = form.handleSubmit((values) => setFilters(filters, values.q));
  // Speakers of the results so far, offered as the speaker filter's suggestions.
  const speakers = [...new Set(results.flatMap((r) => r.moments.map((m) => m.speaker)).filter((s): s is string => Boolean(s)))].sort();

  return (
    <PageContainer className="flex max-w-4xl flex-col gap-6">
      <PageHeader title="Search" subtitle="Every word said, summarized or assigned in your meetings and the meetings shared with you" />
      <form role="search" onSubmit={(e) => void submit(e)} noValidate className="flex items-start gap-2">
        <Field
          id="search-page-query"
          label="Search all meetings"
          labelClassName="sr-only"
          error={form.formState.errors.q?.message}
          className="flex-1 gap-1.5"
        >
          {(control) => (
            <SearchInput {...control} {...form.register("q")} placeholder='Words, "an exact phrase", -without' autoFocus={!q} />
          )}
        </Field>
        <Button type="submit">Search</Button>
      </form>
      <SearchFilterBar filters={filters} speakers={speakers} onChange={(f) => setFilters(f)} />

      {!q ? (
        <p className="text-sm text-muted-foreground">
          Tip: put a phrase in quotes, or a word after a minus sign to leave it out. Press{" "}
          <kbd className="rounded border px-1 font-mono text-xs">/</kbd> anywhere to search.
        </p>
      ) : query.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner />
          Searching...
        </p>
      ) : query.isError ? (
        <p className="text-destructive" role="alert">
          {query.error.message}
        </p>
      ) : results.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">
          <p>
            Nothing found for “{q}”{isFiltered(filters) ? " with these filters" : ""}.
          </p>
          {/* Say what to try: a typo ("stirpe") finds nothing, since search matches words as they are spelt. */}
          <p className="text-sm">
            {isFiltered(filters)
              ? "Clear the filters (above) to search everything, or try other words."
              : "Check the spelling, or try fewer or other words: search finds the words as they are written."}
          </p>
        </div>
      ) : (
        <section aria-label="Search results" className="flex flex-col gap-3">
          <ol className="flex flex-col gap-3">
            {results.map((r) => (
              <li key={r.meetingId}>
                <ResultCard result={r} q={q} filters={filters} />
              </li>
            ))}
          </ol>
          <LoadMore query={query} loadingText="Loading more..." buttonText="More results" className="py-2" />
        </section>
      )}
    </PageContainer>
  );
}

function Highlighted({ parts }: { parts: SearchMoment["headline"] }) {
  return (
    <span className="break-words text-sm leading-relaxed" data-testid="search-passage">
      {parts.map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-foreground dark:bg-yellow-500/40">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}

/** A meeting with its best moments; each opens the meeting there. "More moments" asks for the rest. */
function ResultCard({ result: r, q, filters }: { result: SearchResult; q: string; filters: SearchFilters }) {
  const [all, setAll] = useState(false);
  const more = useMeetingMoments(q, r.meetingId, all, filters);
  const moments = all && more.data ? more.data : r.moments;
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-card p-4">
      <span className="flex flex-wrap items-baseline justify-between gap-x-3">
        <Link to={resultLink({ ...r, ...r.moments[0]! })} className="break-words font-semibold hover:underline">
          {r.meetingTitle}
        </Link>
        <span className="text-xs text-muted-foreground">{formatLongDate(r.recordedAt)}</span>
      </span>
      <ul className="flex flex-col gap-1.5">
        {moments.map((m, i) => (
          <li key={`${m.kind}-${m.turnIndex}-${i}`}>
            <Link
              to={resultLink({ meetingId: r.meetingId, start: m.start, turnIndex: m.turnIndex })}
              data-testid="search-moment"
              className="flex flex-col gap-1 rounded-md p-2 transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <span className="rounded bg-muted px-1.5 py-0.5 font-medium">{KIND_LABEL[m.kind]}</span>
                {m.speaker ? <span className="font-medium text-primary">{m.speaker}</span> : null}
                {m.start != null ? <span className="font-mono">[{formatTimestamp(m.start)}]</span> : null}
              </span>
              <Highlighted parts={m.headline} />
            </Link>
          </li>
        ))}
      </ul>
      {r.matchCount > moments.length ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => setAll(true)} disabled={all && more.isPending}>
          {all && more.isPending ? "Loading..." : `${plural(r.matchCount - moments.length, "more moment", "more moments")} in this meeting`}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * What kind of passage, who said it, between which days, in which order. Kind, dates and order apply at once;
 * the speaker when the field is left or Enter is pressed (not at every letter, which would search half a name).
 */
function SearchFilterBar({
  filters,
  speakers,
  onChange,
}: {
  filters: SearchFilters;
  speakers: string[];
  onChange: (f: SearchFilters) => void;
}) {
  const id = useId();
  const [speaker, setSpeaker] = useState(filters.speaker);
  useEffect(() => setSpeaker(filters.speaker), [filters.speaker]);
  const applySpeaker = () => {
    if (speaker.trim() !== filters.speaker) onChange({ ...filters, speaker: speaker.trim() });
  };
  const label = "text-xs font-medium text-muted-foreground";
  return (
    <div role="group" aria-label="Filters" className="grid grid-cols-2 gap-x-3 gap-y-2 sm:flex sm:flex-wrap sm:items-end">
      <div className="flex flex-col gap-1">
        <label className={label} id={`${id}-kind`}>
          Kind
        </label>
        <Select
          value={filters.kind || "all"}
          onValueChange={(v) => onChange({ ...filters, kind: v === "all" ? "" : (v as SearchFilters["kind"]) })}
        >
          <SelectTrigger size="sm" aria-labelledby={`${id}-kind`} className="w-full sm:w-36">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KIND_OPTIONS.map((k) => (
              <SelectItem key={k.value || "all"} value={k.value || "all"}>
                {k.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <label className={label} htmlFor={`${id}-speaker`}>
          Speaker
        </label>
        <Input
          id={`${id}-speaker`}
          value={speaker}
          onChange={(e) => setSpeaker(e.target.value)}
          onBlur={applySpeaker}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              applySpeaker();
            }
          }}
          list={speakers.length ? `${id}-speakers` : undefined}
          placeholder="Anyone"
          maxLength={200}
          className="h-8 w-full sm:w-36"
        />
        {speakers.length ? (
          <datalist id={`${id}-speakers`}>
            {speakers.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label className={label} htmlFor={`${id}-from`}>
          Held from
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(e) => onChange({ ...filters, from: e.target.value })}
          className="h-8 w-full sm:w-40"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label className={label} htmlFor={`${id}-to`}>
          Held until
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(e) => onChange({ ...filters, to: e.target.value })}
          className="h-8 w-full sm:w-40"
        />
      </div>
      <div className="flex flex-col gap-1">
        <label className={label} id={`${id}-sort`}>
          Order
        </label>
        <Select value={filters.sort} onValueChange={(v) => onChange({ ...filters, sort: v === "date" ? "date" : "relevance" })}>
          <SelectTrigger size="sm" aria-labelledby={`${id}-sort`} className="w-full sm:w-32">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="relevance">Best match</SelectItem>
            <SelectItem value="date">Newest first</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {isFiltered(filters) ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-end justify-self-start"
          onClick={() => onChange({ ...filters, kind: "", speaker: "", from: "", to: "" })}
        >
          <X aria-hidden="true" />
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
