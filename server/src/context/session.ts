// Who is asking: reads the better-auth session from the request's cookie. Module routes call
// requireUser(); http/auth.routes.ts hands /api/auth/* to better-auth with the same headers.
import type { FastifyRequest } from "fastify";
import type { Actor } from "../core/actor";
import { AppError } from "../core/errors";
import type { AppContext } from "./app-context";

export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === "x-minutes-client-ip") continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, String(v));
  }
  // better-auth's rate limit keys on this; set from the socket, never from the client.
  headers.set("x-minutes-client-ip", request.ip);
  return headers;
}

/** The signed-in user, or a 401 in the one error shape. */
export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  return (await requireSession(ctx, request)).actor;
}

/** The signed-in user and the id of their session (OAuth states are bound to it). */
export async function requireSession(ctx: AppContext, request: FastifyRequest): Promise<{ actor: Actor; sessionId: string }> {
  const session = await ctx.auth.api.getSession({ headers: toFetchHeaders(request) });
  if (!session) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return { actor: { id: session.user.id, email: session.user.email, name: session.user.name }, sessionId: session.session.id };
}
