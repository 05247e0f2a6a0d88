// All SQL on people: a meeting's members and contacts, speaker links, item owners, contacts.
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Person } from "../../../../contract/people";
import type { Db } from "../../db/client";
import { actionItems, contacts, meetings, meetingShares, meetingVoices, member, organization, speakerLinks, user } from "../../db/schema";
import type { LinkRow, RuleTurn } from "./people-rules";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type ContactRow = typeof contacts.$inferSelect;

const contactPerson = (c: ContactRow): Person => ({ kind: "contact", id: c.id, name: c.name, image: null, aliases: c.aliases });

/** At most this many turns that say a name are read per meeting (in order): the rules' work stays bounded. */
export const MAX_NAMED_TURNS = 5_000;

/** What the people rules need of a meeting's turns, read by PostgreSQL (namedTurns). */
export interface TurnsSayingNames {
  /** Every speaker label, trimmed, each once, in the order they first speak. */
  labels: string[];
  /** Only the turns whose text has one of the names (case aside), each with the next turn's speaker. */
  turns: RuleTurn[];
}

export class PeopleRepo {
  constructor(private readonly db: Db) {}

  /** The meeting's owner and every member of a team it is shared with. */
  async meetingMembers(meetingId: string): Promise<Person[]> {
    const rows = await this.db.execute<{ id: string; name: string; image: string | null }>(sql`
      select u.id, u.name, u.image from "user" u join meetings m on m.user_id = u.id where m.id = ${meetingId}
      union
      select u.id, u.name, u.image from meeting_shares s
        join member mb on mb.organization_id = s.team_id
        join "user" u on u.id = mb.user_id
      where s.meeting_id = ${meetingId}`);
    return rows.rows.map((r) => ({ kind: "user" as const, id: r.id, name: r.name, image: r.image, aliases: [] }));
  }

  /** Contacts a meeting may use: its owner's own and those of the teams it is shared with. */
  async meetingContacts(meetingId: string): Promise<ContactRow[]> {
    return this.db
      .select({ c: contacts })
      .from(contacts)
      .innerJoin(meetings, eq(meetings.id, meetingId))
      .where(
        or(
          eq(contacts.userId, meetings.userId),
          inArray(
            contacts.teamId,
            this.db.select({ t: meetingShares.teamId }).from(meetingShares).where(eq(meetingShares.meetingId, meetingId)),
          ),
        ),
      )
      .orderBy(contacts.name)
      .then((rows) => rows.map((r) => r.c));
  }

  async meetingPeople(meetingId: string): Promise<Person[]> {
    const [members, cs] = await Promise.all([this.meetingMembers(meetingId), this.meetingContacts(meetingId)]);
    return [...members.sort((a, b) => a.name.localeCompare(b.name)), ...cs.map(contactPerson)];
  }

  links(meetingId: string): Promise<LinkRow[]> {
    return this.db
      .select({ speaker: speakerLinks.speaker, userId: speakerLinks.userId, contactId: speakerLinks.contactId })
      .from(speakerLinks)
      .where(eq(speakerLinks.meetingId, meetingId));
  }

  async setLink(meetingId: string, speaker: string, person: { userId: string | null; contactId: string | null }, by: string) {
    await this.db
      .insert(speakerLinks)
      .values({ meetingId, speaker, ...person, linkedBy: by })
      .onConflictDoUpdate({
        target: [speakerLinks.meetingId, speakerLinks.speaker],
        set: { ...person, linkedBy: by, createdAt: new Date() },
      });
  }

  async clearLink(meetingId: string, speaker: string): Promise<void> {
    await this.db.delete(speakerLinks).where(and(eq(speakerLinks.meetingId, meetingId), eq(speakerLinks.speaker, speaker)));
  }

  async setItemOwner(itemId: string, owner: { ownerSet: boolean; ownerUserId: string | null; ownerContactId: string | null }) {
    await this.db
      .update(actionItems)
      .set({ ...owner, updatedAt: new Date() })
      .where(eq(actionItems.id, itemId));
  }

