// All SQL on meetings and what access to them depends on (shares, team roles, sessions).
// The list's keyset queries live in meeting-list.repo.ts, transcript edits in
// transcript-edits.repo.ts, action items in modules/action-items/action-items.repo.ts.
import { and, eq, getTableColumns, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { actionItems, meetingShares, meetings, member, organization, session, user } from "../../db/schema";

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeeting = typeof meetings.$inferInsert;
/** The columns a meeting's status stream sends. */
export type MeetingStatusRow = Pick<MeetingRow, "status" | "step" | "progress" | "stepDetail" | "error">;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A meeting without its transcript and turns, which grow with its length (megabytes for a
 * long one): what every request reads, so that none parses them on the API's thread. The
 * turns and text are read apart, where needed (decision 040).
 */
export type MeetingHead = Omit<MeetingRow, "transcript" | "utterances">;
const { transcript: _transcript, utterances: _utterances, ...headColumns } = getTableColumns(meetings);
/** The columns of a MeetingHead, for a query's select or returning. */
export const meetingHeadColumns = headColumns;

export async function findMeeting(db: Db, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
  return row;
}

export async function findMeetingHead(db: Db, id: string): Promise<MeetingHead | undefined> {
  const [row] = await db.select(headColumns).from(meetings).where(eq(meetings.id, id));
  return row;
}

/** Turns per piece of the meeting answer's JSON text: each piece is decoded and written in its own step. */
export const TURNS_PER_PIECE = 1_000;

/**
 * The transcript and turns as JSON text, built by PostgreSQL and never parsed here: the
 * meeting page's answer carries them as they come (meetings.service.ts). `transcript` is the
 * JSON null when the meeting has turns (their texts are the transcript: sent once). The turns
 * come in pieces of TURNS_PER_PIECE (each the turns' JSON joined by commas, no brackets), one
 * row each, so neither the driver nor the answer handles one string of the whole meeting in a
 * single step of the event loop (decision 045). One statement: one snapshot of the row.
 */
export async function meetingTextJson(db: Db, id: string): Promise<{ transcript: string; utterances: string[] } | undefined> {
  const result = await db.execute<{ piece: number; json: string }>(sql`
    SELECT 0 AS piece,
           CASE WHEN jsonb_typeof(m.utterances) = 'array' AND jsonb_array_length(m.utterances) > 0 THEN 'null'
                ELSE coalesce(to_json(m.transcript)::text, 'null') END AS json
    FROM ${meetings} m WHERE m.id = ${id}
    UNION ALL
    SELECT piece, string_agg(u::text, ',' ORDER BY n) AS json
    FROM (SELECT 1 + (t.n - 1) / ${sql.raw(String(TURNS_PER_PIECE))} AS piece, t.u, t.n
          FROM ${meetings} m,
               jsonb_array_elements(CASE WHEN jsonb_typeof(m.utterances) = 'array' THEN m.utterances ELSE '[]'::jsonb END)
                 WITH ORDINALITY AS t(u, n)
          WHERE m.id = ${id}) turns
    GROUP BY piece
    ORDER BY piece`);
  const [head, ...pieces] = result.rows;
  if (!head) return undefined;
  return { transcript: head.json, utterances: pieces.map((p) => p.json) };
}

/**
 * The turns as a public link shows them (speaker, start, end, text): JSON text built by PostgreSQL, never
 * parsed here, in pieces of TURNS_PER_PIECE like the meeting's answer (meetingTextJson; decision 052).
 */
export async function publicTurnPieces(db: Db, id: string): Promise<string[]> {
  const result = await db.execute<{ json: string }>(sql`
    SELECT string_agg(jsonb_build_object('speaker', u->'speaker', 'start', u->'start', 'end', u->'end', 'text', u->'text')::text, ',' ORDER BY n) AS json
    FROM (SELECT 1 + (t.n - 1) / ${sql.raw(String(TURNS_PER_PIECE))} AS piece, t.u, t.n
          FROM ${meetings} m,
               jsonb_array_elements(CASE WHEN jsonb_typeof(m.utterances) = 'array' THEN m.utterances ELSE '[]'::jsonb END)
                 WITH ORDINALITY AS t(u, n)
          WHERE m.id = ${id}) turns
    GROUP BY piece
    ORDER BY piece`);
  return result.rows.map((r) => r.json);
}

/** Whether the meeting has a transcript at all, and one with words in it (counted by PostgreSQL). */
export async function transcriptState(db: Db, id: string): Promise<{ present: boolean; hasText: boolean }> {
  const [row] = await db
    .select({
      present: sql<boolean>`${meetings.transcript} is not null`,
      hasText: sql<boolean>`coalesce(btrim(${meetings.transcript}) <> '', false)`,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  return row ?? { present: false, hasText: false };
}

/** The meeting without its transcript and turns (which can be megabytes): for a caller that leaves those to another process. */
export async function findMeetingWithoutText(db: Db, id: string): Promise<MeetingRow | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(meetings), transcript: sql<null>`null`, utterances: sql<null>`null` })
    .from(meetings)
    .where(eq(meetings.id, id));
  return row;
}

