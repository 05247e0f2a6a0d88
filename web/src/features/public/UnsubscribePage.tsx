import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useMutation } from "@tanstack/react-query";
import { MailX } from "lucide-react";
import { PageContainer } from "@/components/layout/PageHeader";
import { Spinner } from "@/components/ui/spinner";
import { apiJson } from "@/lib/api";
import type { Unsubscribed } from "../../../../contract/mail-notices";

const NAMES: Record<string, string> = {
  recap: "meeting recaps",
  reminders: "reminders",
  digest: "the weekly digest",
  all: "all notification mails",
};

/**
 * /unsubscribe?token=…&kind=… — the link in every notice mail: opening it turns that notice
 * off, no sign-in. The page does it (a POST), so mail scanners that fetch links do not.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const kind = NAMES[params.get("kind") ?? ""] ? (params.get("kind") as string) : "all";
  const unsubscribe = useMutation({ mutationFn: () => apiJson<Unsubscribed>("POST", "/api/mail/unsubscribe", { token, kind }) });
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    unsubscribe.mutate();
  }, [token, unsubscribe]);

  return (
    <PageContainer className="flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <MailX className="size-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {!token ? (
        <p className="text-muted-foreground">This link is missing its token. Use the link from the mail.</p>
      ) : unsubscribe.isSuccess ? (
        <p role="status">You will not get {NAMES[kind]} any more. You can turn them on again on your action items page.</p>
      ) : unsubscribe.isError ? (
        <p role="alert" className="text-destructive">
          {unsubscribe.error.message}
        </p>
      ) : (
        <p className="flex items-center gap-2 text-muted-foreground" role="status">
          <Spinner />
          Unsubscribing…
        </p>
      )}
    </PageContainer>
  );
}
