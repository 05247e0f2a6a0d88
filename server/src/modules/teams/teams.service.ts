// Rules of the teams additions: why an invitation link can or cannot be used (details only
// for its recipient), and handing a team to another member (owner only). Plain values in.
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import type { InvitationStatus } from "../../../../contract/teams";
import { TeamsRepo } from "./teams.repo";

export class TeamsService {
  private readonly repo: TeamsRepo;
  constructor(ctx: AppContext) {
    this.repo = new TeamsRepo(ctx.database.db);
  }

  /** `viewer`: the signed-in user, or null. */
  async invitationStatus(id: string, viewer: Pick<Actor, "id" | "email"> | null): Promise<InvitationStatus> {
    const row = await this.repo.invitationWithTeam(id);
    const signedIn = viewer !== null;
    if (!row) return { status: "not_found", signedIn, forYou: null, alreadyMember: false, teamName: null, role: null, expiresAt: null };
    const forYou = viewer ? viewer.email.toLowerCase() === row.email.toLowerCase() : null;
    const alreadyMember = viewer ? (await this.repo.membership(row.organizationId, viewer.id)) !== null : false;
    const status: InvitationStatus["status"] =
      row.status === "pending"
        ? row.expiresAt.getTime() < Date.now()
          ? "expired"
          : "pending"
        : row.status === "accepted" || row.status === "rejected"
          ? row.status
          : "canceled";
    const reveal = forYou === true;
    return {
      status,
      signedIn,
      forYou,
      alreadyMember,
      teamName: reveal ? row.teamName : null,
      role: reveal ? row.role : null,
      expiresAt: reveal ? row.expiresAt.toISOString() : null,
    };
  }

  async transferOwnership(actor: Actor, teamId: string, memberId: string): Promise<{ ownerMemberId: string; formerOwnerMemberId: string }> {
    const me = await this.repo.membership(teamId, actor.id);
    if (!me) throw new AppError("NOT_FOUND", "Team not found");
    if (me.role !== "owner") throw new AppError("FORBIDDEN", "Only the team owner can transfer ownership.");
    const target = await this.repo.memberById(teamId, memberId);
    if (!target) throw new AppError("NOT_FOUND", "Team member not found");
    if (target.id === me.id) throw new AppError("BAD_REQUEST", "You already own this team.");
    await this.repo.swapOwner(teamId, me.id, target.id);
    return { ownerMemberId: target.id, formerOwnerMemberId: me.id };
  }
}
