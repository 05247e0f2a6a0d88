import { useEffect } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { UserAvatar } from "@/components/layout/UserAvatar";
import { useAuth } from "@/features/auth/auth-context";
import { isUnauthenticated } from "@/lib/api";
import { authClient } from "@/lib/auth-client";
import { setServerError, useContractForm } from "@/lib/forms";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { profileSchema } from "../../../../contract/accounts";

export function ProfileTab() {
  const { user, refresh, sessionEnded } = useAuth();
  const form = useContractForm(profileSchema, { defaultValues: { name: user?.name ?? "" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;

  useEffect(() => reset({ name: user?.name ?? "" }), [user?.name, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    const { error } = await authClient.updateUser({ name });
    if (error && isUnauthenticated(error)) {
      setServerError(form, { message: SIGNED_OUT_MESSAGES.profile });
      return sessionEnded(SIGNED_OUT_MESSAGES.profile);
    }
    if (error) {
      // The spec's toast; the form keeps the server's reason.
      toast.error("Failed to update profile");
      return setServerError(form, error, "Failed to update profile");
    }
    await refresh();
    toast.success("Profile updated successfully");
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as your teams see it.</CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <CardContent className="space-y-6">
          <div className="flex items-center gap-4">
            <UserAvatar name={user?.name} email={user?.email} image={user?.image} className="size-16 text-lg" />
            <div className="min-w-0">
              <p className="truncate text-lg font-semibold" data-testid="profile-name">
                {user?.name || "No name set"}
              </p>
              <p className="text-sm break-all text-muted-foreground" data-testid="profile-email">
                {user?.email}
              </p>
            </div>
          </div>
          <Field id="profile-full-name" label="Full Name" error={errors.name?.message} className="max-w-md">
            {(control) => <Input {...control} {...form.register("name")} placeholder="Your full name" autoComplete="name" />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} className="max-w-md" />
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            Update Profile
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
