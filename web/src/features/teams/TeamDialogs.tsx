import { useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { FormSelect } from "@/components/ui/form-select";
import { Textarea } from "@/components/ui/textarea";
import { Spinner } from "@/components/ui/spinner";
import { setServerError, useContractForm } from "@/lib/forms";
import { invitableRoles, invitationSchema, teamSchema, type InvitationFields, type TeamFields } from "../../../../contract/accounts";

const ROLE_OPTIONS = invitableRoles.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) }));

/** Submits a dialog's form: closes it when `onSubmit` succeeds, shows the server's refusal when it throws. */
function submitAndClose<T extends FieldValues>(
  form: UseFormReturn<T, unknown, T>,
  onSubmit: (values: T) => Promise<void>,
  onOpenChange: (open: boolean) => void,
) {
  return form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (e) {
      setServerError(form, e);
    }
  });
}

/**
 * Create a New Team / Edit Team: name (required, whitespace-only counts as empty) and
 * description. `onSubmit` throws the server's refusal, which the dialog shows.
 */
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
  onSubmit: (values: TeamFields) => Promise<void>;
}) {
  const form = useContractForm(teamSchema, { defaultValues: { name: "", description: "" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ name: initial?.name ?? "", description: initial?.description ?? "" });
  }, [open, initial?.name, initial?.description, reset]);

  const submit = submitAndClose(form, onSubmit, onOpenChange);

  const prefix = mode === "create" ? "create-team" : "edit-team";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{mode === "create" ? "Create a New Team" : "Edit Team"}</DialogTitle>
            <DialogDescription>
              {mode === "create"
                ? "Create a team to share meetings and collaborate with colleagues."
                : "Update your team's name and description."}
            </DialogDescription>
          </DialogHeader>
          <Field id={`${prefix}-name`} label="Team Name" error={errors.name?.message}>
            {(control) => <Input {...control} {...form.register("name")} placeholder="Enter team name" autoFocus />}
          </Field>
          <Field id={`${prefix}-description`} label="Description (optional)" error={errors.description?.message}>
            {(control) => <Textarea {...control} {...form.register("description")} placeholder="What is this team about?" rows={3} />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
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
  onSubmit: (values: InvitationFields) => Promise<void>;
}) {
  const form = useContractForm(invitationSchema, { defaultValues: { email: "", role: "member" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ email: "", role: "member" });
  }, [open, reset]);

  const submit = submitAndClose(form, onSubmit, onOpenChange);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Invite to Team</DialogTitle>
            <DialogDescription>Send an invitation to join {teamName}.</DialogDescription>
          </DialogHeader>
          <Field id="invite-email" label="Email" error={errors.email?.message}>
            {(control) => <Input {...control} {...form.register("email")} type="email" placeholder="colleague@example.com" autoFocus />}
          </Field>
          <Field
            id="invite-role"
            label="Role"
            hint="Admins can invite and manage members; members can view and edit shared meetings; guests can only view them."
            error={errors.role?.message}
          >
            {(control) => <FormSelect control={form.control} name="role" field={control} options={ROLE_OPTIONS} />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner className="size-4" /> : null}
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

/**
 * Remove Member confirmation: a mis-tap on a phone would otherwise remove a colleague. The text
 * says what the server does (migration 0008): their access ends at once, and the meetings they
 * shared with the team leave it with them.
 */
export function RemoveMemberDialog({
  teamName,
  memberName,
  ...props
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  teamName: string;
  memberName: string;
  onConfirm: () => Promise<void>;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <ConfirmDialog
      {...props}
      title="Remove Member"
      description={`Remove ${memberName} from "${teamName}"? They lose access to the team's meetings, and the meetings they shared with the team are no longer shared with it.`}
      confirmLabel="Remove Member"
      destructive
    />
  );
}

/** Leave Team confirmation, with what leaving does and how to come back. */
export function LeaveTeamDialog({
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
      title="Leave Team"
      description={`Leave "${teamName}"? You lose access to the team's meetings, and the meetings you shared with the team are no longer shared with it. To come back, you need a new invitation.`}
      confirmLabel="Leave Team"
      destructive
    />
  );
}
