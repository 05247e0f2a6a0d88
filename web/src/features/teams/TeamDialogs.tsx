import { useEffect, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { invitableRoles, type InvitableRole } from "./teams-api";

function FieldError({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** Create a New Team / Edit Team: name (required, whitespace-only counts as empty) and description. */
export function TeamFormDialog({
  mode,
  open,
  onOpenChange,
  initial,
  onSubmit,
}: {
  mode: "create" | "edit";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial?: { name: string; description?: string | null };
  onSubmit: (values: { name: string; description: string }) => Promise<boolean>;
}) {
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setName(initial?.name ?? "");
      setDescription(initial?.description ?? "");
      setError(null);
    }
  }, [open, initial?.name, initial?.description]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError("Team name is required");
      return;
    }
    setBusy(true);
    const ok = await onSubmit({ name: name.trim(), description: description.trim() });
    setBusy(false);
    if (ok) onOpenChange(false);
  }

  const prefix = mode === "create" ? "create-team" : "edit-team";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === "create" ? "Create a New Team" : "Edit Team"}</DialogTitle>
            <DialogDescription>
              {mode === "create"
                ? "Create a team to share meetings and collaborate with colleagues."
                : "Update your team's name and description."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${prefix}-name`}>Team Name</Label>
            <Input
              id={`${prefix}-name`}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              placeholder="Enter team name"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${prefix}-name-error` : undefined}
              autoFocus
            />
            <FieldError id={`${prefix}-name-error`} message={error} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${prefix}-description`}>Description (optional)</Label>
            <Textarea
              id={`${prefix}-description`}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              placeholder="What is this team about?"
              rows={3}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              {mode === "create" ? "Create Team" : "Save Changes"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Invite to Team: e-mail (required) and role admin / member / guest, default member. */
export function InviteDialog({
  open,
  onOpenChange,
  teamName,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  onSubmit: (values: { email: string; role: InvitableRole }) => Promise<boolean>;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("member");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setEmail("");
      setRole("member");
      setError(null);
    }
  }, [open]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setError("Email is required");
      return;
    }
    setBusy(true);
    const ok = await onSubmit({ email: email.trim(), role });
    setBusy(false);
    if (ok) onOpenChange(false);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite to Team</DialogTitle>
            <DialogDescription>Send an invitation to join {teamName}.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(null);
              }}
              placeholder="colleague@example.com"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "invite-email-error" : undefined}
              autoFocus
            />
            <FieldError id="invite-email-error" message={error} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="invite-role">Role</Label>
            <Select value={role} onValueChange={(v) => setRole(v as InvitableRole)}>
              <SelectTrigger id="invite-role" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {invitableRoles.map((r) => (
                  <SelectItem key={r} value={r} className="capitalize">
                    {r[0]!.toUpperCase() + r.slice(1)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <p className="text-xs text-muted-foreground">
              Admins can invite and manage members; members can view and edit shared meetings; guests can only view them.
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4" /> : null}
              Send Invitation
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Delete Team confirmation. */
export function DeleteTeamDialog({
  teamName,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      {...props}
      title="Delete Team"
      description={`Are you sure you want to delete "${teamName}"? This action cannot be undone. All members will lose access to the meetings shared with this team.`}
      confirmLabel="Delete Team"
      destructive
    />
  );
}

/**
 * Transfer Ownership confirmation. The text says what the server does: the member becomes
 * the owner and the current owner becomes an admin.
 */
export function TransferOwnershipDialog({
  teamName,
  memberName,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  memberName: string;
  onConfirm: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      {...props}
      title="Transfer Ownership"
      description={`Make ${memberName} the owner of "${teamName}"? ${memberName} becomes the owner and you become an admin. Only the new owner can change roles, delete the team or transfer ownership back.`}
      confirmLabel="Transfer Ownership"
    />
  );
}
