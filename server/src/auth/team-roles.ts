// The four team roles, expressed with better-auth's access control so the organization
// plugin enforces them on its own endpoints, plus the hooks for the rules its access
// control cannot express (see teamRuleHooks). Meeting access by role lives in
// modules/meetings/meeting-access.ts.
//
// | rule                                              | enforced by                                  |
// |---------------------------------------------------|----------------------------------------------|
// | owner/admin edit name and description             | organization:update (owner, admin)           |
// | only the owner deletes the team                   | organization:delete (owner)                  |
// | only the owner changes roles                      | member:update (owner)                        |
// | owner and admin remove members                    | member:delete (owner, admin)                 |
// | nobody removes the owner                          | better-auth (non-owner) + beforeRemoveMember |
// | an admin does not remove themself (they leave)    | beforeRemoveMember                           |
// | nobody demotes the owner or hands out "owner"     | beforeUpdateMemberRole (transfer: own route) |
// | owner and admin invite and cancel invitations     | invitation:create / invitation:cancel        |
// | invitations only as admin, member or guest        | beforeCreateInvitation                       |
// | the owner cannot leave while owning the team      | better-auth (last owner) + single owner      |
// | invitation only for its recipient, not expired    | better-auth accept-invitation                |
// | team name required, whitespace-only is empty      | beforeCreate/UpdateOrganization              |
import { APIError } from "better-auth/api";
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";
import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import { and, eq } from "drizzle-orm";
import { invitableRoles, TEAM_NAME_REQUIRED, type InvitableRole } from "../../../contract/accounts";
import type { Db } from "../db/client";
import { member as memberTable } from "../db/schema";

export const teamStatements = {
  ...defaultStatements,
  /** Meetings shared with the team. */
  meeting: ["read", "edit"],
} as const;

export const teamAccess = createAccessControl(teamStatements);

export const teamRoles = {
  owner: teamAccess.newRole({
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
    meeting: ["read", "edit"],
  }),
  admin: teamAccess.newRole({
    organization: ["update"],
    member: ["delete"],
    invitation: ["create", "cancel"],
    meeting: ["read", "edit"],
  }),
  member: teamAccess.newRole({ meeting: ["read", "edit"] }),
  guest: teamAccess.newRole({ meeting: ["read"] }),
};

export type TeamRole = keyof typeof teamRoles;
export const teamRoleNames = ["owner", "admin", "member", "guest"] as const satisfies readonly TeamRole[];
export { invitableRoles, TEAM_NAME_REQUIRED, type InvitableRole };

const roleList = (role: string | string[] | null | undefined) =>
  (Array.isArray(role) ? role : String(role ?? "").split(",")).map((r) => r.trim()).filter(Boolean);
const isOwnerRole = (role: string | string[] | null | undefined) => roleList(role).includes("owner");
const forbidden = (message: string, code = "TEAM_RULE") => new APIError("FORBIDDEN", { message, code });
const badRequest = (message: string, code = "TEAM_RULE") => new APIError("BAD_REQUEST", { message, code });

/** The signed-in user of the better-auth endpoint now running, if any. */
function currentUserId(): string | undefined {
  const ctx = tryGetCurrentAuthEndpointContext() as { context?: { session?: { user?: { id?: string } } | null } } | undefined;
  return ctx?.context?.session?.user?.id;
}

function cleanName(name: unknown): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (!trimmed) throw badRequest(TEAM_NAME_REQUIRED, "TEAM_NAME_REQUIRED");
  return trimmed;
}

function cleanDescription(description: unknown): string | null | undefined {
  if (description === undefined) return undefined;
  if (description === null) return null;
  const trimmed = String(description).trim();
  return trimmed ? trimmed : null;
}

/** organizationHooks for the rules better-auth's access control does not express. */
export function teamRuleHooks(db: Db) {
  return {
    async beforeCreateOrganization({ organization }: { organization: Record<string, unknown> }) {
      const data: Record<string, unknown> = { ...organization, name: cleanName(organization.name) };
      const description = cleanDescription(organization.description);
      if (description !== undefined) data.description = description;
      return { data: data as { name: string; slug: string } };
    },
    async beforeUpdateOrganization({ organization }: { organization: Record<string, unknown> }) {
      const data: Record<string, unknown> = {};
      if ("name" in organization) data.name = cleanName(organization.name);
      const description = cleanDescription(organization.description);
      if (description !== undefined) data.description = description;
      return { data };
    },
    async beforeCreateInvitation({ invitation }: { invitation: { role: string | string[] } }) {
      const roles = roleList(invitation.role);
      if (roles.length !== 1 || !(invitableRoles as readonly string[]).includes(roles[0]!))
        throw badRequest("Invitations can only be for the admin, member or guest role.", "ROLE_NOT_INVITABLE");
    },
    async beforeAcceptInvitation({ invitation, user }: { invitation: { organizationId: string }; user: { id: string } }) {
      const [existing] = await db
        .select({ id: memberTable.id })
        .from(memberTable)
        .where(and(eq(memberTable.organizationId, invitation.organizationId), eq(memberTable.userId, user.id)));
      if (existing) throw badRequest("You are already a member of this team.", "ALREADY_A_MEMBER");
    },
    async beforeUpdateMemberRole({ member, newRole }: { member: { role: string }; newRole: string }) {
      if (isOwnerRole(member.role)) throw forbidden("The team owner's role cannot be changed.", "OWNER_ROLE_LOCKED");
      if (isOwnerRole(newRole)) throw forbidden("Ownership can only be handed over with a transfer.", "OWNER_ROLE_LOCKED");
      const roles = roleList(newRole);
      if (roles.length !== 1 || !(invitableRoles as readonly string[]).includes(roles[0]!))
        throw badRequest("A member's role must be admin, member or guest.", "ROLE_NOT_FOUND");
    },
    async beforeRemoveMember({ member }: { member: { role: string; userId: string } }) {
      if (isOwnerRole(member.role)) throw forbidden("The team owner cannot be removed.", "OWNER_CANNOT_BE_REMOVED");
      if (currentUserId() === member.userId) throw forbidden("You cannot remove yourself; leave the team instead.", "CANNOT_REMOVE_SELF");
    },
  };
}
