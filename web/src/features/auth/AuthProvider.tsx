import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { authClient } from '@/lib/auth-client';
import { AuthContext, type AuthContextValue, type AuthResult } from './auth-context';

/** Server answers to sign-out that mean "already signed out": ignored (spec, section 8). */
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

function toResult(error: { message?: string; code?: string; status?: number } | null | undefined, fallback: string): AuthResult {
  if (!error) return { error: null };
  return { error: { message: error.message || fallback, code: error.code, status: error.status } };
}

function networkFailure(cause: unknown, fallback: string): AuthResult {
  const message = cause instanceof Error && cause.message ? cause.message : fallback;
  return { error: { message } };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = authClient.useSession();
  const [busy, setBusy] = useState(0);
  // Set on sign-out so the user disappears locally at once, before the server answers.
  const [signedOutLocally, setSignedOutLocally] = useState(false);

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

  const signIn = useCallback<AuthContextValue['signIn']>(
    (email, password) =>
      run(async () => {
        try {
          const { error } = await authClient.signIn.email({ email, password });
          if (!error) setSignedOutLocally(false);
          return toResult(error, 'Invalid email or password');
        } catch (cause) {
          return networkFailure(cause, 'Could not sign in. Please try again.');
        }
      }),
    [run],
  );

  const signUp = useCallback<AuthContextValue['signUp']>(
    (fullName, email, password) =>
      run(async () => {
        try {
          const { error } = await authClient.signUp.email({
            name: fullName.trim(),
            email,
            password,
            callbackURL: '/dashboard',
          });
          if (!error) setSignedOutLocally(false);
          return toResult(error, 'Could not create the account. Please try again.');
        } catch (cause) {
          return networkFailure(cause, 'Could not create the account. Please try again.');
        }
      }),
    [run],
  );

  const signOut = useCallback<AuthContextValue['signOut']>(
    () =>
      run(async () => {
        setSignedOutLocally(true);
        try {
          const { error } = await authClient.signOut();
          if (error && !IGNORED_SIGN_OUT_STATUSES.has(error.status)) {
            console.warn('Sign-out on the server failed:', error.message ?? error.status);
          }
        } catch (cause) {
          // The local user is already gone; the cookie expires on its own.
          console.warn('Sign-out request failed:', cause);
        }
      }),
    [run],
  );

  const refresh = useCallback(async () => {
    await session.refetch();
  }, [session]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, signIn, signUp, signOut, refresh }),
    [user, loading, signIn, signUp, signOut, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
