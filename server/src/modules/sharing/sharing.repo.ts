// All SQL of sharing meetings with teams.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { meetingShares, member } from "../../db/schema";

export class SharingRepo {
  constructor(private readonly db: Db) {}

  /** The user's role in the team, or null when they are not in it. */
  async roleIn(teamId: string, userId: string): Promise<string | null> {
    const [m] = await this.db
      .select({ role: member.role })
      .from(member)
      .where(and(eq(member.organizationId, teamId), eq(member.userId, userId)));
    return m?.role ?? null;
  }

  async share(meetingId: string, teamId: string, sharedBy: string): Promise<void> {
    await this.db.insert(meetingShares).values({ meetingId, teamId, sharedBy }).onConflictDoNothing();
  }

  async unshare(meetingId: string, teamId: string): Promise<void> {
    await this.db.delete(meetingShares).where(and(eq(meetingShares.meetingId, meetingId), eq(meetingShares.teamId, teamId)));
  }
}
