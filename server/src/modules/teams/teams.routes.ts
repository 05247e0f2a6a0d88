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
import { requireUser, toFetchHeaders } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { TeamsService } from "./teams.service";

const tags = ["teams"];

export const invitationStatusSchema = z.object({
  status: z.enum(["pending", "expired", "canceled", "accepted", "rejected", "not_found"]),
  /** Whether a user is signed in. */
  signedIn: z.boolean(),
  /** Signed in: whether the invitation is addressed to the signed-in user's e-mail. */
  forYou: z.boolean().nullable(),
  /** Signed in: whether the user already belongs to the team. */
  alreadyMember: z.boolean(),
  /** Only for the invitation's recipient. */
  teamName: z.string().nullable(),
  role: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export async function registerTeamRoutes(root: FastifyInstance, ctx: AppContext) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new TeamsService(ctx.database.db);

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
        body: z.object({ memberId: z.string().min(1) }),
        response: { 200: z.object({ ownerMemberId: z.string(), formerOwnerMemberId: z.string() }) },
      },
    },
    async (request) => {
      const actor = await requireUser(ctx, request);
      return service.transferOwnership(actor, request.params.teamId, request.body.memberId);
    },
  );
}
