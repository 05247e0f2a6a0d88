// Teams are better-auth's organizations (the organization plugin), and its refusals say so: "You
// are not allowed to update this organization". A person here has teams, never organizations:
// http/auth.routes.ts passes each such refusal on in our words, in the one error model (an
// AppError's {"error":{"code","message"}}, the code from the table for its status), and keeps
// better-auth's own code at the top level, where its client reads it (decision 052).
import { AppError, codeForStatus } from "../core/errors";

/** Our words for the organization plugin's refusals that name an organization, by its error code. */
export const TEAM_WORDING: Record<string, string> = {
  YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION: "You are not allowed to create a team.",
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: "You have reached the most teams you can create.",
  ORGANIZATION_ALREADY_EXISTS: "A team with this slug already exists. Choose another slug.",
  ORGANIZATION_SLUG_ALREADY_TAKEN: "A team with this slug already exists. Choose another slug.",
  ORGANIZATION_NOT_FOUND: "This team does not exist, or you are not a member of it.",
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: "This person is not a member of the team.",
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION: "Only the team's owner or an admin can change its name and description.",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION: "Only the team's owner can delete the team.",
  NO_ACTIVE_ORGANIZATION: "Choose a team first.",
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: "This person is already a member of the team.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    "You own this team, so you cannot leave it. Transfer ownership to another member first, or delete the team.",
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: "A team cannot be left without an owner. Transfer ownership to another member first.",
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: "Only the team's owner or an admin can invite people to the team.",
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION:
    "An invitation to this address is already pending for this team. It was sent once; it can be sent again from the team's invitations.",
  YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS: "Only the team's members can see its invitations.",
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION:
    "The person who sent this invitation is no longer a member of the team, so it cannot be accepted. Ask the team's owner or an admin for a new one.",
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: "This team has as many members as it can have.",
  YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION: "Teams cannot be made inside a team.",
  YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION: "Teams cannot be made inside a team.",
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: "You are not allowed to do that in this team.",
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: "You are not a member of this team.",
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: "Roles belong to a team: choose a team first.",
  TOO_MANY_ROLES: "This team has too many roles.",
};

/** A message in team words, for a refusal the table does not know yet (a newer better-auth). */
function inTeamWords(message: string): string {
  return message
    .replace(/\borgani[sz]ations\b/g, "teams")
    .replace(/\bOrgani[sz]ations\b/g, "Teams")
    .replace(/\borgani[sz]ation\b/g, "team")
    .replace(/\bOrgani[sz]ation\b/g, "Team");
}

/** better-auth's refusal ({code, message} and its status) in our words, or null when it names no organization. */
export function teamRefusal(code: string | undefined, message: string | undefined, status: number): AppError | null {
  const ours = (code && TEAM_WORDING[code]) || (message && /organi[sz]ation/i.test(message) ? inTeamWords(message) : null);
  return ours ? new AppError(codeForStatus(status), ours) : null;
}
