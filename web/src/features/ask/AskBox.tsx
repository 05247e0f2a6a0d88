import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MessageCircleQuestionMark } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { formatTimestamp } from "@/features/meetings/format";
import { inReadingOrder } from "./citation-order";
import { citationLink, useAsk, useAskHistory, type AskResponse } from "./ask-api";
import { recentQuestions } from "./recent-questions";

/**
 * "Ask your meetings": a question in plain words, answered from the meetings the user may read
 * (or this meeting, with meetingId), with its citations as links to the moments; recent
 * questions below to ask again.
 */
export function AskBox({ meetingId }: { meetingId?: string }) {
  const [question, setQuestion] = useState("");
  // Enter on a question too short to ask said nothing (the button is disabled, the key did nothing).
  const [tooShort, setTooShort] = useState(false);
  const ask = useAsk(meetingId);
  const history = useAskHistory(meetingId);
  const id = meetingId ? "ask-meeting" : "ask-all";

  const submit = (e: FormEvent, q = question) => {
    e.preventDefault();
    const text = q.trim();
    setTooShort(text.length > 0 && text.length < 3);
    if (text.length < 3) return;
    setQuestion(text);
    ask.mutate(text);
  };
  const recent = recentQuestions(history.data?.questions ?? [], meetingId, ask.variables);

  return (
    <Card data-testid="ask-box">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2 text-base">
          <MessageCircleQuestionMark aria-hidden="true" className="size-4" />
          {meetingId ? "Ask this meeting" : "Ask your meetings"}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor={id} className="sr-only">
            Your question
          </label>
          <Input
            id={id}
            value={question}
            onChange={(e) => {
              setQuestion(e.target.value);
              setTooShort(false);
            }}
            aria-describedby={tooShort ? `${id}-short` : undefined}
            // Short enough for a phone's width: a longer example was cut off mid-word there.
            placeholder="What did we decide about…?"
            maxLength={500}
            className="flex-1"
          />
          <Button type="submit" disabled={ask.isPending || question.trim().length === 0}>
            {ask.isPending ? <Spinner /> : null}
            Ask
          </Button>
        </form>
        {tooShort ? (
          <p id={`${id}-short`} className="text-sm text-muted-foreground" role="status">
            Type a question of at least 3 characters.
          </p>
        ) : null}
        {ask.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {ask.error.message}
          </p>
        ) : ask.data ? (
          <Answer answer={inReadingOrder(ask.data)} oneMeeting={Boolean(meetingId)} />
        ) : null}
        {recent.length ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-xs font-medium text-muted-foreground">Recent questions</p>
            <ul className="flex flex-wrap gap-2">
              {recent.map((q) => (
                // max-w-full: a long question's chip ends in "…" inside the card (on a phone it ran off the card's edge).
                <li key={`${q.question}-${q.askedAt}`} className="max-w-full">
                  <button
                    type="button"
                    className="max-w-full truncate rounded-full border px-3 py-1 text-left text-xs hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    onClick={(e) => submit(e, q.question)}
                  >
                    {q.question}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** `oneMeeting`: asked on a meeting's page, where each source repeating its title says nothing. */
function Answer({ answer, oneMeeting }: { answer: AskResponse; oneMeeting: boolean }) {
  const lines = answer.answer.split("\n");
  return (
    <section aria-label="Answer" className="flex flex-col gap-3" data-testid="ask-answer">
      <div className="flex flex-col gap-1.5 text-sm leading-relaxed">
        {lines.map((line, i) => (
          <p key={i} className="break-words">
            {line.split(/(\[\d+\])/).map((part, j) => {
              const n = /^\[(\d+)\]$/.exec(part);
              const c = n ? answer.citations[Number(n[1]) - 1] : undefined;
              return c ? (
                <Link key={j} to={citationLink(c)} className="text-xs font-medium text-primary underline-offset-2 hover:underline">
                  [{n![1]}]
                </Link>
              ) : (
                <span key={j}>{part}</span>
              );
            })}
          </p>
        ))}
      </div>
      {answer.citations.length ? (
        <ol className="flex flex-col gap-2" aria-label="Sources">
          {answer.citations.map((c, i) => (
            <li key={`${c.meetingId}-${c.turnIndex}-${i}`}>
              <Link
                to={citationLink(c)}
                data-testid="ask-citation"
                className="flex flex-col gap-0.5 rounded-md border p-2 text-xs transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono text-muted-foreground">[{i + 1}]</span>
                  {oneMeeting ? null : <span className="font-semibold">{c.meetingTitle}</span>}
                  {c.speaker ? <span className="font-medium text-primary">{c.speaker}</span> : null}
                  {c.start != null ? <span className="font-mono text-muted-foreground">[{formatTimestamp(c.start)}]</span> : null}
                </span>
                <span className="line-clamp-2 break-words text-muted-foreground">{c.text}</span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="text-xs text-muted-foreground">
        {answer.engine === "built-in"
          ? "Built-in answer: the sentences that answer best, as they were said."
          : `Answer by ${answer.model ?? answer.engine}.`}
      </p>
    </section>
  );
}
