// HTTP for notice mails: the signed-in user's opt-ins and time zone, and one-click unsubscribe (no sign-in).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  mailPreferencesSchema,
  unsubscribedSchema,
  unsubscribeSchema,
  updateMailPreferencesSchema,
} from "../../../../contract/mail-notices";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { RequestLimits } from "../../limits/limits.service";
import { MailNoticesService } from "./mail-notices.service";

const tags = ["mail"];

export async function registerMailNoticeRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new MailNoticesService(ctx);
  const limits = new RequestLimits(ctx.database.db);

  app.get(
    "/api/mail/preferences",
    {
      schema: {
        tags,
        description: "Which notice mails I get (all off until I turn them on) and my time zone.",
        response: { 200: mailPreferencesSchema },
      },
    },
    async (request) => service.preferences(await requireUser(ctx, request)),
  );

  app.patch(
    "/api/mail/preferences",
    { schema: { tags, body: updateMailPreferencesSchema, response: { 200: mailPreferencesSchema } } },
    async (request) => service.updatePreferences(await requireUser(ctx, request), request.body),
  );

  app.post(
    "/api/mail/unsubscribe",
    {
      schema: {
        tags,
        description: "Turns a notice off with the token from its mail; no sign-in.",
        body: unsubscribeSchema,
        response: { 200: unsubscribedSchema },
      },
    },
    async (request) => {
      await limits.take([
        { key: `unsubscribe:${request.ip}`, max: 30, windowSeconds: 60, refusal: (wait) => `Too many requests. Please try again ${wait}.` },
      ]);
      await service.unsubscribe(request.body.token, request.body.kind);
      return { unsubscribed: true as const };
    },
  );
}
