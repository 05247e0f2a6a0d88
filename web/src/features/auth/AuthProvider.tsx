import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { authClient } from "@/lib/auth-client";
import { signUpAnswerSchema, type SignUpAnswer } from "../../../../contract/accounts";
import { SIGN_IN_AFTER_SIGN_UP_FAILED, signUpNotice } from "./sign-up-notice";
import { accountApi } from "./account-api";
import { AuthContext, type AuthContextValue, type AuthResult } from "./auth-context";

/** A sign-out answer that means "there was no session to end" (spec, section 8). Any other
 * failure (a 403, a network error) leaves the session alive on the server, so it is reported,
 * never hidden: on a shared computer the next person would still be signed in. */
const ALREADY_SIGNED_OUT_STATUSES = new Set([401]);

function toResult(error: { message?: string; code?: string; status?: number } | null | undefined, fallback: string): AuthResult {
  if (!error) return { error: null };
  return { error: { message: error.message || fallback, code: error.code, status: error.status } };
}

function networkFailure(cause: unknown, fallback: string): { error: { message: string } } {
  const message = cause instanceof Error && cause.message ? cause.message : fallback;
  return { error: { message } };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const [busy, setBusy] = useState(0);
  // Set once the server has ended the session, so the user disappears before the session refetch.
  const [signedOutLocally, setSignedOutLocally] = useState(false);
  // The session ended without this tab signing out (see `sessionEnded`).
  const [endedElsewhere, setEndedElsewhere] = useState(false);

  const user = signedOutLocally ? null : (session.data?.user ?? null);

  // Once the server confirms there is no session, drop the local override so that a
  // later sign-in (in this tab or another) shows up again.
  useEffect(() => {
    if (signedOutLocally && busy === 0 && !session.isPending && !session.data) setSignedOutLocally(false);
  }, [signedOutLocally, busy, session.isPending, session.data]);
  const loading = session.isPending || busy > 0;

  const run = useCallback(async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusy((n) => n + 1);
    try {
      return await work();
    } finally {
      setBusy((n) => n - 1);
    }
  }, []);

  const signIn = useCallback<AuthContextValue["signIn"]>(
    (email, password) =>
      run(async () => {
        try {
          const { data, error } = await authClient.signIn.email({ email, password });
          if (error) return { error: { message: error.message || "Invalid email or password", code: error.code, status: error.status } };
          // Two-factor sign-in: no session yet; the page asks for the code (verifySecondFactor).
          if (data && "twoFactorRedirect" in data && data.twoFactorRedirect) return { error: null, twoFactor: true };
          setSignedOutLocally(false);
          setEndedElsewhere(false);
          return { error: null, twoFactor: false };
        } catch (cause) {
          return networkFailure(cause, "Could not sign in. Please try again.");
        }
      }),
    [run],
  );

  const verifySecondFactor = useCallback<AuthContextValue["verifySecondFactor"]>(
    (kind, code) =>
      run(async () => {
        try {
          await (kind === "totp" ? accountApi.verifyTotp(code) : accountApi.verifyRecoveryCode(code));
        } catch (cause) {
          const e = cause as { message?: string; code?: string; status?: number };
          const message =
            e.code === "INVALID_CODE" || e.code === "INVALID_BACKUP_CODE"
              ? kind === "totp"
                ? "That code is not right. Check the time on your phone and enter the newest code."
                : "That recovery code is not right, or it was used already."
              : e.code === "INVALID_TWO_FACTOR_COOKIE" || e.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"
                ? "This sign-in has timed out or had too many wrong codes. Sign in with your password again."
                : e.message || "Could not check the code. Please try again.";
          return { error: { message, code: e.code, status: e.status } };
        }
        setSignedOutLocally(false);
        setEndedElsewhere(false);
        await session.refetch();
        return { error: null };
      }),
    [run, session],
  );

  const signUp = useCallback<AuthContextValue["signUp"]>(
    (fullName, email, password) =>
      run(async () => {
        try {
          const { data, error } = await authClient.signUp.email({
            name: fullName.trim(),
            email,
            password,
            callbackURL: "/dashboard",
          });
          if (error)
            return {
              error: {
                message: error.message || "Could not create the account. Please try again.",
                code: error.code,
                status: error.status,
              },
            };
          const parsed = signUpAnswerSchema.safeParse(data);
          const answer: SignUpAnswer = parsed.success ? parsed.data : { next: "sign-in", mailDelivered: false };
          const notice = signUpNotice(answer);
          if (answer.next === "confirm-email") return { error: null, notice, signedIn: false };
          // Sign-up never signs in (its answer must not tell whether the address was taken): sign in now.
          const signedIn = await authClient.signIn.email({ email, password });
          if (signedIn.error) {
            const { code, status } = signedIn.error;
            // A 429 keeps its own message (when to try again); any other refusal gets the hint.
            const message = status === 429 && signedIn.error.message ? signedIn.error.message : SIGN_IN_AFTER_SIGN_UP_FAILED;
            return { error: { message, code, status } };
          }
          setSignedOutLocally(false);
          setEndedElsewhere(false);
          return { error: null, notice, signedIn: true };
        } catch (cause) {
          return networkFailure(cause, "Could not create the account. Please try again.");
        }
      }),
    [run],
  );

  // The user is dropped locally only once the server has ended the session: hiding them
  // first would send the route guard away from the page even when sign-out then fails.
  const signOut = useCallback<AuthContextValue["signOut"]>(
    () =>
      run(async () => {
        try {
          const { error } = await authClient.signOut();
          if (error && !ALREADY_SIGNED_OUT_STATUSES.has(error.status)) return toResult(error, "Could not sign out.");
        } catch (cause) {
          return networkFailure(cause, "Could not reach the server.");
        }
        setSignedOutLocally(true);
        setEndedElsewhere(false);
        return { error: null };
      }),
    [run],
  );

  const refresh = useCallback(async () => {
    await session.refetch();
  }, [session]);

  const sessionEnded = useCallback<AuthContextValue["sessionEnded"]>(
    (message) => {
      // A fixed id: two requests refused at once give one toast.
      toast.error(message, { id: "session-ended" });
      setEndedElsewhere(true);
      setSignedOutLocally(true);
      void session.refetch();
    },
    [session],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, signIn, verifySecondFactor, signUp, signOut, refresh, sessionEnded, endedElsewhere }),
    [user, loading, signIn, verifySecondFactor, signUp, signOut, refresh, sessionEnded, endedElsewhere],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
