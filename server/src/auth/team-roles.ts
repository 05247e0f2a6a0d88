// The four team roles, expressed with better-auth's access control so the organization
// plugin enforces them on its own endpoints. Meeting access by role lives in
// modules/meetings/meeting-access.ts.
import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";

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
    member: ["create", "delete"],
    invitation: ["create", "cancel"],
    meeting: ["read", "edit"],
  }),
  member: teamAccess.newRole({ meeting: ["read", "edit"] }),
  guest: teamAccess.newRole({ meeting: ["read"] }),
};

export type TeamRole = keyof typeof teamRoles;
export const invitableRoles = ["admin", "member", "guest"] as const;
