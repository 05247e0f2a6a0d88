import { createAuthClient } from "better-auth/react";
import { organizationClient, twoFactorClient } from "better-auth/client/plugins";

/**
 * better-auth client. The server mounts better-auth under /api/auth on the same origin,
 * so the session cookie is first-party and HttpOnly.
 */
export const authClient = createAuthClient({
  baseURL: typeof window === "undefined" ? "http://localhost:3000" : window.location.origin,
  // twoFactorClient: types user.twoFactorEnabled and the two-factor calls (the sign-in page asks for the code itself).
  plugins: [organizationClient(), twoFactorClient()],
});

export type AuthSession = typeof authClient.$Infer.Session;
export type AuthUser = AuthSession["user"];
