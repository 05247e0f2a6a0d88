// /api/account/*: the signed-in user's own account (none takes a user id, so nobody can act on
// another's). The rest of accounts (sign-in, password reset, two-factor, single sign-on) is
// better-auth's, under /api/auth/* (auth/auth.ts).
//
// - GET  /api/account/options    public: whether mail really goes out, the single sign-on provider
// - GET  /api/account/mail       the server's owner: where mail goes (SMTP server or outbox folder)
// - GET  /api/account/deletion   what deleting the account would do (teams handed over or deleted)
// - POST /api/account/delete     deletes the account (password to confirm); signs out
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  accountDeletedSchema,
  accountDeletionPreviewSchema,
  accountOptionsSchema,
  deleteAccountSchema,
  mailDestinationSchema,
} from "../../../../contract/accounts";
import { requireUser } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { AccountsService } from "./accounts.service";

const tags = ["account"];

export async function registerAccountRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new AccountsService(ctx);

  app.get("/api/account/options", { schema: { tags, response: { 200: accountOptionsSchema } } }, async () => service.options());

  app.get("/api/account/mail", { schema: { tags, response: { 200: mailDestinationSchema } } }, async (request) =>
    service.mailDestination(await requireUser(ctx, request)),
  );

  app.get("/api/account/deletion", { schema: { tags, response: { 200: accountDeletionPreviewSchema } } }, async (request) =>
    service.deletionPreview(await requireUser(ctx, request)),
  );

  app.post(
    "/api/account/delete",
    { schema: { tags, body: deleteAccountSchema, response: { 200: accountDeletedSchema } } },
    async (request, reply) => {
      const actor = await requireUser(ctx, request);
      await service.deleteAccount(actor, request.body);
      // The sessions went with the account; the browser's cookies go too.
      const { authCookies } = await ctx.auth.$context;
      reply.header(
        "set-cookie",
        [authCookies.sessionToken, authCookies.sessionData].map(
          (c) => `${c.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${c.attributes.secure ? "; Secure" : ""}`,
        ),
      );
      return { deleted: true as const };
    },
  );
}
