import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { FileAudio, Plus, TextSearch } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { LoadMore } from "@/components/layout/LoadMore";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { MyItemsSummary } from "../action-items/MyItemsSummary";
import { AskBox } from "../ask/AskBox";
import { MeetingListItem } from "./MeetingListItem";
import { MeetingListToolbar } from "./MeetingListToolbar";
import { MeetingPreview } from "./MeetingPreview";
import type { StatusFilter } from "./meeting-list-filters";
import { isInProgress, useMeetingPages, type MeetingSort } from "./meetings-api";

/** Wide enough for the list and the selected meeting side by side (Tailwind's lg). */
const SIDE_BY_SIDE = "(min-width: 1024px)";

/** /dashboard — the meetings list with the selected meeting beside it; on narrower screens a tap opens the meeting page. */
export default function DashboardPage() {
  return (
    <PageContainer className="flex flex-col gap-6">
      <PageHeader
        title="Your Meetings"
        subtitle="Manage and review your meeting insights"
        actions={
          <Button asChild>
            <Link to="/upload">
              <Plus aria-hidden="true" />
              Upload New Meeting
            </Link>
          </Button>
        }
      />
      <MyItemsSummary />
      <AskBox />
      <MeetingsDashboard />
    </PageContainer>
  );
}

function MeetingsDashboard() {
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [sort, setSort] = useState<MeetingSort>("recent");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const navigate = useNavigate();
  // Below the side-by-side width the preview would sit under the whole list, out of sight.
  const select = (id: string) => (window.matchMedia(SIDE_BY_SIDE).matches ? setSelectedId(id) : navigate(`/meetings/${id}`));
  const q = useDebounced(search, 250);
  const query = useMeetingPages({ q, status, sort });
  const { refetch } = query;

  const visible = useMemo(() => query.data?.pages.flatMap((p) => p.meetings) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const filtered = q.trim() !== "" || status !== "all";
  const selected = visible.find((m) => m.id === selectedId) ?? visible[0];
  const anyInProgress = visible.some((m) => isInProgress(m.status));

  useEffect(() => {
    if (query.isError) toast.error("Failed to load meetings", { description: query.error.message });
  }, [query.isError, query.error]);

  // Keep the list's processing states fresh while anything is being processed.
  useEffect(() => {
    if (!anyInProgress) return;
    const timer = setInterval(() => void refetch(), 3000);
    return () => clearInterval(timer);
  }, [anyInProgress, refetch]);

  if (query.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-muted-foreground" role="status">
        <Spinner />
        Loading your meetings...
      </p>
    );
  }
  if (query.isError && !query.data) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-muted-foreground">We couldn't load your meetings. Please try again later.</p>
        <Button variant="outline" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!visible.length && !filtered && search.trim() === "") return <NoMeetingsYet />;

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section className="flex min-w-0 flex-col gap-4" aria-label="Meetings">
        <MeetingListToolbar
          search={search}
          onSearch={setSearch}
          status={status}
          onStatus={setStatus}
          sort={sort}
          onSort={setSort}
          count={total}
        />
        {q.trim() ? (
          <Link
            to={`/search?q=${encodeURIComponent(q.trim())}`}
            className="inline-flex items-center gap-1.5 self-start rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <TextSearch className="size-4" aria-hidden="true" />
            Show where “{q.trim()}” is said
          </Link>
        ) : null}
        {visible.length ? (
          <ul className="flex flex-col gap-2" aria-label="Meeting list" aria-busy={query.isFetching}>
            {visible.map((m) => (
              <MeetingListItem key={m.id} meeting={m} selected={m.id === selected?.id} onSelect={() => select(m.id)} />
            ))}
            <LoadMore as="li" query={query} loadingText="Loading more meetings..." buttonText="Load more" />
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed py-10 text-center text-muted-foreground">No meetings found</p>
        )}
      </section>
      <section className="hidden min-w-0 lg:block" aria-label="Meeting details">
        {selected ? (
          <MeetingPreview key={selected.id} summary={selected} />
        ) : (
          <p className="rounded-lg border border-dashed py-16 text-center text-muted-foreground">Select a meeting to view details</p>
        )}
      </section>
    </div>
  );
}

/** `value`, once it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function NoMeetingsYet() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-10 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <FileAudio className="size-7" aria-hidden="true" />
        </span>
        <h2 className="text-xl font-semibold">No meetings yet</h2>
        <p className="max-w-md text-muted-foreground">
          Upload your first meeting recording to start getting actionable insights and summaries.
        </p>
        <Button asChild>
          <Link to="/upload">Upload Your First Meeting</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
