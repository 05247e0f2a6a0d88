/**
 * Teams are better-auth organizations: calls go to /api/auth/organization/* (better-auth)
 * and /api/invitations/*, /api/teams/* (ours). The server enforces every role rule; the
 * UI only hides what a role cannot do.
 */
import { useQuery } from "@tanstack/react-query";
import { api, apiJson } from "@/lib/api";

import type { InvitableRole } from "../../../../contract/accounts";
import type {
  AcceptedInvitation,
  InvitationStatus,
  OwnershipTransferred,
  Team,
  TeamInvitation,
  TeamMember,
  TeamMembers,
  TeamRole,
  TransferOwnership,
} from "../../../../contract/teams";
export { invitableRoles, type InvitableRole } from "../../../../contract/accounts";
export type { InvitationStatus, Team, TeamInvitation, TeamMember, TeamRole };

const ORG = "/api/auth/organization";

export const teamKeys = {
  all: ["teams"] as const,
  list: () => ["teams", "list"] as const,
  members: (teamId: string) => ["teams", teamId, "members"] as const,
  invitations: (teamId: string) => ["teams", teamId, "invitations"] as const,
};

export function roleOf(role: string | null | undefined): TeamRole | null {
  const first = (role ?? "").split(",")[0]?.trim();
  return first === "owner" || first === "admin" || first === "member" || first === "guest" ? first : null;
}

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "team"}-${Math.random().toString(36).slice(2, 8)}`;
}

export const teamsApi = {
  list: () => api<Team[]>(`${ORG}/list`),
  create: (name: string, description?: string) =>
    apiJson<Team>("POST", `${ORG}/create`, {
      name,
      slug: slugFor(name),
      ...(description?.trim() ? { description } : {}),
      keepCurrentActiveOrganization: true,
    }),
  update: (teamId: string, data: { name?: string; description?: string | null }) =>
    apiJson<Team>("POST", `${ORG}/update`, { organizationId: teamId, data }),
  remove: (teamId: string) => apiJson("POST", `${ORG}/delete`, { organizationId: teamId }),
  members: async (teamId: string) => (await api<TeamMembers>(`${ORG}/list-members?organizationId=${encodeURIComponent(teamId)}`)).members,
  invitations: async (teamId: string) =>
    (await api<TeamInvitation[]>(`${ORG}/list-invitations?organizationId=${encodeURIComponent(teamId)}`)).filter(
      (i) => i.status === "pending" && new Date(i.expiresAt).getTime() > Date.now(),
    ),
  invite: (teamId: string, email: string, role: InvitableRole) =>
    apiJson<TeamInvitation>("POST", `${ORG}/invite-member`, { organizationId: teamId, email, role }),
  cancelInvitation: (invitationId: string) => apiJson("POST", `${ORG}/cancel-invitation`, { invitationId }),
  updateRole: (teamId: string, memberId: string, role: InvitableRole) =>
    apiJson("POST", `${ORG}/update-member-role`, { organizationId: teamId, memberId, role }),
  removeMember: (teamId: string, memberId: string) =>
    apiJson("POST", `${ORG}/remove-member`, { organizationId: teamId, memberIdOrEmail: memberId }),
  leave: (teamId: string) => apiJson("POST", `${ORG}/leave`, { organizationId: teamId }),
  transferOwnership: (teamId: string, memberId: string) =>
    apiJson<OwnershipTransferred>("POST", `/api/teams/${encodeURIComponent(teamId)}/transfer-ownership`, {
      memberId,
    } satisfies TransferOwnership),
  invitationStatus: (token: string) => api<InvitationStatus>(`/api/invitations/${encodeURIComponent(token)}/status`),
  rejectInvitation: (invitationId: string) => apiJson("POST", `${ORG}/reject-invitation`, { invitationId }),
  acceptInvitation: (invitationId: string) => apiJson<AcceptedInvitation>("POST", `${ORG}/accept-invitation`, { invitationId }),
};

export function useTeams(enabled = true) {
  return useQuery({ queryKey: teamKeys.list(), queryFn: teamsApi.list, enabled });
}

const CURRENT_TEAM_KEY = "minutes.currentTeamId";
export function readStoredTeamId(): string | null {
  try {
    return localStorage.getItem(CURRENT_TEAM_KEY);
  } catch {
    return null;
  }
}
export function storeTeamId(id: string | null) {
  try {
    if (id) localStorage.setItem(CURRENT_TEAM_KEY, id);
    else localStorage.removeItem(CURRENT_TEAM_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** The current team: the selected one if it still exists, else the first one (spec 4, Team). */
export function pickCurrentTeam(teams: Team[] | undefined, selectedId: string | null): Team | null {
  if (!teams) return null;
  return teams.find((t) => t.id === selectedId) ?? teams[0] ?? null;
}
