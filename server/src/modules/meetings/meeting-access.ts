// Who may do what with a meeting. The owner may do everything; members of a team the
// meeting is shared with may read it and edit its action items, guests may only read.
// Anyone else gets 404, exactly like a meeting that does not exist.
import { and, eq, gt } from "drizzle-orm";
import type { Actor } from "../../http/auth.routes";
import type { Db } from "../../db/client";
import { meetingShares, meetings, member, session } from "../../db/schema";
import { AppError } from "../../http/errors";

export type MeetingRow = typeof meetings.$inferSelect;
export type MeetingAccess = "read" | "edit-items" | "owner";

export interface AuthorizedMeeting {
  meeting: MeetingRow;
  /** What the actor may do: the highest level granted. */
  access: MeetingAccess;
}

const rank: Record<MeetingAccess, number> = { read: 1, "edit-items": 2, owner: 3 };

export async function accessLevel(db: Db, actor: Actor, meeting: MeetingRow): Promise<MeetingAccess | null> {
  if (meeting.userId === actor.id) return "owner";
  const roles = await db
    .select({ role: member.role })
    .from(meetingShares)
    .innerJoin(member, and(eq(member.organizationId, meetingShares.teamId), eq(member.userId, actor.id)))
    .where(eq(meetingShares.meetingId, meeting.id));
  if (roles.length === 0) return null;
  return roles.some((r) => r.role !== "guest") ? "edit-items" : "read";
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Loads a meeting the actor may access at least at `need`; otherwise 404 (or 403 for a visible one). */
export async function authorizeMeeting(
  db: Db,
  actor: Actor,
  id: string,
  need: MeetingAccess,
  opts: { light?: boolean } = {},
): Promise<AuthorizedMeeting> {
  if (!uuidPattern.test(id)) throw new AppError("NOT_FOUND", "Meeting not found");
  // light: only the columns access needs (a caller that reads a huge transcript itself).
  const [meeting] = opts.light
    ? ((await db.select({ id: meetings.id, userId: meetings.userId }).from(meetings).where(eq(meetings.id, id))) as MeetingRow[])
    : await db.select().from(meetings).where(eq(meetings.id, id));
  if (!meeting) throw new AppError("NOT_FOUND", "Meeting not found");
  const access = await accessLevel(db, actor, meeting);
  if (!access) throw new AppError("NOT_FOUND", "Meeting not found");
  if (rank[access] < rank[need])
    throw new AppError(
      "FORBIDDEN",
      need === "owner" ? "Only the meeting's owner can do this." : "You can view this meeting but not change it.",
    );
  return { meeting, access };
}

/**
 * Whether an open event stream may go on: its session still valid and the meeting still
 * readable by its user. "deleted": the meeting is gone.
 */
export async function streamAccess(db: Db, actor: Actor, sessionId: string, meetingId: string): Promise<"ok" | "ended" | "deleted"> {
  const [live] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, new Date())));
  if (!live) return "ended";
  const [meeting] = (await db
    .select({ id: meetings.id, userId: meetings.userId })
    .from(meetings)
    .where(eq(meetings.id, meetingId))) as MeetingRow[];
  if (!meeting) return "deleted";
  return (await accessLevel(db, actor, meeting)) ? "ok" : "ended";
}
