import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CheckCircle2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { integrationsApi, OAUTH_CHANNEL, OAUTH_ERROR, OAUTH_SUCCESS } from "./integrations-api";

/** Tells the Settings tab that opened this popup how it went: only to our own origin. */
function report(message: { type: string; provider?: string; error?: string }) {
  window.opener?.postMessage(message, window.location.origin);
  if (typeof BroadcastChannel !== "undefined") {
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.postMessage(message);
    channel.close();
  }
}

/**
 * /settings/integrations/oauth-callback: the provider sends the popup here with a code and
 * our state (Trello: the token in the URL fragment). The server checks the state and
 * exchanges the code; the popup reports OAUTH_CALLBACK_SUCCESS to its opener and closes.
 */
export default function OAuthCallbackPage() {
  const [state, setState] = useState<{ kind: "working" } | { kind: "done"; provider: string } | { kind: "error"; message: string }>({
    kind: "working",
  });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    // The code and token are single use; keep them out of the history.
    window.history.replaceState(null, "", window.location.pathname);
    const body = {
      state: query.get("state") ?? "",
      ...(query.get("code") ? { code: query.get("code")! } : {}),
      ...(fragment.get("token") ? { token: fragment.get("token")! } : {}),
      ...(query.get("error") ? { error: query.get("error_description") ?? query.get("error")! } : {}),
    };
    const provider = query.get("provider") ?? undefined;
    integrationsApi
      .callback(body)
      .then(({ provider }) => {
        setState({ kind: "done", provider });
        report({ type: OAUTH_SUCCESS, provider });
        if (window.opener) setTimeout(() => window.close(), 600);
      })
      .catch((e: unknown) => {
        const message = e instanceof Error ? e.message : "The connection failed.";
        setState({ kind: "error", message });
        report({ type: OAUTH_ERROR, provider, error: message });
      });
  }, []);

  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      {state.kind === "working" ? (
        <>
          <Spinner />
          <p>Finishing the connection…</p>
        </>
      ) : state.kind === "done" ? (
        <>
          <CheckCircle2 className="size-10 text-green-600" aria-hidden="true" />
          <h1 className="text-xl font-semibold">Connected</h1>
          <p className="text-muted-foreground">You can close this window.</p>
          {!window.opener ? (
            <Button asChild>
              <Link to="/settings?tab=integrations">Back to Settings</Link>
            </Button>
          ) : null}
        </>
      ) : (
        <>
          <XCircle className="size-10 text-destructive" aria-hidden="true" />
          <h1 className="text-xl font-semibold">The connection failed</h1>
          <p className="text-muted-foreground" role="alert">
            {state.message}
          </p>
          <Button asChild variant="outline">
            <Link to="/settings?tab=integrations">Back to Settings</Link>
          </Button>
        </>
      )}
    </main>
  );
}
