// Builds the Fastify app: security headers, the one error shape, Origin checks, the API
// routes, the OpenAPI document, and the built web app for every other path.
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { publicSettingsSchema } from "../../../contract/meetings";
import { fromRoot } from "../paths";
import { registerSystemRoutes } from "../modules/system/system.routes";
import { registerAuthRoutes } from "./auth.routes";
import type { AppContext } from "../context/app-context";
import { AppError, codeForStatus, errorBody } from "../core/errors";
import { clientErrorHandler, frameworkErrors } from "./client-errors";
import { registerJsonBodyParser } from "./json-body";
import { allowedOrigins, normaliseOrigin } from "../security/origins";
import { registerApiRoutes } from "./routes";
import { assertAuthFieldLengths, assertCleanText } from "../core/text-guard";

/** The built web app. */
export const webDistDir = fromRoot("web/dist");

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // pino JSON lines; each request's lines carry its id (reqId), also sent as x-request-id.
    logger: ctx.config.logLevel === "silent" ? false : { level: ctx.config.logLevel },
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // request.ip is the client behind the configured proxies (TRUST_PROXY), else the socket.
    // (cast: a union here picks the wrong Fastify overload; every member is a valid value)
    trustProxy: ctx.config.trustProxy as boolean,
    // Answers given before a route runs (Node's parser, the router) in the one error shape.
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerJsonBodyParser(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"], // Radix positions popovers with inline styles
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: ctx.config.secureCookies ? [] : null,
      },
    },
    hsts: ctx.config.secureCookies,
    crossOriginEmbedderPolicy: false,
    // helmet's default, no-referrer, makes Chromium send `Origin: null` on same-origin
    // POSTs, and every state-changing request is then refused (sign-up included). This
    // policy keeps the Origin on our own requests and sends other sites only the origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The integrations OAuth popup must keep its opener to report back.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  // The popup's landing page comes back from the provider's origin; a stricter policy there
  // would cut it off from the Settings tab that opened it.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/settings/integrations/oauth-callback")) reply.header("cross-origin-opener-policy", "unsafe-none");
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Minutes API", version: "0.1.0", description: "Meeting notes: meetings, transcripts, action items, teams." },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.status).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field =
        first?.instancePath?.replace(/^\//, "").replace(/\//g, ".") ||
        (first?.params as { issue?: { path?: string[] } } | undefined)?.issue?.path?.join(".");
      const message = `${field ? `${field}: ` : ""}${first?.message ?? "Invalid request"}`;
      return reply.status(400).send(errorBody("VALIDATION_FAILED", message));
    }
    if (error.statusCode === 429)
      return reply.status(429).send(errorBody("RATE_LIMITED", "Too many requests. Please wait a minute and try again."));
    // Fastify's and its plugins' own 4xx answers get a code from the one table.
    if (error.statusCode && error.statusCode < 500)
      return reply.status(error.statusCode).send(errorBody(codeForStatus(error.statusCode), error.message));
    // A database error's own code and message are on its cause (drizzle wraps it): log them, or a 500 says nothing.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    request.log.error(cause ? { err: error, dbCode: cause.code, dbMessage: cause.message } : error);
    return reply.status(500).send(errorBody("INTERNAL", "Something went wrong on the server. Please try again."));
  });

  // Cookies are SameSite=Lax; in addition, a browser request that changes state must come
  // from our own origin (better-auth alone checks only requests that carry cookies). A
  // request without Origin is not a browser's (browsers send it on every POST): allowed.
  const ownOrigins = allowedOrigins(ctx.config.publicUrl);
  app.addHook("onRequest", async (request) => {
    if (!stateChanging.has(request.method) || !request.url.startsWith("/api/")) return;
    const header = request.headers.origin;
    if (header === undefined) return;
    const origin = normaliseOrigin(header);
    if (origin === null || !ownOrigins.includes(origin))
      throw new AppError("FORBIDDEN", `Requests from ${header} are not allowed. Open the app at ${ctx.config.publicUrl}.`);
  });

  // NUL and lone surrogates anywhere in what a client sends are a 400 on every route.
  app.addHook("preValidation", async (request) => {
    if (!request.url.startsWith("/api/")) return;
    assertCleanText(request.query, "query");
    assertCleanText(request.params, "path");
    assertCleanText(request.body, "body");
    if (request.url.startsWith("/api/auth/")) assertAuthFieldLengths(request.body);
  });

  // First, so its timing and request-id hooks cover every route registered after it.
  await registerSystemRoutes(app, ctx);
  await registerAuthRoutes(app, ctx);

  app.get(
    "/api/settings",
    {
      schema: {
        tags: ["system"],
        description: "Limits the web app shows and checks before sending.",
        response: { 200: publicSettingsSchema },
      },
    },
    async () => ({ maxUploadBytes: ctx.config.maxUploadBytes }),
  );

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  await registerApiRoutes(app, ctx);

  const hasWeb = existsSync(path.join(webDistDir, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDistDir, wildcard: false, index: false, maxAge: "1h" });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api")
      return reply.status(404).send(errorBody("NOT_FOUND", `No API route ${request.method} ${request.url.split("?")[0]}`));
    if (request.method !== "GET" && request.method !== "HEAD") return reply.status(404).send(errorBody("NOT_FOUND", "Not found"));
    // Deep links such as /meetings/123 load the app, which routes on the client.
    if (!hasWeb) return reply.status(503).type("text/plain").send("The web app is not built. Run `npm run build`.");
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });

  return app;
}
