// All SQL on notice mails: preferences, the sent-mail keys, and what the notices are about.
import { randomBytes } from "node:crypto";
import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailPreferences, meetings, sentMails, user, type MailNoticeKind } from "../../db/schema";

export type { MailNoticeKind };
export type PreferencesRow = typeof mailPreferences.$inferSelect;
export type Recipient = { id: string; name: string; email: string; timeZone: string; unsubscribeToken: string };

export class MailNoticesRepo {
  constructor(private readonly db: Db) {}

  async preferences(userId: string): Promise<PreferencesRow | null> {
    const [row] = await this.db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
    return row ?? null;
  }

  async savePreferences(
    userId: string,
    patch: Partial<Pick<PreferencesRow, "recap" | "reminders" | "digest" | "timeZone">>,
  ): Promise<PreferencesRow> {
    const [row] = await this.db
      .insert(mailPreferences)
      .values({ userId, ...patch, unsubscribeToken: randomBytes(24).toString("base64url") })
      .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...patch, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  /** Turns notices off for the holder of an unsubscribe token; false for an unknown token. */
  async unsubscribe(token: string, off: Partial<Pick<PreferencesRow, "recap" | "reminders" | "digest">>): Promise<boolean> {
    const rows = await this.db
      .update(mailPreferences)
      .set({ ...off, updatedAt: new Date() })
      .where(eq(mailPreferences.unsubscribeToken, token))
      .returning({ userId: mailPreferences.userId });
    return rows.length > 0;
  }

  /** Users who opted into `kind`, with where and when to mail them. */
  optedIn(kind: "recap" | "reminders" | "digest"): Promise<Recipient[]> {
    return this.db
      .select({
        id: user.id,
        name: user.name,
        email: user.email,
        timeZone: mailPreferences.timeZone,
        unsubscribeToken: mailPreferences.unsubscribeToken,
      })
      .from(mailPreferences)
      .innerJoin(user, eq(user.id, mailPreferences.userId))
      .where(eq(mailPreferences[kind], true));
  }

  /** Claims a notice: true only for the first claim of `key`, in any process, ever. */
  async claim(key: string, userId: string, kind: MailNoticeKind): Promise<boolean> {
    const rows = await this.db.insert(sentMails).values({ key, userId, kind }).onConflictDoNothing().returning({ key: sentMails.key });
    return rows.length > 0;
  }

  /** Gives a claim back when its mail could not be sent, so the next run tries again. */
  async release(key: string): Promise<void> {
    await this.db.delete(sentMails).where(eq(sentMails.key, key));
  }

  /**
   * Meetings processed since `since` (completed), newest first. Their speaker labels, not their
   * turns: the trigger of migration 0001 keeps them with the row, so a recap never reads (or has
   * the driver parse) a whole meeting's turns (decision 045).
   */
  processedSince(since: Date) {
    return this.db
      .select({
        id: meetings.id,
        title: meetings.title,
        userId: meetings.userId,
        notes: meetings.notes,
        speakers: meetings.speakers,
        recordedAt: meetings.recordedAt,
      })
      .from(meetings)
      .where(and(eq(meetings.status, "completed"), isNotNull(meetings.processedAt), gte(meetings.processedAt, since)))
      .orderBy(desc(meetings.processedAt));
  }
}
