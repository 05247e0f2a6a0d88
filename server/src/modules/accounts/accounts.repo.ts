// All SQL of the accounts module: what deleting an account touches (its meetings, integrations,
// the teams it owns and who could own them next) and the password it signs in with.
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { account, integrations, meetings, member, organization, user as users } from "../../db/schema";

export interface OwnedTeam {
  id: string;
  name: string;
  myMemberId: string;
  /** The member who would own it next (the longest-standing admin, else member), or null. */
  next: { memberId: string; name: string; email: string } | null;
}

/** Who may own a team next, in this order; guests only read, so a team of guests is deleted. */
const successorRoles = ["admin", "member"] as const;

export class AccountsRepo {
  constructor(private readonly db: Db) {}

  /** The hash of the account's own password, or null when it signs in only through single sign-on. */
  async passwordHash(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    return row?.password ?? null;
  }

  async meetingIds(userId: string): Promise<string[]> {
    const rows = await this.db.select({ id: meetings.id }).from(meetings).where(eq(meetings.userId, userId));
    return rows.map((r) => r.id);
  }

  async integrationCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(integrations)
      .where(eq(integrations.userId, userId));
    return row?.n ?? 0;
  }

  async ownedTeams(userId: string): Promise<OwnedTeam[]> {
    const mine = await this.db
      .select({ id: organization.id, name: organization.name, myMemberId: member.id })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(and(eq(member.userId, userId), eq(member.role, "owner")))
      .orderBy(asc(organization.createdAt));
    if (mine.length === 0) return [];
    const others = await this.db
      .select({ teamId: member.organizationId, memberId: member.id, role: member.role, name: users.name, email: users.email })
      .from(member)
      .innerJoin(users, eq(users.id, member.userId))
      .where(
        and(
          inArray(
            member.organizationId,
            mine.map((t) => t.id),
          ),
          ne(member.userId, userId),
          inArray(member.role, [...successorRoles]),
        ),
      )
      .orderBy(asc(member.createdAt), asc(member.id));
    return mine.map((t) => {
      const candidates = others.filter((o) => o.teamId === t.id);
      const next = successorRoles.map((role) => candidates.find((c) => c.role === role)).find((c) => c !== undefined);
      return { ...t, next: next ? { memberId: next.memberId, name: next.name, email: next.email } : null };
    });
  }

  async deleteTeam(teamId: string): Promise<void> {
    await this.db.delete(organization).where(eq(organization.id, teamId));
  }

  /** The user row; sessions, sign-in accounts, memberships, invitations sent and the rest go with it (ON DELETE CASCADE). */
  async deleteUser(userId: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
  }

  /** The account created first (ties: the lower id): the server's owner when ADMIN_EMAILS is unset (as in modules/models). */
  async firstAccountId(): Promise<string | null> {
    const [first] = await this.db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
    return first?.id ?? null;
  }
}
