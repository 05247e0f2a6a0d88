// Sharing a meeting with a team: only the meeting's owner, and only with a team they
// belong to other than as a guest. Unsharing tells open pages, so a stream whose reader
// lost access is closed.
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { authorizeMeeting } from "../meetings/meeting-access";
import { publishMeetingEvent } from "../../events/meeting-events";
import type { MeetingDetailJson } from "../meetings/meeting-detail";
import { MeetingsService } from "../meetings/meetings.service";
import { SharingRepo } from "./sharing.repo";

export class SharingService {
  private readonly db: Db;
  private readonly repo: SharingRepo;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.repo = new SharingRepo(this.db);
  }

  async share(actor: Actor, meetingId: string, teamId: string): Promise<MeetingDetailJson> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "owner");
    const role = await this.repo.roleIn(teamId, actor.id);
    if (!role) throw new AppError("NOT_FOUND", "Team not found");
    if (role === "guest") throw new AppError("FORBIDDEN", "Guests cannot share meetings with a team.");
    await this.repo.share(meeting.id, teamId, actor.id);
    return new MeetingsService(this.ctx).getMeetingDetail(actor, meeting.id);
  }

  async unshare(actor: Actor, meetingId: string, teamId: string): Promise<MeetingDetailJson> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "owner");
    await this.repo.unshare(meeting.id, teamId);
    await publishMeetingEvent(this.db, { type: "changed", meetingId: meeting.id });
    return new MeetingsService(this.ctx).getMeetingDetail(actor, meeting.id);
  }
}
