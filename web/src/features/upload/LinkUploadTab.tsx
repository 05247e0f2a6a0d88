import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { AlertCircle, AlertTriangle, CheckCircle2, Info, Link2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { apiJson, isApiError } from "@/lib/api";
import { formatMegabytes, useServerSettings } from "@/lib/settings";
import { cn } from "@/lib/utils";
import { validateMeetingLink, type LinkValidation } from "./validate-link";

/** The advisory note appears once the input is longer than this (spec section 5). */
const HINT_MIN_LENGTH = 10;

export function LinkUploadTab() {
  const { maxUploadBytes } = useServerSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { url: useId(), urlHint: useId(), urlNote: useId(), urlError: useId(), title: useId(), titleError: useId() };
  const [url, setUrl] = useState("");
  const [title, setTitle] = useState("");
  const [urlError, setUrlError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  const advisory = url.trim().length > HINT_MIN_LENGTH ? validateMeetingLink(url) : null;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (processing) return;
    const check = validateMeetingLink(url);
    const nextUrlError = check.valid ? null : (check.message ?? "Invalid meeting link");
    const nextTitleError = title.trim() ? null : "Please enter a meeting title";
    setUrlError(nextUrlError);
    setTitleError(nextTitleError);
    if (nextUrlError || nextTitleError) {
      document.getElementById(nextUrlError ? ids.url : ids.title)?.focus();
      return;
    }
    setProcessing(true);
    try {
      const { id } = await apiJson<{ id: string }>("POST", "/api/meetings/link", {
        url: url.trim(),
        title: title.trim(),
        nano: true,
        enhancedSummary: true,
      });
      void queryClient.invalidateQueries({ queryKey: ["meetings"] });
      toast.success("Meeting link processed successfully", {
        description: "Your meeting is being processed. You will be notified when it's ready.",
      });
      void navigate(`/meetings/${id}`);
    } catch (err) {
      const message = isApiError(err) ? err.message : err instanceof Error ? err.message : "Something went wrong.";
      toast.error("Failed to process meeting link", { description: message });
      // The server checked the link itself (host found, address allowed): say why next to it.
      if (isApiError(err) && err.status === 400) {
        setUrlError(message);
        document.getElementById(ids.url)?.focus();
      }
      setProcessing(false);
    }
  }

  const urlDescribedBy = [ids.urlHint, advisory ? ids.urlNote : null, urlError ? ids.urlError : null].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Process a meeting link</CardTitle>
          <CardDescription>Give a link to a recording and we will fetch and process it for you.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-6" onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.url}>Meeting Recording URL</Label>
              <Input
                id={ids.url}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://zoom.us/rec/share/…"
                value={url}
                onChange={(e) => {
                  setUrl(e.target.value);
                  setUrlError(null);
                }}
                disabled={processing}
                aria-invalid={urlError ? true : undefined}
                aria-describedby={urlDescribedBy}
              />
              <p id={ids.urlHint} className="text-xs text-muted-foreground">
                Supports Zoom, Google Meet, and Microsoft Teams recording links
              </p>
              {urlError && (
                <p id={ids.urlError} role="alert" className="flex items-start gap-2 text-sm text-destructive">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {urlError}
                </p>
              )}
              <div aria-live="polite">{advisory && !urlError && <AdvisoryNote id={ids.urlNote} check={advisory} />}</div>
            </div>

            <div className="flex flex-col gap-2">
              <Label htmlFor={ids.title}>Meeting Title</Label>
              <Input
                id={ids.title}
                value={title}
                maxLength={300}
                placeholder="Weekly team sync"
                onChange={(e) => {
                  setTitle(e.target.value);
                  setTitleError(null);
                }}
                disabled={processing}
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? ids.titleError : undefined}
              />
              {titleError && (
                <p id={ids.titleError} role="alert" className="flex items-start gap-2 text-sm text-destructive">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {titleError}
                </p>
              )}
            </div>

            <div className="flex sm:justify-end">
              <Button type="submit" className="w-full sm:w-auto" disabled={url === "" || processing}>
                {processing ? (
                  <>
                    <Spinner />
                    Processing...
                  </>
                ) : (
                  <>
                    <Link2 aria-hidden="true" />
                    Process Link
                  </>
                )}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="link-next-heading" className="rounded-xl border bg-muted/40 p-5 text-sm sm:p-6">
        <h3 id="link-next-heading" className="mb-3 flex items-center gap-2 font-semibold">
          <Info className="size-4" aria-hidden="true" />
          What happens next
        </h3>
        <ol className="list-decimal space-y-2 pl-5 text-muted-foreground">
          <li>
            Our server downloads the recording from the link. It must be publicly reachable without signing in. Links have their own size
            limit (2 GB unless your administrator changed it) and a time limit for the download, so this is the way to go for recordings
            over the {formatMegabytes(maxUploadBytes)} upload limit.
          </li>
          <li>It is transcribed and summarized exactly like an uploaded file. You can follow the progress on the meeting page.</li>
          <li>
            A link to a web page, such as a meeting invitation or a player page, is not a recording. Use the recording's download or share
            link, or download the file and use the 'Upload File' tab.
          </li>
        </ol>
      </section>
    </div>
  );
}

function AdvisoryNote({ id, check }: { id: string; check: LinkValidation }) {
  const tone = !check.valid ? "error" : check.isDirectAudioFile ? "ok" : check.platform ? "info" : "warn";
  const Icon = tone === "ok" ? CheckCircle2 : tone === "error" ? AlertCircle : tone === "warn" ? AlertTriangle : Info;
  return (
    <p
      id={id}
      data-testid="link-advisory"
      className={cn(
        "flex items-start gap-2 rounded-md border px-3 py-2 text-sm",
        tone === "ok" && "border-success/40 bg-success/10",
        tone === "info" && "border-primary/30 bg-primary/5",
        tone === "warn" && "border-warning/50 bg-warning/10",
        tone === "error" && "border-destructive/40 bg-destructive/5 text-destructive",
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 size-4 shrink-0",
          tone === "ok" && "text-success",
          tone === "info" && "text-primary",
          tone === "warn" && "text-warning",
        )}
        aria-hidden="true"
      />
      {check.message ?? "Invalid meeting link"}
    </p>
  );
}
