// All SQL on public links.
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { publicLinks } from "../../db/schema";

export type PublicLinkRow = typeof publicLinks.$inferSelect;

/** Not revoked and not past its expiry. */
const live = () => and(isNull(publicLinks.revokedAt), or(isNull(publicLinks.expiresAt), gt(publicLinks.expiresAt, new Date())));

export class PublicLinksRepo {
  constructor(private readonly db: Db) {}

  async insert(
    values: Pick<PublicLinkRow, "meetingId" | "token" | "parts" | "expiresAt" | "passwordHash" | "createdBy">,
  ): Promise<PublicLinkRow> {
    const [row] = await this.db.insert(publicLinks).values(values).returning();
    return row!;
  }

  /** A meeting's links that were not revoked (expired ones too: the owner sees they ended), newest first. */
  listByMeeting(meetingId: string): Promise<PublicLinkRow[]> {
    return this.db
      .select()
      .from(publicLinks)
      .where(and(eq(publicLinks.meetingId, meetingId), isNull(publicLinks.revokedAt)))
      .orderBy(desc(publicLinks.createdAt));
  }

  /** Revokes one link of the meeting; false when it has no such link (or it was revoked already). */
  async revoke(meetingId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(publicLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(publicLinks.id, id), eq(publicLinks.meetingId, meetingId), isNull(publicLinks.revokedAt)))
      .returning({ id: publicLinks.id });
    return rows.length > 0;
  }

  /** The live link with this token, if any. */
  async findLive(token: string): Promise<PublicLinkRow | null> {
    const [row] = await this.db
      .select()
      .from(publicLinks)
      .where(and(eq(publicLinks.token, token), live()));
    return row ?? null;
  }
}
