import { createContext, useContext } from "react";
import type { AuthUser } from "@/lib/auth-client";

export type User = AuthUser;

/** Result of a sign-in or sign-up: `error` carries the server's message when it failed. */
export type AuthResult = { error: null } | { error: { message: string; code?: string; status?: number } };

/** A sign-in's result: `twoFactor` when the password was right and the account asks for a code next (no session yet). */
export type SignInResult = { error: null; twoFactor: boolean } | { error: { message: string; code?: string; status?: number } };

/**
 * Result of a sign-up: what to tell the user (true to how this server sends mail), and
 * whether they are signed in now (no e-mail confirmation needed) or must confirm first.
 */
export type SignUpResult =
  { error: null; notice: string; signedIn: boolean } | { error: { message: string; code?: string; status?: number } };

export interface AuthContextValue {
  /** The signed-in user (`user.name` is the full name), or null. */
  user: User | null;
  /** True while the session is first read, and while sign-in, sign-up or sign-out runs. */
  loading: boolean;
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The second step of a two-factor sign-in: a code from the app, or a recovery code. */
  verifySecondFactor: (kind: "totp" | "recovery", code: string) => Promise<AuthResult>;
  signUp: (fullName: string, email: string, password: string) => Promise<SignUpResult>;
  /** Ends the session on the server; `error` says why it could not (the user stays signed in). */
  signOut: () => Promise<AuthResult>;
  /** Re-reads the session from the server (e.g. after a profile update). */
  refresh: () => Promise<void>;
  /**
   * The server answered 401: the session ended elsewhere (another tab signed out, it expired).
   * Shows `message` (the spec's text for the action that failed) as an error toast, drops the
   * user, and the route guard sends them to /auth.
   */
  sessionEnded: (message: string) => void;
  /** True once `sessionEnded` ran, until the next sign-in or sign-out: the guard then goes to /auth. */
  endedElsewhere: boolean;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth() must be used inside <AuthProvider>");
  return value;
}