/** Just the transcript and turns of a meeting. */
export async function meetingText(db: Db, id: string): Promise<Pick<MeetingRow, "transcript" | "utterances"> | undefined> {
  const [row] = await db
    .select({ transcript: meetings.transcript, utterances: meetings.utterances })
    .from(meetings)
    .where(eq(meetings.id, id));
  return row;
}

/** Only the columns access needs (for a caller that reads a huge transcript itself). */
export async function findMeetingOwner(db: Db, id: string): Promise<Pick<MeetingRow, "id" | "userId"> | undefined> {
  const [row] = await db.select({ id: meetings.id, userId: meetings.userId }).from(meetings).where(eq(meetings.id, id));
  return row;
}

/** The user's roles in the teams the meeting is shared with (none: not shared with them). */
export async function shareRolesOf(db: Db, meetingId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ role: member.role })
    .from(meetingShares)
    .innerJoin(member, and(eq(member.organizationId, meetingShares.teamId), eq(member.userId, userId)))
    .where(eq(meetingShares.meetingId, meetingId));
  return rows.map((r) => r.role);
}

export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
  return live !== undefined;
}

/** For each meeting: the teams it is shared with that the user belongs to, and who shared it. */
export async function sharesSeenBy(db: Db, userId: string, meetingIds: string[]) {
  if (meetingIds.length === 0) return [];
  return db
    .select({ meetingId: meetingShares.meetingId, teamId: organization.id, teamName: organization.name, sharedBy: user.name })
    .from(meetingShares)
    .innerJoin(organization, eq(organization.id, meetingShares.teamId))
    .innerJoin(member, and(eq(member.organizationId, meetingShares.teamId), eq(member.userId, userId)))
    .innerJoin(user, eq(user.id, meetingShares.sharedBy))
    .where(inArray(meetingShares.meetingId, meetingIds));
}

export async function userName(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}

/** Inserts a meeting; reads back only what queueing its first job needs (the row may hold a long transcript). */
/** The user's meeting titles that start with `prefix` (to number a repeated title). */
export async function titlesStartingWith(db: Db, userId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ title: meetings.title })
    .from(meetings)
    .where(and(eq(meetings.userId, userId), sql`left(${meetings.title}, ${prefix.length}) = ${prefix}`));
  return rows.map((r) => r.title);
}

/**
 * Inserts a meeting. `turnsJson`, when given, is its turns as JSON text: PostgreSQL reads it as a
 * `$n::jsonb` parameter, so a 100,000-turn import is never serialised on the API's thread.
 */
export async function insertMeeting(
  db: Db,
  values: NewMeeting,
  turnsJson?: string,
): Promise<Pick<MeetingRow, "id" | "sourceType" | "storageKey">> {
  const [row] = await db
    .insert(meetings)
    .values({ ...values, ...(turnsJson === undefined ? {} : { utterances: sql`${turnsJson}::jsonb` }) })
    .returning({ id: meetings.id, sourceType: meetings.sourceType, storageKey: meetings.storageKey });
  return row!;
}

/** Changes the given columns (and `updatedAt`); the row after (without its text), or undefined when it is gone. */
export async function updateMeetingColumns(db: Db | Tx, id: string, values: Partial<NewMeeting>): Promise<MeetingHead | undefined> {
  const [row] = await db
    .update(meetings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetings.id, id))
    .returning(headColumns);
  return row;
}

/** The same without reading the row back: the pipeline writes progress once a second, and the row may hold a long transcript. */
export async function setMeetingColumns(db: Db | Tx, id: string, values: Partial<NewMeeting>): Promise<void> {
  await db
    .update(meetings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(meetings.id, id));
}

/**
 * A step's progress, written only while the meeting is still in that step: progress reports
 * are not awaited by the work that makes them, so one may land after the step has finished
 * and must not bring back its bar or its detail ("Saving the notes" on a completed meeting).
 */
