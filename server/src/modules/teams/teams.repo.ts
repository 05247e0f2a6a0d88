// All SQL of the teams additions (teams are better-auth organizations; its plugin owns the rest).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invitation, member, organization } from "../../db/schema";
import { AppError } from "../../core/errors";

export type MemberRow = typeof member.$inferSelect;

export class TeamsRepo {
  constructor(private readonly db: Db) {}

  async invitationWithTeam(id: string) {
    const [row] = await this.db
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
      .where(eq(invitation.id, id));
    return row ?? null;
  }

  async membership(teamId: string, userId: string): Promise<MemberRow | null> {
    const [m] = await this.db
      .select()
      .from(member)
      .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)));
    return m ?? null;
  }

  async memberById(teamId: string, memberId: string): Promise<MemberRow | null> {
    const [m] = await this.db
      .select()
      .from(member)
      .where(and(eq(member.organizationId, teamId), eq(member.id, memberId)));
    return m ?? null;
  }

  /**
   * Owner → admin and target → owner in one transaction. The demotion only matches while
   * the caller still owns the team: of two transfers at once, the second waits for the
   * first's row lock, then matches nothing and rolls back, so the team never has two owners.
   */
  async swapOwner(teamId: string, ownerMemberId: string, targetMemberId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const demoted = await tx
        .update(member)
        .set({ role: "admin" })
        .where(and(eq(member.id, ownerMemberId), eq(member.role, "owner")))
        .returning({ id: member.id });
      if (demoted.length === 0) throw new AppError("FORBIDDEN", "Only the team owner can transfer ownership.");
      const promoted = await tx
        .update(member)
        .set({ role: "owner" })
        .where(and(eq(member.id, targetMemberId), eq(member.organizationId, teamId)))
        .returning({ id: member.id });
      if (promoted.length === 0) throw new AppError("NOT_FOUND", "Team member not found");
    });
  }
}
