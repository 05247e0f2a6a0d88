import { useState } from "react";
import { useNavigate } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Mail, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { accountApi, accountKeys } from "@/features/auth/account-api";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/forms";

/** The server's owner sees where its mail goes; for anyone else the server answers 403 and nothing shows. */
export function MailDestinationCard() {
  const { data } = useQuery({ queryKey: accountKeys.mail, queryFn: accountApi.mail, retry: false, staleTime: 60_000 });
  if (!data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="size-5" aria-hidden="true" />
          Mail from this server
        </CardTitle>
        <CardDescription>Only you, as the owner of this server, see this.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {data.delivery === "smtp" ? (
          <p>
            Mail goes out through the SMTP server <code className="rounded bg-muted px-1">{`${data.host}:${data.port}`}</code> from{" "}
            <code className="rounded bg-muted px-1">{data.from}</code>.
          </p>
        ) : (
          <>
            <p>
              <strong>Mail is not set up on this server.</strong> Confirmation, invitation and password-reset mails are saved as{" "}
              <code>.eml</code> files in <code className="break-all rounded bg-muted px-1">{data.folder}</code> (and their links are in the
              server log); nobody receives them.
            </p>
            <p className="text-muted-foreground">
              To send mail, set <code>SMTP_HOST</code> (and <code>SMTP_PORT</code>, <code>SMTP_USER</code>, <code>SMTP_PASSWORD</code>,{" "}
              <code>MAIL_FROM</code>) and restart.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Settings → Security → Delete account: what happens to teams, meetings and integrations, then the password. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete account</CardTitle>
        <CardDescription>
          Deletes your meetings and recordings, disconnects your integrations, and removes you from your teams. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardFooter className="mt-2">
        <Button variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Delete my account
        </Button>
      </CardFooter>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { user, refresh } = useAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const preview = useQuery({ queryKey: accountKeys.deletion, queryFn: accountApi.deletionPreview, staleTime: 0 });
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hasPassword = preview.data?.hasPassword ?? true;

  const confirm = async () => {
    if (!secret) {
      setError(hasPassword ? "Enter your password to confirm." : "Type your e-mail address to confirm.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await accountApi.deleteAccount(hasPassword ? { password: secret } : { email: secret });
      qc.clear();
      await refresh();
      toast.success("Your account was deleted");
      void navigate("/", { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.status === 403 ? e.message : errorMessage(e, "Could not delete the account. Please try again."));
      setBusy(false);
    }
  };

  const p = preview.data;
  return (
    <Dialog open onOpenChange={(o) => (!o && !busy ? onClose() : undefined)}>
      <DialogContent>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              {user?.email ? <>The account {user.email} and everything below goes for good. </> : null}You will be signed out everywhere.
            </DialogDescription>
          </DialogHeader>
          {preview.isPending ? (
            <Spinner />
          ) : p ? (
            <div className="space-y-3 text-sm">
              <ul className="list-disc space-y-1 pl-5">
                <li>{plural(p.meetings, "meeting is", "meetings are")} deleted, with recordings, transcripts and action items.</li>
                {p.integrations ? (
                  <li>{plural(p.integrations, "integration is", "integrations are")} disconnected, and the access you gave is revoked.</li>
                ) : null}
                <li>You leave every team you belong to.</li>
              </ul>
              {p.teams.length ? (
                <div role="alert" className="space-y-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3">
                  <p className="font-medium">Teams you own</p>
                  <ul className="space-y-1" aria-label="Teams you own">
                    {p.teams.map((t) => (
                      <li key={t.id}>
                        <strong>{t.name}</strong>:{" "}
                        {t.outcome === "handed-over" && t.newOwner
                          ? `handed over to ${t.newOwner.name || t.newOwner.email} (${t.newOwner.email}), who becomes its owner.`
                          : "deleted, with its members and invitations: nobody else could own it (guests only read)."}
                      </li>
                    ))}
                  </ul>
                  <p className="text-muted-foreground">To choose who takes a team over, transfer it in Settings → Teams first.</p>
                </div>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-destructive">Could not load what would be deleted. Close this and try again.</p>
          )}
          <Field
            id="delete-account-secret"
            label={hasPassword ? "Your password" : "Your e-mail address"}
            hint={hasPassword ? undefined : "Your account signs in with single sign-on, so type its address to confirm."}
            error={error}
          >
            {(control) => (
              <Input
                {...control}
                type={hasPassword ? "password" : "email"}
                autoComplete={hasPassword ? "current-password" : "email"}
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
              />
            )}
          </Field>
          <FieldMessage message={null} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy || !p}>
              {busy ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
              Delete account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
