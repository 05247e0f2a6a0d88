// HTTP for integrations: the Settings tab, the OAuth popup's callback, destinations,
// sending action items, and the providers' webhooks (raw body, signature checked by the service).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  authorizeUrlSchema,
  destinationFieldsSchema,
  integrationSchema,
  integrationsOverviewSchema,
  itemLinkSchema,
  itemLinksSchema,
  oauthCallbackSchema,
  providerKeySchema,
  syncResultSchema,
  webhookLogsSchema,
} from "../../../../contract/integrations";
import { requireSession, requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { IntegrationsService } from "./integrations.service";

const tags = ["integrations"];
const idParams = z.object({ id: z.string() });
const destinationValues = z.record(z.string(), z.string().max(500));

export async function registerIntegrationRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new IntegrationsService(ctx);

  app.get("/api/integrations", { schema: { tags, response: { 200: integrationsOverviewSchema } } }, async (request) =>
    service.overview(await requireUser(ctx, request)),
  );

  app.post(
    "/api/integrations/:provider/authorize",
    { schema: { tags, params: z.object({ provider: z.string() }), response: { 200: authorizeUrlSchema } } },
    async (request) => {
      const { actor, sessionId } = await requireSession(ctx, request);
      return service.startConnect(actor, sessionId, request.params.provider);
    },
  );

  app.post(
    "/api/integrations/oauth/callback",
    { schema: { tags, body: oauthCallbackSchema, response: { 200: z.object({ provider: providerKeySchema }) } } },
    async (request) => {
      const { actor, sessionId } = await requireSession(ctx, request);
      return service.finishConnect(actor, sessionId, request.body);
    },
  );

  app.delete("/api/integrations/:id", { schema: { tags, params: idParams, response: { 204: z.null() } } }, async (request, reply) => {
    await service.disconnect(await requireUser(ctx, request), request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    "/api/integrations/:id/destination-fields",
    {
      schema: {
        tags,
        params: idParams,
        body: z.object({ values: destinationValues }),
        response: { 200: destinationFieldsSchema },
      },
    },
    async (request) => ({
      fields: await service.destinationFields(await requireUser(ctx, request), request.params.id, request.body.values),
    }),
  );

  app.put(
    "/api/integrations/:id/destination",
    { schema: { tags, params: idParams, body: z.object({ values: destinationValues }), response: { 200: integrationSchema } } },
    async (request) => service.setDestination(await requireUser(ctx, request), request.params.id, request.body.values),
  );

  app.get(
    "/api/integrations/:id/webhook-logs",
    { schema: { tags, params: idParams, response: { 200: webhookLogsSchema } } },
    async (request) => ({
      logs: await service.webhookLog(await requireUser(ctx, request), request.params.id),
    }),
  );

  app.post("/api/integrations/:id/sync", { schema: { tags, params: idParams, response: { 200: syncResultSchema } } }, async (request) =>
    service.syncNow(await requireUser(ctx, request), request.params.id),
  );

  const sendBody = z.object({ integrationId: z.string() });
  app.post(
    "/api/action-items/:id/send",
    { schema: { tags, params: idParams, body: sendBody, response: { 202: itemLinkSchema } } },
    async (request, reply) =>
      reply.status(202).send(await service.sendItem(await requireUser(ctx, request), request.params.id, request.body.integrationId)),
  );

  app.post(
    "/api/meetings/:id/action-items/send",
    { schema: { tags, params: idParams, body: sendBody, response: { 202: itemLinksSchema } } },
    async (request, reply) =>
      reply
        .status(202)
        .send({ links: await service.sendPending(await requireUser(ctx, request), request.params.id, request.body.integrationId) }),
  );

  app.get("/api/meetings/:id/item-links", { schema: { tags, params: idParams, response: { 200: itemLinksSchema } } }, async (request) => ({
    links: await service.linksForMeeting(await requireUser(ctx, request), request.params.id),
  }));

  // Webhooks: no session, the signature is the authentication. The body stays raw bytes,
  // since the signatures are over exactly what was sent.
  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
    scope.route<{ Params: { id: string } }>({
      method: ["POST", "HEAD"],
      url: "/api/integrations/webhooks/:id",
      schema: { hide: true },
      async handler(request, reply) {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
        const result = await service.receiveWebhook(
          request.params.id,
          {
            method: request.method,
            headers,
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            callbackUrl: service.webhookUrl(request.params.id),
          },
          // The real client address (TRUST_PROXY), for the per-address limit on rejected deliveries.
          request.ip,
        );
        for (const [k, v] of Object.entries(result.headers ?? {})) reply.header(k, v);
        reply.status(result.status);
        return result.body === null ? reply.send() : reply.send(result.body);
      },
    });
  });
}
