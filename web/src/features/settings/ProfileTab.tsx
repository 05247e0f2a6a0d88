import { useEffect, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { UserAvatar } from "@/components/layout/UserAvatar";
import { useAuth } from "@/features/auth/auth-context";
import { authClient } from "@/lib/auth-client";

export function ProfileTab() {
  const { user, refresh } = useAuth();
  const [name, setName] = useState(user?.name ?? "");
  const [busy, setBusy] = useState(false);

  useEffect(() => setName(user?.name ?? ""), [user?.name]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!user) {
      toast.error("User not logged in");
      return;
    }
    setBusy(true);
    const { error } = await authClient.updateUser({ name: name.trim() });
    if (error) toast.error("Failed to update profile", { description: error.message });
    else {
      await refresh();
      toast.success("Profile updated successfully");
    }
    setBusy(false);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as your teams see it.</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-4">
            <UserAvatar name={user?.name} email={user?.email} image={user?.image} className="size-16 text-lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold" data-testid="profile-name">
                {user?.name || "No name set"}
              </p>
              <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
            </div>
          </div>
          <div className="grid max-w-md gap-2">
            <Label htmlFor="profile-full-name">Full Name</Label>
            <Input
              id="profile-full-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="Your full name"
              autoComplete="name"
            />
          </div>
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner className="size-4" /> : null}
            Update Profile
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
