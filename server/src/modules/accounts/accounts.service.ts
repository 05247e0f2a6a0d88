// Rules of the account itself (issue 29): what the sign-in page may promise (mail, single
// sign-on), where the server's mail goes (its owner only), and deleting one's own account.
// Every function acts on the signed-in user's own account: no route takes a user id.
import type { AccountDeletionPreview, AccountOptions, MailDestination } from "../../../../contract/accounts";
import { OIDC_PROVIDER_ID } from "../../auth/auth";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { mailDestination } from "../../mail/mailer";
import { IntegrationsService } from "../integrations/integrations.service";
import { MeetingsService } from "../meetings/meetings.service";
import { TeamsRepo } from "../teams/teams.repo";
import { AccountsRepo } from "./accounts.repo";

export class AccountsService {
  private readonly repo: AccountsRepo;
  private readonly teams: TeamsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AccountsRepo(ctx.database.db);
    this.teams = new TeamsRepo(ctx.database.db);
  }

  options(): AccountOptions {
    const { config } = this.ctx;
    return {
      mailDelivered: config.smtp !== null,
      passwordResetMinutes: config.passwordResetExpiryMinutes,
      sso: config.oidc ? { providerId: OIDC_PROVIDER_ID, name: config.oidc.name } : null,
    };
  }

  /** The server's owners (ADMIN_EMAILS, else the first account) see where mail goes; nobody else. */
  async mailDestination(actor: Actor): Promise<MailDestination> {
    const { adminEmails } = this.ctx.config;
    const owner = adminEmails.length ? adminEmails.includes(actor.email.toLowerCase()) : (await this.repo.firstAccountId()) === actor.id;
    if (!owner) throw new AppError("FORBIDDEN", "Only the owner of this server can see where its mail goes.");
    return mailDestination(this.ctx.config);
  }

  async deletionPreview(actor: Actor): Promise<AccountDeletionPreview> {
    const [meetingIds, integrations, teams, hash] = await Promise.all([
      this.repo.meetingIds(actor.id),
      this.repo.integrationCount(actor.id),
      this.repo.ownedTeams(actor.id),
      this.repo.passwordHash(actor.id),
    ]);
    return {
      meetings: meetingIds.length,
      integrations,
      teams: teams.map((t) => ({
        id: t.id,
        name: t.name,
        outcome: t.next ? "handed-over" : "deleted",
        newOwner: t.next ? { name: t.next.name, email: t.next.email } : null,
      })),
      hasPassword: hash !== null,
    };
  }

  /**
   * Deletes the signed-in user's account after checking the password (an account that signs in
   * only through single sign-on types its e-mail address instead). In this order, so that a
   * failure half-way leaves an account that can still sign in and try again: authorisations at
   * the providers revoked (best effort there, the rows go), meetings with their recordings, teams
   * owned handed over or deleted, then the user row with everything that cascades from it
   * (sessions, memberships, invitations sent, two-factor secrets), then the recordings folder's rest.
   */
  async deleteAccount(actor: Actor, confirm: { password?: string; email?: string }): Promise<void> {
    await this.checkConfirmation(actor, confirm);
    const integrations = new IntegrationsService(this.ctx);
    for (const p of (await integrations.overview(actor)).providers)
      if (p.integration) await integrations.disconnect(actor, p.integration.id);
    for (const id of await this.repo.meetingIds(actor.id)) await new MeetingsService(this.ctx).deleteMeeting(actor, id);
    for (const team of await this.repo.ownedTeams(actor.id)) {
      if (team.next) await this.teams.swapOwner(team.id, team.myMemberId, team.next.memberId);
      else await this.repo.deleteTeam(team.id);
    }
    await this.repo.deleteUser(actor.id);
    // Last, so that files of a meeting another of the user's sessions created meanwhile (its row
    // went with the user) go too. A failure here leaves only files no meeting owns, which the
    // local store's start-up sweep removes (storage/orphan-recordings.ts).
    await this.ctx.store
      .deletePrefix(`recordings/${actor.id}/`)
      .catch((e: unknown) => this.ctx.log(`accounts: removing the recordings of deleted user ${actor.id} failed: ${String(e)}`));
    this.ctx.log(`accounts: user ${actor.id} deleted their account`);
  }

  private async checkConfirmation(actor: Actor, confirm: { password?: string; email?: string }): Promise<void> {
    const hash = await this.repo.passwordHash(actor.id);
    if (hash === null) {
      if ((confirm.email ?? "").trim().toLowerCase() !== actor.email.toLowerCase())
        throw new AppError("FORBIDDEN", "Type your account's e-mail address to confirm.");
      return;
    }
    if (!confirm.password) throw new AppError("BAD_REQUEST", "Enter your password to confirm.");
    const auth = await this.ctx.auth.$context;
    if (!(await auth.password.verify({ hash, password: confirm.password })))
      throw new AppError("FORBIDDEN", "That is not your current password. Nothing was deleted.");
  }
}
