import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { SearchInput } from "@/components/ui/search-input";
import { Spinner } from "@/components/ui/spinner";
import { LoadMore } from "@/components/layout/LoadMore";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { formatLongDate, formatTimestamp, plural } from "@/features/meetings/format";
import { useContractForm } from "@/lib/forms";
import { searchQuerySchema } from "../../../../contract/search";
import { resultLink, useMeetingMoments, useSearch, type SearchMoment, type SearchResult } from "./search-api";

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
  const query = useSearch(q);
  const results = query.data?.pages.flatMap((p) => p.results) ?? [];

  const submit = form.handleSubmit((values) => setParams({ q: values.q }));

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
        <p className="rounded-lg border border-dashed py-10 text-center text-muted-foreground">Nothing found for “{q}”.</p>
      ) : (
        <section aria-label="Search results" className="flex flex-col gap-3">
          <ol className="flex flex-col gap-3">
            {results.map((r) => (
              <li key={r.meetingId}>
                <ResultCard result={r} q={q} />
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
function ResultCard({ result: r, q }: { result: SearchResult; q: string }) {
  const [all, setAll] = useState(false);
  const more = useMeetingMoments(q, r.meetingId, all);
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
