import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Copy, Crown, LogOut, Mail, Pencil, Plus, Trash2, UserPlus, Users, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/features/auth/auth-context";
import { useAccountOptions } from "@/features/auth/account-api";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { isUnauthenticated } from "@/lib/api";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { RoleBadge } from "./RoleBadge";
import {
  DeleteTeamDialog,
  InviteDialog,
  LeaveTeamDialog,
  RemoveMemberDialog,
  TeamFormDialog,
  TransferOwnershipDialog,
} from "./TeamDialogs";
import {
  invitableRoles,
  pickCurrentTeam,
  readStoredTeamId,
  roleOf,
  storeTeamId,
  teamKeys,
  teamsApi,
  useTeams,
  type InvitableRole,
  type Team,
  type TeamMember,
} from "./teams-api";

const message = (e: unknown) => (e instanceof Error && e.message ? e.message : undefined);

/** The link an invitation mail carries (auth/auth.ts sendInvitationEmail); the page asks Accept or Decline. */
const invitationLink = (id: string) => `${window.location.origin}/invitation?token=${encodeURIComponent(id)}`;

async function copyLink(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success("Invitation link copied");
  } catch {
    toast.error("Could not copy. Select the link and copy it by hand.");
  }
}

/** After an invitation when no mail leaves the server: the link for the inviter to pass on. */
function InvitationLinkDialog({ invite, onClose }: { invite: { email: string; link: string } | null; onClose: () => void }) {
  return (
    <Dialog open={invite !== null} onOpenChange={(o) => (!o ? onClose() : undefined)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mail is not set up on this server</DialogTitle>
          <DialogDescription>
            The invitation for {invite?.email} was created, but no e-mail was sent. Copy the invitation link and send it to them yourself.
          </DialogDescription>
        </DialogHeader>
        <Input readOnly value={invite?.link ?? ""} aria-label="Invitation link" onFocus={(e) => e.currentTarget.select()} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
          <Button onClick={() => invite && void copyLink(invite.link)}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Settings → Teams: the team management card. */
export function TeamsCard() {
  const { user, sessionEnded } = useAuth();
  const qc = useQueryClient();
  const teams = useTeams(!!user);
  const [selectedId, setSelectedId] = useState<string | null>(readStoredTeamId);
  const [dialog, setDialog] = useState<null | "create" | "edit" | "invite" | "delete">(null);

  const team = pickCurrentTeam(teams.data, selectedId);

  // After Leave the team and its focused Leave button are gone: once the card no longer shows
  // that team, focus goes to what it shows instead (the team selector, or "No Team Selected").
  const selectRef = useRef<HTMLButtonElement>(null);
  const noTeamRef = useRef<HTMLHeadingElement>(null);
  const [leftTeamId, setLeftTeamId] = useState<string | null>(null);
  useEffect(() => {
    if (!leftTeamId || team?.id === leftTeamId) return;
    setLeftTeamId(null);
    (team ? selectRef.current : noTeamRef.current)?.focus();
  }, [leftTeamId, team]);

  function select(id: string) {
    setSelectedId(id);
    storeTeamId(id);
  }

  async function createTeam(values: { name: string; description: string }) {
    let created;
    try {
      created = await teamsApi.create(values.name, values.description);
    } catch (e) {
      if (!isUnauthenticated(e)) throw e;
      sessionEnded(SIGNED_OUT_MESSAGES.team);
      throw new Error(SIGNED_OUT_MESSAGES.team);
    }
    await qc.invalidateQueries({ queryKey: teamKeys.list() });
    select(created.id);
    toast.success(`Team "${created.name}" created successfully`);
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Team Management</CardTitle>
          <CardDescription>Create teams, invite colleagues and manage their roles.</CardDescription>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {teams.data && teams.data.length > 0 ? (
            <Select value={team?.id ?? ""} onValueChange={select}>
              <SelectTrigger ref={selectRef} className="w-full min-w-44 sm:w-56" aria-label="Select team">
                <SelectValue placeholder="Select a team" />
              </SelectTrigger>
              <SelectContent>
                {teams.data.map((t) => (
                  <SelectItem key={t.id} value={t.id}>
                    {t.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : null}
          <Button variant="outline" onClick={() => setDialog("create")}>
            <Plus aria-hidden="true" />
            New Team
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {teams.isPending ? (
          <div className="space-y-3" aria-busy="true" aria-label="Loading teams">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : teams.isError ? (
          <div className="rounded-lg border border-dashed p-8 text-center">
            <p className="font-medium">Failed to load teams</p>
            <Button variant="outline" className="mt-4" onClick={() => teams.refetch()}>
              Try again
            </Button>
          </div>
        ) : !team ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Users className="size-6" aria-hidden="true" />
            </span>
            <h3 ref={noTeamRef} tabIndex={-1} className="mt-4 text-lg font-semibold outline-none">
              No Team Selected
            </h3>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              Create a team to share meetings and collaborate with your colleagues.
            </p>
            <Button className="mt-6" onClick={() => setDialog("create")}>
              <Plus aria-hidden="true" />
              Create Team
            </Button>
          </div>
        ) : (
          <TeamPanel key={team.id} team={team} onDialog={setDialog} onLeft={setLeftTeamId} />
        )}
      </CardContent>

      <TeamFormDialog mode="create" open={dialog === "create"} onOpenChange={(o) => setDialog(o ? "create" : null)} onSubmit={createTeam} />
      {team ? <TeamDialogs team={team} dialog={dialog} setDialog={setDialog} onDeleted={() => storeTeamId(null)} /> : null}
    </Card>
  );
}

function TeamDialogs({
  team,
  dialog,
  setDialog,
  onDeleted,
}: {
  team: Team;
  dialog: null | "create" | "edit" | "invite" | "delete";
  setDialog: (d: null | "create" | "edit" | "invite" | "delete") => void;
  onDeleted: () => void;
}) {
  const qc = useQueryClient();
  const { options } = useAccountOptions();
  const [createdInvite, setCreatedInvite] = useState<{ email: string; link: string } | null>(null);
  return (
    <>
      <TeamFormDialog
        mode="edit"
        open={dialog === "edit"}
        onOpenChange={(o) => setDialog(o ? "edit" : null)}
        initial={{ name: team.name, description: team.description }}
        onSubmit={async (values) => {
          await teamsApi.update(team.id, { name: values.name, description: values.description || null });
          await qc.invalidateQueries({ queryKey: teamKeys.list() });
          toast.success("Team updated successfully");
        }}
      />
      <InviteDialog
        open={dialog === "invite"}
        onOpenChange={(o) => setDialog(o ? "invite" : null)}
        teamName={team.name}
        onSubmit={async ({ email, role }) => {
          const invitation = await teamsApi.invite(team.id, email, role);
          await qc.invalidateQueries({ queryKey: teamKeys.invitations(team.id) });
          // Only claim a mail was sent when one really went out.
          if (options.mailDelivered) toast.success(`Invitation sent to ${email}`);
          else setCreatedInvite({ email, link: invitationLink(invitation.id) });
        }}
      />
      <InvitationLinkDialog invite={createdInvite} onClose={() => setCreatedInvite(null)} />
      <DeleteTeamDialog
        open={dialog === "delete"}
        onOpenChange={(o) => setDialog(o ? "delete" : null)}
        teamName={team.name}
        onConfirm={async () => {
          try {
            await teamsApi.remove(team.id);
            onDeleted();
            await qc.invalidateQueries({ queryKey: teamKeys.all });
            toast.success("Team deleted successfully");
          } catch (e) {
            toast.error("Failed to delete team", { description: message(e) });
          }
        }}
      />
    </>
  );
}

function TeamPanel({
  team,
  onDialog,
  onLeft,
}: {
  team: Team;
  onDialog: (d: "edit" | "invite" | "delete") => void;
  onLeft: (teamId: string) => void;
}) {
  const { user } = useAuth();
  const members = useQuery({ queryKey: teamKeys.members(team.id), queryFn: () => teamsApi.members(team.id) });
  const me = members.data?.find((m) => m.userId === user?.id);
  const myRole = roleOf(me?.role);
  const canManage = myRole === "owner" || myRole === "admin";

  return (
    <Tabs defaultValue="members" className="gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList>
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="invitations">Invitations</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
        </TabsList>
        {canManage ? (
          <Button size="sm" onClick={() => onDialog("invite")}>
            <UserPlus aria-hidden="true" />
            Invite
          </Button>
        ) : null}
      </div>
      <TabsContent value="members">
        <MembersList team={team} members={members} myRole={myRole} myUserId={user?.id} onLeft={onLeft} />
      </TabsContent>
      <TabsContent value="invitations">
        {myRole === null && members.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : canManage ? (
          <InvitationsList team={team} />
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Only team owners and admins can see invitations.
          </p>
        )}
      </TabsContent>
      <TabsContent value="settings">
        <TeamSettings team={team} myRole={myRole} onDialog={onDialog} />
      </TabsContent>
    </Tabs>
  );
}

function MembersList({
  team,
  members,
  myRole,
  myUserId,
  onLeft,
}: {
  team: Team;
  members: ReturnType<typeof useQuery<TeamMember[]>>;
  myRole: ReturnType<typeof roleOf>;
  myUserId: string | undefined;
  onLeft: (teamId: string) => void;
}) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: teamKeys.members(team.id) });
  // The target stays set while the dialog closes, so its text does not change mid-animation.
  const [transferTo, setTransferTo] = useState<TeamMember | null>(null);
  const [transferOpen, setTransferOpen] = useState(false);
  // Remove and Leave ask first (a mis-tap on a phone would remove a colleague).
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [leaveOpen, setLeaveOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  // After a removal the row and its Remove button are gone: the next row (else the one before) gets focus.
  const focusAfterRemove = useRef<string | null>(null);

  const changeRole = useMutation({
    mutationFn: ({ memberId, role }: { memberId: string; role: InvitableRole }) => teamsApi.updateRole(team.id, memberId, role),
    onSuccess: () => toast.success("Team member role updated"),
    onError: (e) => toast.error("Failed to update role", { description: message(e) }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (memberId: string) => teamsApi.removeMember(team.id, memberId),
    onSuccess: () => toast.success("Team member removed successfully"),
    onError: (e) => toast.error("Failed to remove team member", { description: message(e) }),
    onSettled: refresh,
  });
  const leave = useMutation({
    mutationFn: () => teamsApi.leave(team.id),
    onSuccess: async () => {
      toast.success("You have left the team");
      // The teams list only: this team's members and invitations are no longer ours to read
      // (refetching them would be refused), so they are dropped instead.
      await qc.invalidateQueries({ queryKey: teamKeys.list() });
      qc.removeQueries({ queryKey: teamKeys.members(team.id) });
      qc.removeQueries({ queryKey: teamKeys.invitations(team.id) });
      onLeft(team.id);
    },
    onError: (e) => toast.error("Failed to leave team", { description: message(e) }),
  });

  async function transferOwnership(target: TeamMember) {
    try {
      await teamsApi.transferOwnership(team.id, target.id);
      toast.success(`Ownership transferred to ${displayName(target)}`);
    } catch (e) {
      toast.error("Failed to transfer ownership", { description: message(e) });
    }
    // Either way the roles may have changed (also on a refusal: someone else may have acted).
    await refresh();
  }

  if (members.isPending)
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading members">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (members.isError)
    return (
      <div className="rounded-lg border border-dashed p-6 text-center">
        <p className="text-sm font-medium">Failed to load team members</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => members.refetch()}>
          Try again
        </Button>
      </div>
    );

  return (
    <>
      <ul ref={listRef} tabIndex={-1} className="divide-y rounded-lg border outline-none" aria-label="Team members">
        {members.data.map((m) => (
          <MemberRow
            key={m.id}
            member={m}
            isMe={m.userId === myUserId}
            myRole={myRole}
            busy={changeRole.isPending || remove.isPending || leave.isPending}
            onChangeRole={(role) => changeRole.mutate({ memberId: m.id, role })}
            onRemove={() => {
              setRemoving(m);
              setRemoveOpen(true);
            }}
            onLeave={() => setLeaveOpen(true)}
            onTransfer={() => {
              setTransferTo(m);
              setTransferOpen(true);
            }}
          />
        ))}
      </ul>
      <TransferOwnershipDialog
        open={transferOpen}
        onOpenChange={setTransferOpen}
        teamName={team.name}
        memberName={transferTo ? displayName(transferTo) : ""}
        onConfirm={() => (transferTo ? transferOwnership(transferTo) : Promise.resolve())}
      />
      <RemoveMemberDialog
        open={removeOpen}
        onOpenChange={setRemoveOpen}
        teamName={team.name}
        memberName={removing ? displayName(removing) : ""}
        onConfirm={async () => {
          if (!removing) return;
          const rows = members.data ?? [];
          const at = rows.findIndex((r) => r.id === removing.id);
          const next = rows[at + 1] ?? rows[at - 1];
          // A refusal throws (its toast says why) and the dialog stays open.
          await remove.mutateAsync(removing.id);
          focusAfterRemove.current = next?.id ?? "";
        }}
        onCloseAutoFocus={(event) => {
          const id = focusAfterRemove.current;
          if (id === null) return; // Cancel: back to the Remove button (ConfirmDialog).
          focusAfterRemove.current = null;
          event.preventDefault();
          const row = listRef.current?.querySelector<HTMLElement>(`[data-member-id="${CSS.escape(id)}"]`);
          (row ?? listRef.current)?.focus();
        }}
      />
      <LeaveTeamDialog
        open={leaveOpen}
        onOpenChange={setLeaveOpen}
        teamName={team.name}
        onConfirm={async () => {
          await leave.mutateAsync();
        }}
      />
    </>
  );
}

const displayName = (m: TeamMember) => m.user?.name?.trim() || "Unknown User";

/** One member: avatar initial, name, e-mail, then what the viewer's role allows on this row. */
function MemberRow({
  member: m,
  isMe,
  myRole,
  busy,
  onChangeRole,
  onRemove,
  onLeave,
  onTransfer,
}: {
  member: TeamMember;
  isMe: boolean;
  myRole: ReturnType<typeof roleOf>;
  busy: boolean;
  onChangeRole: (role: InvitableRole) => void;
  onRemove: () => void;
  onLeave: () => void;
  onTransfer: () => void;
}) {
  const role = roleOf(m.role);
  const name = displayName(m);
  const email = m.user?.email || "Unknown";
  const iOwn = myRole === "owner";
  const canChangeRole = iOwn && !isMe && role !== "owner";
  const canRemove = !isMe && role !== "owner" && (iOwn || myRole === "admin");
  return (
    <li
      // Focusable from script only: where focus lands after the row before it is removed.
      tabIndex={-1}
      data-member-id={m.id}
      className="flex flex-col gap-3 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/50 focus-visible:ring-inset sm:flex-row sm:items-center sm:justify-between"
      data-testid="member-row"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold text-foreground"
        >
          {(m.user?.name?.trim() || m.user?.email || "?").charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium">
            {name}
            {isMe ? <span className="ml-1 text-sm font-normal text-muted-foreground">(you)</span> : null}
          </p>
          {/* Wrapped, not cut with "…": on a phone a title tooltip cannot be read (no hover). */}
          <p className="text-sm break-all text-muted-foreground">{email}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        {canChangeRole ? (
          <Select value={role ?? undefined} onValueChange={(v) => onChangeRole(v as InvitableRole)} disabled={busy}>
            <SelectTrigger size="sm" className="w-28" aria-label={`Role of ${name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {invitableRoles.map((r) => (
                <SelectItem key={r} value={r}>
                  {capitalize(r)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <RoleBadge role={m.role} />
        )}
        {canChangeRole ? (
          <Button variant="ghost" size="sm" onClick={onTransfer} disabled={busy} aria-label={`Make owner: ${name}`}>
            <Crown aria-hidden="true" />
            Make owner
          </Button>
        ) : null}
        {canRemove ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={onRemove}
            disabled={busy}
            aria-label={`Remove ${name}`}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        ) : null}
        {isMe && role === "owner" ? (
          // The owner has no Leave button (a team always keeps an owner); say what to do instead.
          <p className="text-xs text-muted-foreground" data-testid="owner-leave-hint">
            To leave, first make another member owner.
          </p>
        ) : null}
        {isMe && role !== "owner" ? (
          <Button variant="outline" size="sm" onClick={onLeave} disabled={busy}>
            <LogOut aria-hidden="true" />
            Leave
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function InvitationsList({ team }: { team: Team }) {
  const qc = useQueryClient();
  const invitations = useQuery({ queryKey: teamKeys.invitations(team.id), queryFn: () => teamsApi.invitations(team.id) });
  const cancel = useMutation({
    mutationFn: teamsApi.cancelInvitation,
    onSuccess: () => toast.success("Invitation deleted"),
    onError: (e) => toast.error("Failed to delete invitation", { description: message(e) }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.invitations(team.id) }),
  });

  if (invitations.isPending) return <Skeleton className="h-16 w-full" />;
  if (invitations.isError)
    return (
      <div className="rounded-lg border border-dashed p-6 text-center">
        <p className="text-sm font-medium">Failed to load team invitations</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => invitations.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (invitations.data.length === 0)
    return <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">No pending invitations</p>;

  return (
    <ul className="divide-y rounded-lg border" aria-label="Pending invitations">
      {invitations.data.map((inv) => (
        <li key={inv.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-row">
          <div className="flex min-w-0 items-center gap-3">
            <span aria-hidden="true" className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
              <Mail className="size-4" />
            </span>
            <div className="min-w-0">
              <p className="font-medium break-all">{inv.email}</p>
              <p className="text-sm text-muted-foreground">
                Expires {new Date(inv.expiresAt).toLocaleDateString(undefined, { dateStyle: "long" })}
              </p>
            </div>
          </div>
          <div className="flex items-center gap-2">
            <RoleBadge role={inv.role} />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void copyLink(invitationLink(inv.id))}
              aria-label={`Copy link to the invitation for ${inv.email}`}
            >
              <Copy aria-hidden="true" />
              Copy link
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => cancel.mutate(inv.id)}
              disabled={cancel.isPending}
              aria-label={`Cancel invitation for ${inv.email}`}
            >
              <X aria-hidden="true" />
              Cancel
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function TeamSettings({
  team,
  myRole,
  onDialog,
}: {
  team: Team;
  myRole: ReturnType<typeof roleOf>;
  onDialog: (d: "edit" | "delete") => void;
}) {
  const canEdit = myRole === "owner" || myRole === "admin";
  return (
    <div className="space-y-6">
      <div className="divide-y rounded-lg border">
        <div className="flex items-start justify-between gap-4 p-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Team Name</p>
            <p className="mt-1 break-words font-medium">{team.name}</p>
          </div>
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={() => onDialog("edit")} aria-label="Edit team name">
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
        </div>
        <div className="flex items-start justify-between gap-4 p-4">
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Description</p>
            <p className="mt-1 break-words">{team.description || <span className="text-muted-foreground">No description</span>}</p>
          </div>
          {canEdit ? (
            <Button variant="outline" size="sm" onClick={() => onDialog("edit")} aria-label="Edit team description">
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
        </div>
      </div>
      {myRole === "owner" ? (
        <section className="rounded-lg border border-destructive/50 p-4" aria-labelledby="danger-zone">
          <h3 id="danger-zone" className="font-semibold text-destructive">
            Danger Zone
          </h3>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">Deleting the team removes all members and stops sharing its meetings.</p>
            <Button variant="destructive" onClick={() => onDialog("delete")}>
              <Trash2 aria-hidden="true" />
              Delete Team
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
