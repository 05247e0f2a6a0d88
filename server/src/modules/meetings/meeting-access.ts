// Who may do what with a meeting. The owner may do everything; members of a team the
// meeting is shared with may read it and edit its action items, guests may only read.
// Anyone else gets 404, exactly like a meeting that does not exist.
import type { Actor } from "../../core/actor";
import type { Db } from "../../db/client";
import { AppError } from "../../core/errors";
import { findMeetingHead, findMeetingOwner, isSessionLive, shareRolesOf, type MeetingHead, type MeetingRow } from "./meetings.repo";

export type { MeetingHead, MeetingRow } from "./meetings.repo";
export type MeetingAccess = "read" | "edit-items" | "owner";

export interface AuthorizedMeeting {
  /** Without its transcript and turns (they grow with the meeting): read them apart where needed. */
  meeting: MeetingHead;
  /** What the actor may do: the highest level granted. */
  access: MeetingAccess;
}

const rank: Record<MeetingAccess, number> = { read: 1, "edit-items": 2, owner: 3 };

export async function accessLevel(db: Db, actor: Actor, meeting: Pick<MeetingRow, "id" | "userId">): Promise<MeetingAccess | null> {
  if (meeting.userId === actor.id) return "owner";
  const roles = await shareRolesOf(db, meeting.id, actor.id);
  if (roles.length === 0) return null;
  return roles.some((r) => r !== "guest") ? "edit-items" : "read";
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
  // light: only the columns access needs (a caller that reads nothing else of the row).
  const meeting = opts.light ? ((await findMeetingOwner(db, id)) as MeetingHead | undefined) : await findMeetingHead(db, id);
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
  if (!(await isSessionLive(db, sessionId))) return "ended";
  const meeting = await findMeetingOwner(db, meetingId);
  if (!meeting) return "deleted";
  return (await accessLevel(db, actor, meeting)) ? "ok" : "ended";
}
