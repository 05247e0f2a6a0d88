// /api/invitations/* and /api/teams/*: the small additions to better-auth's organization
// endpoints (mounted at /api/auth/organization/*). Teams are better-auth organizations.
//
// - GET  /api/invitations/:id/status       why an invitation link can or cannot be used
//   (better-auth answers INVITATION_NOT_FOUND for expired, cancelled and used ones alike).
// - POST /api/teams/:teamId/transfer-ownership  the owner hands the team to another member
//   (the only way the owner role moves; the former owner becomes an admin).
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { invitation, member, organization } from "../../db/schema";
import { requireUser, toFetchHeaders } from "../../http/auth.routes";
import type { AppContext } from "../../http/context";
import { AppError } from "../../http/errors";

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
  const db = ctx.database.db;

  app.get(
    "/api/invitations/:id/status",
    { schema: { tags, params: z.object({ id: z.string().min(1).max(200) }), response: { 200: invitationStatusSchema } } },
    async (request) => {
      const session = await ctx.auth.api.getSession({ headers: toFetchHeaders(request) }).catch(() => null);
      const [row] = await db
        .select({
          status: invitation.status,
          email: invitation.email,
          role: invitation.role,
          expiresAt: invitation.expiresAt,
          organizationId: invitation.organizationId,
          teamName: organization.name,
        })
        .from(invitation)
        .innerJoin(organization, eq(organization.id, invitation.organizationId))
        .where(eq(invitation.id, request.params.id));
      const signedIn = !!session;
      if (!row)
        return { status: "not_found" as const, signedIn, forYou: null, alreadyMember: false, teamName: null, role: null, expiresAt: null };
      const forYou = session ? session.user.email.toLowerCase() === row.email.toLowerCase() : null;
      let alreadyMember = false;
      if (session) {
        const [m] = await db
          .select({ id: member.id })
          .from(member)
          .where(and(eq(member.organizationId, row.organizationId), eq(member.userId, session.user.id)));
        alreadyMember = !!m;
      }
      const status: InvitationStatus["status"] =
        row.status === "pending"
          ? row.expiresAt.getTime() < Date.now()
            ? ("expired" as const)
            : ("pending" as const)
          : row.status === "accepted" || row.status === "rejected"
            ? row.status
            : "canceled";
      const reveal = forYou === true;
      return {
        status,
        signedIn,
        forYou,
        alreadyMember,
        teamName: reveal ? row.teamName : null,
        role: reveal ? row.role : null,
        expiresAt: reveal ? row.expiresAt.toISOString() : null,
      };
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
      const { teamId } = request.params;
      const [me] = await db
        .select()
        .from(member)
        .where(and(eq(member.organizationId, teamId), eq(member.userId, actor.id)));
      if (!me) throw new AppError("NOT_FOUND", "Team not found");
      if (me.role !== "owner") throw new AppError("FORBIDDEN", "Only the team owner can transfer ownership.");
      const [target] = await db
        .select()
        .from(member)
        .where(and(eq(member.organizationId, teamId), eq(member.id, request.body.memberId)));
      if (!target) throw new AppError("NOT_FOUND", "Team member not found");
      if (target.id === me.id) throw new AppError("BAD_REQUEST", "You already own this team.");
      // The demotion only matches while the caller still owns the team: of two transfers at
      // once, the second waits for the first's row lock, then matches nothing and rolls back,
      // so the team never ends up with two owners.
      await db.transaction(async (tx) => {
        const demoted = await tx
          .update(member)
          .set({ role: "admin" })
          .where(and(eq(member.id, me.id), eq(member.role, "owner")))
          .returning({ id: member.id });
        if (demoted.length === 0) throw new AppError("FORBIDDEN", "Only the team owner can transfer ownership.");
        const promoted = await tx
          .update(member)
          .set({ role: "owner" })
          .where(and(eq(member.id, target.id), eq(member.organizationId, teamId)))
          .returning({ id: member.id });
        if (promoted.length === 0) throw new AppError("NOT_FOUND", "Team member not found");
      });
      return { ownerMemberId: target.id, formerOwnerMemberId: me.id };
    },
  );
}
