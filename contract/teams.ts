// Teams are better-auth organizations: /api/auth/organization/* is better-auth's, and these
// are the shapes it answers with as the web app reads them (dates arrive as ISO strings).
// /api/invitations/* and /api/teams/* are ours (modules/teams).
import { z } from "zod";

export const teamRoles = ["owner", "admin", "member", "guest"] as const;
export const teamRoleSchema = z.enum(teamRoles);
export type TeamRole = z.infer<typeof teamRoleSchema>;

/** A team as better-auth's organization/list, create and update answer it. */
export const teamInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamInfoSchema>;
export const teamListSchema = z.array(teamInfoSchema);

export const teamMemberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** better-auth stores roles as a comma-separated list; ours have one. */
  role: z.string(),
  createdAt: z.string(),
  user: z
    .object({
      id: z.string(),
      name: z.string().nullable().optional(),
      email: z.string().nullable().optional(),
      image: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersSchema = z.object({ members: z.array(teamMemberSchema) });
export type TeamMembers = z.infer<typeof teamMembersSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  status: z.string(),
  expiresAt: z.string(),
  organizationId: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationsSchema = z.array(teamInvitationSchema);
export const acceptedInvitationSchema = z.object({ member: teamMemberSchema, invitation: teamInvitationSchema });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** GET /api/invitations/{id}/status: why an invitation link can or cannot be used. */
export const invitationStatusSchema = z.object({
  status: z.enum(["pending", "expired", "canceled", "accepted", "rejected", "not_found"]),
  /** Whether a user is signed in. */
  signedIn: z.boolean(),
  /** Signed in: whether the invitation is addressed to the signed-in user's e-mail. */
  forYou: z.boolean().nullable(),
  /** Signed in: whether the user already belongs to the team. */
  alreadyMember: z.boolean(),
  /** Only for the invitation's recipient. */
  teamName: z.string().nullable(),
  role: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** POST /api/teams/{teamId}/transfer-ownership. */
export const transferOwnershipSchema = z.object({ memberId: z.string().min(1) });
export type TransferOwnership = z.infer<typeof transferOwnershipSchema>;
export const ownershipTransferredSchema = z.object({ ownerMemberId: z.string(), formerOwnerMemberId: z.string() });
export type OwnershipTransferred = z.infer<typeof ownershipTransferredSchema>;
