import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { CalendarDays, CheckCircle2, Circle, Clock, Lock } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { isApiError } from "@/lib/api";
import { formatDetailDuration, formatDueDate, formatLongDate, formatTimestamp } from "../meetings/format";
import { NotesView } from "../meetings/NotesView";
import { TranscriptTurns } from "../meetings/TranscriptTurns";
import { hasNotes } from "../meetings/SummaryCard";
import { publicLinkApi, type PublicMeeting } from "./public-api";

/** Keeps this page out of search engines (the server also sends X-Robots-Tag). */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.appendChild(meta);
    const referrer = document.createElement("meta");
    referrer.name = "referrer";
    referrer.content = "no-referrer";
    document.head.appendChild(referrer);
    return () => {
      meta.remove();
      referrer.remove();
    };
  }, []);
}

/** /p/:token — a meeting shared by a public link: only the parts its owner chose, read-only, nothing else of the instance. */
export default function PublicMeetingPage() {
  const { token = "" } = useParams();
  const [password, setPassword] = useState<string | undefined>(undefined);
  useNoIndex();
  const query = useQuery({
    queryKey: ["public-meeting", token, password ?? ""],
    queryFn: () => publicLinkApi.view(token, password),
    retry: false,
  });
  useEffect(() => {
    if (query.data) document.title = `${query.data.title} · Shared meeting`;
  }, [query.data]);

  const error = query.error;
  const needsPassword = isApiError(error) && error.status === 401;
  return (
    <div className="min-h-dvh">
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-12">
        {query.isPending ? (
          <p className="flex items-center justify-center gap-2 py-16 text-muted-foreground" role="status">
            <Spinner />
            Loading the shared meeting...
          </p>
        ) : needsPassword ? (
          <PasswordForm wrong={password !== undefined} message={error.message} onSubmit={(p) => setPassword(p)} busy={query.isFetching} />
        ) : error ? (
          <div className="flex flex-col items-center gap-2 py-16 text-center">
            <h1 className="text-2xl font-semibold">
              {isApiError(error) && error.status === 404 ? "Link not available" : "Something went wrong"}
            </h1>
            <p className="max-w-md text-muted-foreground">{error.message}</p>
          </div>
        ) : query.data ? (
          <SharedMeeting meeting={query.data} />
        ) : null}
        <p className="text-center text-xs text-muted-foreground">
          Shared read-only with a link. Only the parts chosen by its owner are shown.
        </p>
      </main>
    </div>
  );
}

function PasswordForm({
  wrong,
  message,
  onSubmit,
  busy,
}: {
  wrong: boolean;
  message: string;
  onSubmit: (p: string) => void;
  busy: boolean;
}) {
  const [value, setValue] = useState("");
  return (
    <Card className="mx-auto mt-10 w-full max-w-sm">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <Lock className="size-5 text-primary" aria-hidden="true" />
          Password required
        </h1>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (value) onSubmit(value);
          }}
        >
          <Label htmlFor="link-password">Password</Label>
          <Input
            id="link-password"
            type="password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            autoFocus
            aria-invalid={wrong || undefined}
            aria-describedby="link-password-message"
          />
          <p
            id="link-password-message"
            className={wrong ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
            role={wrong ? "alert" : undefined}
          >
            {message}
          </p>
          <Button type="submit" disabled={!value || busy}>
            {busy ? <Spinner /> : null}
            Open
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function SharedMeeting({ meeting }: { meeting: PublicMeeting }) {
  return (
    <>
      <header className="flex flex-col gap-2">
        <p className="text-sm font-medium text-primary">Shared meeting</p>
        <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{meeting.title}</h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4" aria-hidden="true" />
            {formatLongDate(meeting.recordedAt)}
          </span>
          {meeting.durationSeconds ? (
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              {formatDetailDuration(meeting.durationSeconds)}
            </span>
          ) : null}
        </p>
      </header>
      {meeting.mediaUrl ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Recording</CardTitle>
          </CardHeader>
          <CardContent>
            {meeting.hasVideo ? (
              <video controls preload="metadata" src={meeting.mediaUrl} className="w-full rounded-md" />
            ) : (
              <audio controls preload="metadata" src={meeting.mediaUrl} className="w-full" />
            )}
          </CardContent>
        </Card>
      ) : null}
      {meeting.parts.includes("summary") ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Summary</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {hasNotes(meeting.notes) ? <NotesView notes={meeting.notes} /> : <p className="text-muted-foreground">No summary.</p>}
          </CardContent>
        </Card>
      ) : null}
      {meeting.actionItems ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Action items</CardTitle>
          </CardHeader>
          <CardContent>
            {meeting.actionItems.length ? (
              <ul className="flex flex-col gap-2">
                {meeting.actionItems.map((item, i) => (
                  <li key={i} className="flex items-start gap-3 rounded-lg border p-3" data-testid="public-action-item">
                    {item.status === "completed" ? (
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-label="Completed" />
                    ) : (
                      <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-label="Pending" />
                    )}
                    <div className="flex flex-col gap-0.5">
                      <span className={item.status === "completed" ? "text-muted-foreground line-through" : "font-medium"}>
                        {item.description}
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {item.assignee || "Not assigned"} · {item.dueDate ? formatDueDate(item.dueDate) : "No deadline"}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-muted-foreground">No action items.</p>
            )}
          </CardContent>
        </Card>
      ) : null}
      {meeting.utterances ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Transcript</CardTitle>
          </CardHeader>
          <CardContent>
            {/* The meeting page's own list: 300 turns, more as the reader scrolls (a long meeting's thousands of turns
                are never built at once; decisions 040, 052). */}
            <TranscriptTurns utterances={meeting.utterances} />
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
