// Hands /api/auth/* to better-auth, converting Fastify's request to a fetch Request.
import type { FastifyInstance } from "fastify";
import { toFetchHeaders } from "../context/session";
import type { AppContext } from "../context/app-context";
import { assertMayInvite, authLimits, invitationLimit, RequestLimits } from "../limits/limits.service";
import type { SignUpAnswer } from "../../../contract/accounts";
import { AppError, errorBody } from "../core/errors";
import { duplicateMessage, runNotingDuplicates } from "../auth/auth-errors";
import { teamRefusal } from "../auth/team-wording";

export async function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const limits = new RequestLimits(ctx.database.db);
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, ctx.config.publicUrl);
      const path = url.pathname.slice("/api/auth".length);
      const fields = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
      const email = typeof fields.email === "string" ? fields.email.trim().toLowerCase() : null;
      // The signed-in user keys their own limits (sign-in and sign-up are never signed in).
      const session =
        request.headers.cookie && !path.startsWith("/sign-in") && !path.startsWith("/sign-up")
          ? await ctx.auth.api.getSession({ headers: toFetchHeaders(request) })
          : null;
      const user = session ? { id: session.user.id, emailVerified: session.user.emailVerified } : null;
      let undoAttempt: () => Promise<void>;
      let undoInvitation: (() => Promise<void>) | null = null;
      try {
        undoAttempt = await limits.take(authLimits(ctx.config, { path, ip: request.ip, user, email }));
        if (path === "/organization/invite-member" && session) {
          assertMayInvite(ctx.config, session.user);
          undoInvitation = await limits.take([invitationLimit(ctx.config, session.user.id)]);
        }
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        // Our shape, plus better-auth's top-level {code,message} that its client reads.
        if (e.retryAfterSeconds !== undefined) reply.header("retry-after", String(e.retryAfterSeconds));
        return reply.status(e.status).send({ code: e.code, message: e.message, error: { code: e.code, message: e.message } });
      }
      // A changed password always signs out every other session, whatever the client asks:
      // whoever knew the old password must not stay signed in.
      if (url.pathname === "/api/auth/change-password" && request.body && typeof request.body === "object")
        (request.body as Record<string, unknown>).revokeOtherSessions = true;
      const body =
        request.method === "POST" && request.body !== undefined
          ? typeof request.body === "string"
            ? request.body
            : JSON.stringify(request.body)
          : undefined;
      const { result: response, duplicate } = await runNotingDuplicates(() =>
        ctx.auth.handler(new Request(url, { method: request.method, headers: toFetchHeaders(request), body })),
      );
      // Only failed sign-ins count; only invitations sent count.
      if (path === "/sign-in/email" && response.ok) await undoAttempt();
      if (undoInvitation && !response.ok) await undoInvitation();
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== "set-cookie" && key !== "content-length") reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header("set-cookie", cookies);
      let text = await response.text();
      if (path === "/sign-up/email" && response.ok) text = withSignUpAnswer(text, ctx);
      if (response.status >= 400 && text && response.headers.get("content-type")?.includes("json")) {
        // Add our error shape beside better-auth's own {code,message}, which its client reads.
        try {
          const parsed = JSON.parse(text) as { code?: string; message?: string };
          // Teams are better-auth's organizations: its refusals that say "organization" go out in our words.
          const team = teamRefusal(parsed.code, parsed.message, response.status);
          if (team) return reply.send({ ...parsed, message: team.message, ...errorBody(team.code, team.message) });
          const code = parsed.code ?? (response.status === 429 ? "RATE_LIMITED" : "AUTH_ERROR");
          const message =
            parsed.message ?? (response.status === 429 ? "Too many attempts. Please wait a minute and try again." : "Request failed");
          return reply.send({ ...parsed, code, message, error: { code, message } });
        } catch {
          /* not JSON after all */
        }
      }
      if (response.status >= 500 && duplicate !== undefined) {
        // A unique-key race inside better-auth (its own check passed for both requests): say what exists.
        const message = duplicateMessage(duplicate);
        return reply
          .status(409)
          .type("application/json")
          .send({ code: "CONFLICT", message, error: { code: "CONFLICT", message } });
      }
      if (response.status >= 500 && !text) {
        // better-auth answers an unexpected error (a database error: a unique-key race, a deadlock)
        // with an empty 500, which clients read as "null": the one error shape instead (decision 041).
        const message = "Something went wrong on the server. Please try again.";
        return reply.type("application/json").send({ code: "INTERNAL", message, error: { code: "INTERNAL", message } });
      }
      if (response.status === 429 && !text) {
        const message = "Too many attempts. Please wait a minute and try again.";
        return reply.type("application/json").send({ code: "RATE_LIMITED", message, error: { code: "RATE_LIMITED", message } });
      }
      return reply.send(text || null);
    },
  });
}

/**
 * A successful sign-up's answer, with what the page does next. better-auth answers the same
 * shape for a new address and for one that already has an account (auth.ts: autoSignIn off);
 * what we add depends on the settings only, so the answers stay alike.
 */
function withSignUpAnswer(text: string, ctx: AppContext): string {
  const next: SignUpAnswer = {
    next: ctx.config.requireEmailVerification ? "confirm-email" : "sign-in",
    mailDelivered: ctx.config.smtp !== null,
  };
  try {
    return JSON.stringify({ ...(JSON.parse(text) as object), ...next });
  } catch {
    return text;
  }
}