  /** Teams the user belongs to, with their role. */
  teamsOf(userId: string): Promise<{ teamId: string; name: string; role: string }[]> {
    return this.db
      .select({ teamId: organization.id, name: organization.name, role: member.role })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId))
      .orderBy(organization.name);
  }

  /** Teams a meeting is shared with. */
  async sharedTeams(meetingId: string): Promise<string[]> {
    const rows = await this.db.select({ t: meetingShares.teamId }).from(meetingShares).where(eq(meetingShares.meetingId, meetingId));
    return rows.map((r) => r.t);
  }

  /** The user's own contacts and those of the given teams. */
  contactsOf(userId: string, teamIds: string[]): Promise<ContactRow[]> {
    return this.db
      .select()
      .from(contacts)
      .where(or(eq(contacts.userId, userId), teamIds.length ? inArray(contacts.teamId, teamIds) : sql`false`))
      .orderBy(contacts.name);
  }

  /**
   * The meeting's speaker labels and the turns that may say one of `names`, found by PostgreSQL
   * in one pass over the turns: the API's thread reads these few rows, never the whole meeting
   * (decision 045). A superset of what the rules count (they check word bounds and case exactly):
   * a turn is kept when its text, lower- or upper-cased by PostgreSQL, holds the name lower- or
   * upper-cased here, so a database whose locale folds only ASCII still finds "Émile" and "ÉMILE".
   * The statement runs under `timeoutMs` (then 57014, which the service turns into a clear error).
   */
  async namedTurns(meetingId: string, names: string[], timeoutMs: number): Promise<TurnsSayingNames> {
    const keys = [
      ...new Set(
        names
          .map((n) => n.trim())
          .filter(Boolean)
          .flatMap((n) => [n.toLowerCase(), n.toUpperCase()]),
      ),
    ];
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('statement_timeout', ${String(Math.max(1, Math.floor(timeoutMs)))}, true)`);
      const result = await tx.execute<{ labels: string[] | null; turns: RuleTurn[] | null }>(sql`
        WITH t AS MATERIALIZED (
          SELECT x.n, x.u->>'speaker' AS speaker, x.u->>'text' AS text,
                 lead(x.u->>'speaker') OVER (ORDER BY x.n) AS next_speaker
          FROM ${meetings} m
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(m.utterances) = 'array' THEN m.utterances ELSE '[]'::jsonb END)
            WITH ORDINALITY AS x(u, n)
          WHERE m.id = ${meetingId}
        ), k AS (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS key)
        SELECT
          (SELECT array_agg(label ORDER BY first)
             FROM (SELECT btrim(speaker) AS label, min(n) AS first FROM t WHERE btrim(speaker) <> '' GROUP BY 1) l) AS labels,
          (SELECT json_agg(json_build_object('speaker', speaker, 'text', text, 'nextSpeaker', next_speaker) ORDER BY n)
             FROM (SELECT * FROM t
                   WHERE EXISTS (SELECT 1 FROM k WHERE strpos(lower(t.text), lower(k.key)) > 0 OR strpos(upper(t.text), upper(k.key)) > 0)
                   ORDER BY n LIMIT ${MAX_NAMED_TURNS}) said) AS turns`);
      const row = result.rows[0];
      return { labels: row?.labels ?? [], turns: row?.turns ?? [] };
    });
  }

  async findContact(id: string): Promise<ContactRow | null> {
    const [row] = await this.db.select().from(contacts).where(eq(contacts.id, id));
    return row ?? null;
  }

  async insertContact(values: { name: string; aliases: string[]; teamId: string | null; userId: string | null; createdBy: string }) {
    const [row] = await this.db.insert(contacts).values(values).returning();
    return row!;
  }

  async updateContact(id: string, values: { name?: string; aliases?: string[] }): Promise<ContactRow> {
    const [row] = await this.db.update(contacts).set(values).where(eq(contacts.id, id)).returning();
    return row!;
  }

  async deleteContact(id: string): Promise<void> {
    await this.db.delete(contacts).where(eq(contacts.id, id));
  }

  async userPerson(userId: string): Promise<Person | null> {
    const [u] = await this.db.select({ id: user.id, name: user.name, image: user.image }).from(user).where(eq(user.id, userId));
    return u ? { kind: "user", id: u.id, name: u.name, image: u.image, aliases: [] } : null;
  }
}

/**
 * Renaming speakers carries their links and voices (decision 031) to the new labels inside the
 * rename's transaction. Two labels merged into one keep the link and voice the target already
 * had, else the first one's.
 */
export async function renameSpeakerLinks(tx: Tx, meetingId: string, plan: Map<string, string>): Promise<void> {
  if (plan.size === 0) return;
  const moved = await tx
    .delete(speakerLinks)
    .where(and(eq(speakerLinks.meetingId, meetingId), inArray(speakerLinks.speaker, [...plan.keys()])))
    .returning();
  for (const link of moved) {
    const to = plan.get(link.speaker);
    if (to === undefined) continue;
    await tx
      .insert(speakerLinks)
      .values({ ...link, speaker: to })
      .onConflictDoNothing();
  }
  const voices = await tx
    .delete(meetingVoices)
    .where(and(eq(meetingVoices.meetingId, meetingId), inArray(meetingVoices.speaker, [...plan.keys()])))
    .returning();
  for (const voice of voices) {
    const to = plan.get(voice.speaker);
    if (to === undefined) continue;
    await tx
      .insert(meetingVoices)
      .values({ ...voice, speaker: to })
      .onConflictDoNothing();
  }
}
