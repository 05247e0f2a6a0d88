// /api/invitations/* and /api/teams/*: the small additions to better-auth's organization
// endpoints (mounted at /api/auth/organization/*). Teams are better-auth organizations.
//
// - GET  /api/invitations/:id/status       why an invitation link can or cannot be used
//   (better-auth answers INVITATION_NOT_FOUND for expired, cancelled and used ones alike).
// - POST /api/teams/:teamId/transfer-ownership  the owner hands the team to another member
//   (the only way the owner role moves; the former owner becomes an admin).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser, toFetchHeaders } from "../../context/session";
import type { AppContext } from "../../context/app-context";
import { TeamsService } from "./teams.service";
import { invitationStatusSchema, ownershipTransferredSchema, transferOwnershipSchema } from "../../../../contract/teams";

const tags = ["teams"];

export async function registerTeamRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new TeamsService(ctx);

  app.get(
    "/api/invitations/:id/status",
    { schema: { tags, params: z.object({ id: z.string().min(1).max(200) }), response: { 200: invitationStatusSchema } } },
    async (request) => {
      const session = await ctx.auth.api.getSession({ headers: toFetchHeaders(request) }).catch(() => null);
      return service.invitationStatus(request.params.id, session ? { id: session.user.id, email: session.user.email } : null);
    },
  );

  app.post(
    "/api/teams/:teamId/transfer-ownership",
    {
      schema: {
        tags,
        params: z.object({ teamId: z.string().min(1) }),
        body: transferOwnershipSchema,
        response: { 200: ownershipTransferredSchema },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.transferOwnership(actor, request.params.teamId, request.body.memberId);
    },
  );
}
