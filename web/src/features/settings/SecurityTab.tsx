import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { authClient } from "@/lib/auth-client";

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <EmailForm />
      <PasswordForm />
    </div>
  );
}

function EmailForm() {
  const { user } = useAuth();
  const [email, setEmail] = useState(user?.email ?? "");
  const [busy, setBusy] = useState(false);
  useEffect(() => setEmail(user?.email ?? ""), [user?.email]);
  const unchanged = email.trim().toLowerCase() === (user?.email ?? "").toLowerCase() || !email.trim();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) {
      toast.error("User not logged in");
      return;
    }
    if (unchanged) return;
    setBusy(true);
    const { error } = await authClient.changeEmail({ newEmail: email.trim(), callbackURL: "/settings" });
    if (error) toast.error("Failed to update email", { description: error.message });
    else toast.success("Email update verification sent. Please check your inbox.");
    setBusy(false);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>
          We send a confirmation link to the new address; it replaces the current one once you open that link.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate>
        <CardContent>
          <div className="grid max-w-md gap-2">
            <Label htmlFor="security-email">Email</Label>
            <Input id="security-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </div>
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={unchanged || busy}>
            {busy ? <Spinner className="size-4" /> : null}
            Update Email
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const { user } = useAuth();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  const mismatch = next !== "" && confirm !== "" && next !== confirm;
  const disabled = !current || !next || !confirm || next !== confirm || busy;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) {
      toast.error("User not logged in");
      return;
    }
    if (next !== confirm) {
      toast.error("New passwords do not match");
      return;
    }
    setBusy(true);
    const { error } = await authClient.changePassword({ currentPassword: current, newPassword: next, revokeOtherSessions: true });
    if (error) toast.error("Failed to update password", { description: error.message });
    else {
      toast.success("Password updated successfully");
      setCurrent("");
      setNext("");
      setConfirm("");
    }
    setBusy(false);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on your other devices.</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate>
        <CardContent className="grid max-w-md gap-4">
          <div className="grid gap-2">
            <Label htmlFor="current-password">Current Password</Label>
            <Input
              id="current-password"
              type="password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              autoComplete="current-password"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="new-password">New Password</Label>
            <Input id="new-password" type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="confirm-password">Confirm New Password</Label>
            <Input
              id="confirm-password"
              type="password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              autoComplete="new-password"
              aria-invalid={mismatch ? true : undefined}
              aria-describedby={mismatch ? "confirm-password-error" : undefined}
            />
            {mismatch ? (
              <p id="confirm-password-error" role="alert" className="text-sm text-destructive">
                New passwords do not match
              </p>
            ) : null}
          </div>
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={disabled}>
            {busy ? <Spinner className="size-4" /> : null}
            Update Password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
