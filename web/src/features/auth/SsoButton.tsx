import { useState } from "react";
import { KeyRound } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { authClient } from "@/lib/auth-client";

/**
 * "Sign in with <provider>": the administrator's OpenID Connect provider (OIDC_*). better-auth
 * sends the browser there and back to `callbackPath`; a failure comes back to /auth?error=….
 */
export function SsoButton({ provider, callbackPath }: { provider: { providerId: string; name: string }; callbackPath: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const { error: failed } = await authClient.signIn.social({
        provider: provider.providerId,
        callbackURL: callbackPath,
        errorCallbackURL: "/auth",
      });
      if (failed) throw new Error(failed.message || "failed");
      // On success the browser is on its way to the provider.
    } catch {
      setError(`Could not reach ${provider.name}. Please try again, or sign in with your password.`);
      setBusy(false);
    }
  };
  return (
    <div className="flex w-full flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button type="button" variant="outline" className="w-full" onClick={() => void start()} disabled={busy}>
        {busy ? <Spinner /> : <KeyRound className="size-4" aria-hidden="true" />}
        Sign in with {provider.name}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message for /auth?error=… after single sign-on did not complete; null when there is none. */
export function ssoFailure(code: string | null, providerName: string | null): string | null {
  if (!code) return null;
  const who = providerName ?? "single sign-on";
  if (code === "signup_disabled") return `Your ${who} account has no account here yet, and new accounts cannot be created this way.`;
  if (code === "account_not_linked")
    return `An account with this e-mail address already exists here. Sign in with its password; ${who} could not confirm the address.`;
  return `Sign-in with ${who} did not complete. Please try again, or sign in with your password.`;
}