export async function setStepProgress(
  db: Db,
  id: string,
  step: NonNullable<MeetingRow["step"]>,
  values: Pick<NewMeeting, "progress" | "stepDetail">,
): Promise<boolean> {
  const rows = await db
    .update(meetings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(meetings.id, id), eq(meetings.status, "processing"), eq(meetings.step, step)))
    .returning({ id: meetings.id });
  return rows.length > 0;
}

/**
 * Meetings still uploading or processing (after a crash, nothing is working on them), without
 * their transcript and turns: start-up only queues their steps again (decision 052).
 */
export async function unfinishedMeetings(db: Db): Promise<MeetingHead[]> {
  return db
    .select(headColumns)
    .from(meetings)
    .where(inArray(meetings.status, ["uploading", "processing"]));
}

/** Which of these meeting ids exist. */
export async function existingMeetingIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: meetings.id }).from(meetings).where(inArray(meetings.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function deleteMeetingRow(db: Db, id: string): Promise<void> {
  await db.delete(meetings).where(eq(meetings.id, id));
}

export async function meetingStatus(db: Db, id: string): Promise<MeetingStatusRow | undefined> {
  const [row] = await db
    .select({
      status: meetings.status,
      step: meetings.step,
      progress: meetings.progress,
      stepDetail: meetings.stepDetail,
      error: meetings.error,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  return row;
}

/** The title and how many characters of text a PDF would carry (transcript + turns), counted by PostgreSQL. */
export async function meetingTextSize(db: Db, id: string): Promise<{ title: string; size: number } | undefined> {
  const [row] = await db
    .select({
      title: meetings.title,
      size: sql<number>`(coalesce(length(${meetings.transcript}), 0) + coalesce(length(${meetings.utterances}::text), 0))::int`,
    })
    .from(meetings)
    .where(eq(meetings.id, id));
  return row;
}

/** The meeting row (without its text), locked until the transaction ends: two edits at once must not undo each other. */
export async function lockMeeting(tx: Tx, id: string): Promise<MeetingHead | undefined> {
  const [row] = await tx.select(headColumns).from(meetings).where(eq(meetings.id, id)).for("update");
  return row;
}

/** The distinct speaker labels of the meeting's turns, trimmed (read by PostgreSQL). */
export async function turnSpeakers(db: Db | Tx, id: string): Promise<string[]> {
  const rows = await db.execute<{ speaker: string }>(
    sql`select distinct btrim(u->>'speaker') as speaker
        from ${meetings}, jsonb_array_elements(case when jsonb_typeof(${meetings.utterances}) = 'array' then ${meetings.utterances} else '[]'::jsonb end) as u
        where ${meetings.id} = ${id}`,
  );
  return rows.rows.map((r) => r.speaker).filter(Boolean);
}

/**
 * Renames the turns' speakers by the plan (old label, trimmed → new name) in PostgreSQL, in
 * one pass, so a swap does not chain and the turns never pass through this process; the
 * notes (small) are written with them.
 */
export async function renameTurnSpeakers(
  tx: Tx,
  id: string,
  plan: Map<string, string>,
  notes: MeetingRow["notes"],
): Promise<MeetingHead | undefined> {
  const names = JSON.stringify(Object.fromEntries(plan));
  const [row] = await tx
    .update(meetings)
    .set({
      notes,
      utterances: sql`(select coalesce(jsonb_agg(case when ${names}::jsonb ? btrim(u->>'speaker')
                              then jsonb_set(u, '{speaker}', ${names}::jsonb -> btrim(u->>'speaker')) else u end order by n), '[]'::jsonb)
                       from jsonb_array_elements(${meetings.utterances}) with ordinality as t(u, n))`,
      updatedAt: new Date(),
    })
    .where(eq(meetings.id, id))
    .returning(headColumns);
  return row;
}

/** Gives the meeting's action items owned by an old speaker label the new name, in one CASE (a swap does not chain). */
export async function renameItemAssignees(tx: Tx, meetingId: string, plan: Map<string, string>): Promise<void> {
  if (plan.size === 0) return;
  const cases = sql.join(
    [...plan].map(([from, to]) => sql`when ${from} then ${to}`),
    sql` `,
  );
  await tx
    .update(actionItems)
    .set({ assignee: sql`case ${actionItems.assignee} ${cases} else ${actionItems.assignee} end`, updatedAt: new Date() })
    .where(and(eq(actionItems.meetingId, meetingId), inArray(actionItems.assignee, [...plan.keys()])));
}

/** Publishes a meeting event on a PostgreSQL channel (every process LISTENs: meeting-events.ts). */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
