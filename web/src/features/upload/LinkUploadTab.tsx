import { useId } from "react";
import { useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { AlertCircle, AlertTriangle, CheckCircle2, Info, Link2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { apiJson, isApiError, isUnauthenticated } from "@/lib/api";
import { errorMessage, useContractForm } from "@/lib/forms";
import { formatMegabytes, useServerSettings } from "@/lib/settings";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { cn } from "@/lib/utils";
import { createLinkMeetingSchema, type CreatedMeeting } from "../../../../contract/meetings";
import { LINK_HINT, validateMeetingLink, type LinkValidation } from "./validate-link";

/** The advisory note appears once the input is longer than this (spec section 5). */
const HINT_MIN_LENGTH = 10;

const linkFormSchema = createLinkMeetingSchema.pick({ url: true, title: true });

export function LinkUploadTab() {
  const { maxUploadBytes } = useServerSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { sessionEnded } = useAuth();
  const form = useContractForm(linkFormSchema, { defaultValues: { url: "", title: "" }, shouldFocusError: true });
  const { errors, isSubmitting } = form.formState;
  const url = useWatch({ control: form.control, name: "url" });
  // Advice while typing (platform, direct file); the contract's schema decides what is refused.
  const advisory = url.trim().length > HINT_MIN_LENGTH ? validateMeetingLink(url) : null;
  const showAdvisory = advisory !== null && !errors.url;
  const urlId = useId();

  const submit = form.handleSubmit(async ({ url, title }) => {
    try {
      const { id } = await apiJson<CreatedMeeting>("POST", "/api/meetings/link", { url, title, nano: true, enhancedSummary: true });
      void queryClient.invalidateQueries({ queryKey: ["meetings"] });
      toast.success("Meeting link processed successfully", {
        description: "Your meeting is being processed. You will be notified when it's ready.",
      });
      void navigate(`/meetings/${id}`);
    } catch (err) {
      if (isUnauthenticated(err)) {
        form.setError("root.server", { type: "server", message: SIGNED_OUT_MESSAGES.upload });
        return sessionEnded(SIGNED_OUT_MESSAGES.upload);
      }
      const message = errorMessage(err);
      toast.error("Failed to process meeting link", { description: message });
      // The server checked the link itself (host found, address allowed): say why next to it.
      if (isApiError(err) && err.status === 400) form.setError("url", { type: "server", message }, { shouldFocus: true });
      else form.setError("root.server", { type: "server", message });
    }
  });

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Process a meeting link</CardTitle>
          <CardDescription>Give a link to a recording and we will fetch and process it for you.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-6" onSubmit={(e) => void submit(e)} noValidate>
            <div className="flex flex-col gap-2">
              <Field id={urlId} label="Meeting Recording URL" hint={LINK_HINT} error={errors.url?.message}>
                {(control) => (
                  <Input
                    {...control}
                    aria-describedby={[control["aria-describedby"], showAdvisory ? `${urlId}-note` : null].filter(Boolean).join(" ")}
                    {...form.register("url")}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    placeholder="https://drive.google.com/file/d/…"
                    disabled={isSubmitting}
                  />
                )}
              </Field>
              <div aria-live="polite">{showAdvisory && advisory ? <AdvisoryNote id={`${urlId}-note`} check={advisory} /> : null}</div>
            </div>

            <Field label="Meeting Title" error={errors.title?.message}>
              {(control) => <Input {...control} {...form.register("title")} placeholder="Weekly team sync" disabled={isSubmitting} />}
            </Field>

            <FieldMessage message={errors.root?.server?.message} />

            <div className="flex sm:justify-end">
              <Button type="submit" className="w-full sm:w-auto" disabled={url === "" || isSubmitting}>
                {isSubmitting ? (
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
            A link to a web page, such as a meeting invitation or a Zoom, Google Meet or Teams recording page, is not a recording: those
            services let only signed-in viewers download. Download the recording there and use the 'Upload File' tab, or put it in Google
            Drive, Dropbox, OneDrive, SharePoint or Box, share it with 'Anyone with the link' and paste that link.
          </li>
        </ol>
      </section>
    </div>
  );
}

function AdvisoryNote({ id, check }: { id: string; check: LinkValidation }) {
  const tone = check.platform ? "info" : !check.valid ? "error" : check.isDirectAudioFile || check.provider ? "ok" : "warn";
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
