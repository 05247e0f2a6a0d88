// All SQL of the integrations module.
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { actionItems, integrationItems, integrations, meetings, oauthStates, webhookLogs, webhookReplayKeys } from "../../db/schema";
import { acceptedItem } from "../action-items/action-items.repo";

export type IntegrationRow = typeof integrations.$inferSelect;
export type IntegrationItemRow = typeof integrationItems.$inferSelect;

export class IntegrationsRepo {
  constructor(private readonly db: Db) {}

  listForUser(userId: string) {
    return this.db.select().from(integrations).where(eq(integrations.userId, userId)).orderBy(desc(integrations.createdAt));
  }

  async byId(id: string): Promise<IntegrationRow | null> {
    const [row] = await this.db.select().from(integrations).where(eq(integrations.id, id));
    return row ?? null;
  }

  async upsert(values: typeof integrations.$inferInsert): Promise<IntegrationRow> {
    const { userId: _u, provider: _p, ...update } = values;
    const [row] = await this.db
      .insert(integrations)
      .values(values)
      .onConflictDoUpdate({ target: [integrations.userId, integrations.provider], set: { ...update, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof integrations.$inferInsert>): Promise<IntegrationRow> {
    const [row] = await this.db
      .update(integrations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(integrations.id, id))
      .returning();
    return row!;
  }

  async delete(id: string) {
    await this.db.delete(integrations).where(eq(integrations.id, id));
  }

  /** Integrations whose completion comes back by polling. */
  pollable(providers: string[]) {
    return this.db
      .select()
      .from(integrations)
      .where(and(eq(integrations.isActive, true), inArray(integrations.provider, providers)));
  }

  async insertState(values: typeof oauthStates.$inferInsert) {
    await this.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
    await this.db.insert(oauthStates).values(values);
  }

  /** Single use: the row is gone whatever the outcome. */
  async consumeState(stateHash: string) {
    const [row] = await this.db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
    return row ?? null;
  }

  async link(integrationId: string, actionItemId: string): Promise<IntegrationItemRow | null> {
    const [row] = await this.db
      .select()
      .from(integrationItems)
      .where(and(eq(integrationItems.integrationId, integrationId), eq(integrationItems.actionItemId, actionItemId)));
    return row ?? null;
  }

  async linkById(id: string): Promise<IntegrationItemRow | null> {
    const [row] = await this.db.select().from(integrationItems).where(eq(integrationItems.id, id));
    return row ?? null;
  }

  /** Creates the link unless one exists; returns [row, created]. Two sends at once make one row. */
  async createLink(integrationId: string, actionItemId: string, provider: string): Promise<[IntegrationItemRow, boolean]> {
    const [created] = await this.db
      .insert(integrationItems)
      .values({ integrationId, actionItemId, provider })
      .onConflictDoNothing()
      .returning();
    if (created) return [created, true];
    return [(await this.link(integrationId, actionItemId))!, false];
  }

  /** Moves a failed link back to the queue; null when it is not failed. */
  async requeueFailed(id: string) {
    const [row] = await this.db
      .update(integrationItems)
      .set({ status: "queued", error: null, attempts: 0, updatedAt: new Date() })
      .where(and(eq(integrationItems.id, id), eq(integrationItems.status, "failed")))
      .returning();
    return row ?? null;
  }

  /** Marks a link failed unless it was sent (or failed) meanwhile. */
  async failUnfinished(id: string, error: string) {
    await this.db
      .update(integrationItems)
      .set({ status: "failed", error, updatedAt: new Date() })
      .where(and(eq(integrationItems.id, id), inArray(integrationItems.status, ["queued", "sending"])));
  }

  /** Claims a queued link for sending; null when another worker has it or it is done. */
  async claim(id: string) {
    const [row] = await this.db
      .update(integrationItems)
      .set({ status: "sending", attempts: sql`${integrationItems.attempts} + 1`, updatedAt: new Date() })
      // A try cut off by a crash (still 'sending' after 2 minutes) may be taken again.
      .where(
        and(
          eq(integrationItems.id, id),
          or(
            eq(integrationItems.status, "queued"),
            and(eq(integrationItems.status, "sending"), lt(integrationItems.updatedAt, sql`now() - interval '2 minutes'`)),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  async updateLink(id: string, values: Partial<typeof integrationItems.$inferInsert>) {
    await this.db
      .update(integrationItems)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(integrationItems.id, id));
  }

  async linkByExternal(integrationId: string, externalId: string) {
    const [row] = await this.db
      .select({ link: integrationItems, item: actionItems })
      .from(integrationItems)
      .innerJoin(actionItems, eq(actionItems.id, integrationItems.actionItemId))
      .where(and(eq(integrationItems.integrationId, integrationId), eq(integrationItems.externalId, externalId)));
    return row ?? null;
  }

  sentLinks(integrationId: string) {
    return this.db
      .select({ link: integrationItems, item: actionItems })
      .from(integrationItems)
      .innerJoin(actionItems, eq(actionItems.id, integrationItems.actionItemId))
      .where(and(eq(integrationItems.integrationId, integrationId), eq(integrationItems.status, "sent")));
  }

  linksForMeeting(meetingId: string) {
    return this.db
      .select({ link: integrationItems })
      .from(integrationItems)
      .innerJoin(actionItems, eq(actionItems.id, integrationItems.actionItemId))
      .where(and(eq(actionItems.meetingId, meetingId), acceptedItem))
      .orderBy(integrationItems.createdAt);
  }

  /** The action item a link sends, with its meeting (for the title and the way back). */
  async itemWithMeeting(actionItemId: string) {
    const [row] = await this.db
      .select({ item: actionItems, meeting: meetings })
      .from(actionItems)
      .innerJoin(meetings, eq(meetings.id, actionItems.meetingId))
      .where(eq(actionItems.id, actionItemId));
    return row ?? null;
  }

  /**
   * Records a verified delivery's replay keys; false (and nothing recorded) when any of them
   * was recorded before, by this or a concurrent delivery.
   */
  async claimReplayKeys(integrationId: string, keys: string[]): Promise<boolean> {
    try {
      return await this.db.transaction(async (tx) => {
        const rows = await tx
          .insert(webhookReplayKeys)
          .values(keys.map((key) => ({ integrationId, key })))
          .onConflictDoNothing()
          .returning({ key: webhookReplayKeys.key });
        if (rows.length < keys.length) throw new SeenBefore();
        return true;
      });
    } catch (e) {
      if (e instanceof SeenBefore) return false;
      throw e;
    }
  }

  /** Gives back the keys of a delivery that could not be applied (the provider will retry it). */
  async releaseReplayKeys(integrationId: string, keys: string[]) {
    await this.db
      .delete(webhookReplayKeys)
      .where(and(eq(webhookReplayKeys.integrationId, integrationId), inArray(webhookReplayKeys.key, keys)));
  }

  /** Deletes log rows older than `days`; returns how many. */
  async pruneLogs(days: number): Promise<number> {
    const rows = await this.db
      .delete(webhookLogs)
      .where(lt(webhookLogs.createdAt, sql`now() - make_interval(days => ${days})`))
      .returning({ id: webhookLogs.id });
    return rows.length;
  }

  /** Records a delivery; false when an accepted one with the same key exists (a replay). */
  async log(values: typeof webhookLogs.$inferInsert): Promise<boolean> {
    const rows = await this.db.insert(webhookLogs).values(values).onConflictDoNothing().returning({ id: webhookLogs.id });
    return rows.length > 0;
  }

  logs(integrationId: string, limit = 50) {
    return this.db
      .select()
      .from(webhookLogs)
      .where(eq(webhookLogs.integrationId, integrationId))
      .orderBy(desc(webhookLogs.createdAt))
      .limit(limit);
  }
}

/** Rolls back a replay-key claim that met a key recorded before. */
class SeenBefore extends Error {}
