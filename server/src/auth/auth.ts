// better-auth: e-mail + password accounts, HttpOnly session cookies, e-mail verification,
// and teams through the organization plugin. Mounted at /api/auth/* by http/auth.routes.ts.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { noteAuthError } from "./auth-errors";
import { genericOAuth, organization, twoFactor } from "better-auth/plugins";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../../contract/accounts";
import type { Config } from "../config/config";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import { allowedOrigins } from "../security/origins";
import type { Mailer } from "../mail/mailer";
import { RequestLimits } from "../limits/limits.service";
import { teamAccess, teamRoles, teamRuleHooks } from "./team-roles";
import { addressBeingChanged, existingAccountMail, passwordResetMail, verificationMail } from "./verification-mail";

/** better-auth's provider id for the one OIDC provider (callback: /api/auth/callback/oidc). */
export const OIDC_PROVIDER_ID = "oidc";

/** At most one "someone tried to sign up with your address" mail per address in this time. */
const EXISTING_ACCOUNT_NOTICE_SECONDS = 3600;

export function createAuth(deps: { config: Config; db: Db; mailer: Mailer; secret: string }) {
  const { config, db, mailer } = deps;
  const limits = new RequestLimits(db);
  return betterAuth({
    appName: "Minutes",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: allowedOrigins(config.publicUrl),
    database: drizzleAdapter(db, { provider: "pg", schema }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: config.requireEmailVerification,
      // Never a session from sign-up: with autoSignIn off, better-auth answers a sign-up for an
      // address that already has an account exactly like a new one (a made-up user, no
      // token), changes nothing and calls onExistingUserSignUp; a session (or a 422) would
      // tell anyone whether the address has an account. The web app signs in next.
      autoSignIn: false,
      onExistingUserSignUp: async ({ user }) => {
        // Quietly at most once an hour per address, so that sign-ups cannot flood an inbox
        // (a refusal here would itself tell that the address exists).
        if (!(await limits.firstInWindow(`existing-account-mail:${user.email.toLowerCase()}`, EXISTING_ACCOUNT_NOTICE_SECONDS))) return;
        const signInUrl = `${config.publicUrl}/auth`;
        await mailer.send({ to: user.email, ...existingAccountMail({ name: user.name, signInUrl }), link: signInUrl });
      },
      // Forgot password: the mail links to the web app's /reset-password page (which posts the
      // token and the new password to /api/auth/reset-password); the link works once, for
      // PASSWORD_RESET_EXPIRY_MINUTES, and the reset ends every session of the account.
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          ...passwordResetMail({ name: user.name, url, minutes: config.passwordResetExpiryMinutes }),
          link: url,
        });
      },
      resetPasswordTokenExpiresIn: config.passwordResetExpiryMinutes * 60,
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        const mail = verificationMail({ name: user.name, url, changeFrom: await addressBeingChanged(db, user.id, user.email) });
        await mailer.send({ to: user.email, ...mail, link: url });
      },
    },
    user: {
      // The new address becomes active only once the link mailed to it is opened
      // (better-auth's "change-email-verification" flow; no updateEmailWithoutVerification).
      changeEmail: { enabled: true },
    },
    databaseHooks: {
      user: {
        update: {
          // Opening the link mailed to the new address proves it: better-auth's
          // change-email-verification keeps the old address's emailVerified (false for an
          // account never confirmed), so the session showed emailVerified: false after a
          // confirmed change. /verify-email only sets `email` in that flow.
          before: async (data, ctx) => {
            if (ctx?.path === "/verify-email" && typeof data.email === "string") return { data: { ...data, emailVerified: true } };
            return undefined;
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    // Off: limits/ counts /api/auth requests by account, user and client address
    // (better-auth's limiter keys only on the address), in PostgreSQL like this one did.
    rateLimit: { enabled: false },
    // A unique-key race is noted for auth.routes.ts to answer 409 (auth-errors.ts); anything else is logged as before.
    onAPIError: {
      onError: (error, ctx) => {
        if (!noteAuthError(error)) ctx.logger.error(error && typeof error === "object" && "name" in error ? String(error.name) : "", error);
      },
    },
    advanced: {
      useSecureCookies: config.secureCookies,
      // better-auth skips its Origin check when NODE_ENV=test; pinned on so that tests run
      // the check users get.
      disableOriginCheck: false,
      // context/session.ts (toFetchHeaders) sets this header from request.ip (the socket, or the client behind
      // TRUST_PROXY), so clients cannot spoof it; better-auth records it on sessions.
      ipAddress: { ipAddressHeaders: ["x-minutes-client-ip"] },
    },
    plugins: [
      // Two-factor sign-in: TOTP (an authenticator app) with recovery codes. Turning it on needs
      // the password and a first code (verify-totp) before it counts; sign-in then answers
      // {twoFactorRedirect: true} and the session comes from /two-factor/verify-totp (or
      // verify-backup-code) within 10 minutes.
      twoFactor({ issuer: "Minutes", backupCodeOptions: { amount: 10 } }),
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.name,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: config.oidc.scopes,
                  pkce: true,
                  // The id_token is checked against the provider's keys (JWKS from discovery).
                  requireIdTokenVerification: true,
                },
              ],
            }),
          ]
        : []),
      organization({
        ac: teamAccess,
        roles: teamRoles,
        creatorRole: "owner",
        invitationExpiresIn: config.invitationExpiryDays * 24 * 60 * 60,
        cancelPendingInvitationsOnReInvite: true,
        // Rules the access control cannot express (owner locked, no self-removal, names).
        organizationHooks: teamRuleHooks(db),
        schema: {
          organization: {
            additionalFields: { description: { type: "string", required: false, input: true } },
          },
        },
        sendInvitationEmail: async (data) => {
          const link = `${config.publicUrl}/invitation?token=${encodeURIComponent(data.id)}`;
          await mailer.send({
            to: data.email,
            subject: `${data.inviter.user.name || data.inviter.user.email} invited you to ${data.organization.name} on Minutes`,
            text: `You have been invited to join the team "${data.organization.name}" as ${data.role}.\n\nAccept the invitation:\n${link}\n\nThe invitation expires on ${data.invitation.expiresAt.toUTCString()}.\n`,
            link,
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
