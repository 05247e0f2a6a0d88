// Operations endpoints: liveness (/api/health: the process serves HTTP), readiness
// (/api/health/ready: database, queue and store answer; a load balancer sends traffic only
// to ready processes) and Prometheus metrics (/metrics). Also times every request for the
// latency histogram and returns the request id that the JSON logs carry.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { SystemService } from "./system.service";

const state = z.enum(["ok", "unavailable"]);
const binary = z.object({
  source: z.enum(["configured", "system", "bundled", "missing"]),
  version: z.string().nullable(),
  newEnough: z.boolean(),
});
/** Only for the server's owner (signed in): which media binaries this process runs. */
const details = z.object({ ffmpeg: binary, ffprobe: binary }).optional();

export async function registerSystemRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new SystemService(ctx);

  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    // The route pattern, not the URL: one series per route, not per meeting id.
    const route = request.routeOptions.url ?? "unmatched";
    ctx.metrics.httpDuration.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get("/api/health", { schema: { tags: ["system"], response: { 200: z.object({ status: z.literal("ok") }) } } }, async () => ({
    status: "ok" as const,
  }));

  app.get(
    "/api/health/ready",
    {
      schema: {
        tags: ["system"],
        response: {
          200: z.object({ status: z.literal("ok"), database: state, queue: state, storage: state, details }),
          503: z.object({ status: z.literal("error"), database: state, queue: state, storage: state, details }),
        },
      },
    },
    async (request, reply) => {
      const { ready, ...parts } = await service.readiness();
      // Anyone (a load balancer) gets the states; a signed-in owner also the details.
      const actor = request.headers.cookie ? await requireUser(ctx, request).catch(() => null) : null;
      const more = (await service.readinessDetails(actor).catch(() => null)) ?? undefined;
      if (ready) return { status: "ok" as const, ...parts, details: more };
      return reply.status(503).send({ status: "error" as const, ...parts, details: more });
    },
  );

  app.get("/metrics", { schema: { hide: true } }, async (_request, reply) => {
    reply.type(ctx.metrics.registry.contentType);
    return ctx.metrics.registry.metrics();
  });
}
