import { useEffect } from "react";
import { useWatch } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { isUnauthenticated } from "@/lib/api";
import { authClient } from "@/lib/auth-client";
import { setServerError, useContractForm } from "@/lib/forms";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { changeEmailSchema, changePasswordSchema } from "../../../../contract/accounts";
import { useAccountOptions } from "@/features/auth/account-api";
import { DeleteAccountCard, MailDestinationCard } from "./AccountCards";
import { TwoFactorCard } from "./TwoFactorCard";

export function SecurityTab() {
  return (
    <div className="space-y-6">
      <EmailForm />
      <PasswordForm />
      <TwoFactorCard />
      <MailDestinationCard />
      <DeleteAccountCard />
    </div>
  );
}

function EmailForm() {
  const { user, sessionEnded } = useAuth();
  const { options } = useAccountOptions();
  const form = useContractForm(changeEmailSchema, { defaultValues: { newEmail: user?.email ?? "" } });
  const { errors, isSubmitting } = form.formState;
  const { reset } = form;
  useEffect(() => reset({ newEmail: user?.email ?? "" }), [user?.email, reset]);
  const email = useWatch({ control: form.control, name: "newEmail" });
  const unchanged = email.trim().toLowerCase() === (user?.email ?? "").toLowerCase() || !email.trim();

  const submit = form.handleSubmit(async ({ newEmail }) => {
    if (newEmail.toLowerCase() === (user?.email ?? "").toLowerCase()) return;
    const { error } = await authClient.changeEmail({ newEmail, callbackURL: "/settings" });
    if (error && isUnauthenticated(error)) {
      setServerError(form, { message: SIGNED_OUT_MESSAGES.profile });
      sessionEnded(SIGNED_OUT_MESSAGES.profile);
    } else if (error) {
      // The spec's toast; the form keeps the server's reason.
      toast.error("Failed to update email");
      setServerError(form, error, "Failed to update email");
    } else if (options.mailDelivered) toast.success("Email update verification sent. Please check your inbox.");
    // No mail leaves the server: say where the link is instead of "check your inbox".
    else
      toast.warning("Mail is not set up on this server", {
        description: "The confirmation link was saved in the server's outbox folder: ask the administrator for it.",
        duration: 15_000,
      });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email</CardTitle>
        <CardDescription>
          We send a confirmation link to the new address; it replaces the current one once you open that link.
        </CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <CardContent className="grid max-w-md gap-4">
          <Field id="security-email" label="Email" error={errors.newEmail?.message}>
            {(control) => <Input {...control} {...form.register("newEmail")} type="email" autoComplete="email" />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} />
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={unchanged || isSubmitting}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            Update Email
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function PasswordForm() {
  const { sessionEnded } = useAuth();
  const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };
  // Checked as the user types: a mismatch shows before they press the button.
  const form = useContractForm(changePasswordSchema, { defaultValues: empty, mode: "onChange" });
  const { errors, isSubmitting } = form.formState;
  const [current, next, confirm] = useWatch({ control: form.control, name: ["currentPassword", "newPassword", "confirmPassword"] });
  const disabled = !current || !next || !confirm || next !== confirm || isSubmitting;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    const { error } = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    if (error && isUnauthenticated(error)) {
      setServerError(form, { message: SIGNED_OUT_MESSAGES.profile });
      return sessionEnded(SIGNED_OUT_MESSAGES.profile);
    }
    if (error) {
      // The spec's toast; the form keeps the server's reason (a wrong current password, say).
      toast.error("Failed to update password");
      return setServerError(form, changePasswordError(error), "Failed to update password");
    }
    toast.success("Password updated successfully");
    form.reset(empty);
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing your password signs you out on your other devices.</CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <CardContent className="grid max-w-md gap-4">
          <Field id="current-password" label="Current Password" error={errors.currentPassword?.message}>
            {(control) => <Input {...control} {...form.register("currentPassword")} type="password" autoComplete="current-password" />}
          </Field>
          <Field id="new-password" label="New Password" error={errors.newPassword?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register("newPassword", {
                  // Once the confirmation is typed, a change here re-checks that they match.
                  onChange: () => form.getFieldState("confirmPassword").isDirty && void form.trigger("confirmPassword"),
                })}
                type="password"
                autoComplete="new-password"
              />
            )}
          </Field>
          <Field id="confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
            {(control) => <Input {...control} {...form.register("confirmPassword")} type="password" autoComplete="new-password" />}
          </Field>
          <FieldMessage message={errors.root?.server?.message} />
        </CardContent>
        <CardFooter className="mt-6">
          <Button type="submit" disabled={disabled}>
            {isSubmitting ? <Spinner className="size-4" /> : null}
            Update Password
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

/** better-auth answers a wrong current password with "Invalid password": say which one is wrong. */
export function changePasswordError(error: { code?: string; message?: string }): { code?: string; message?: string } {
  return error.code === "INVALID_PASSWORD" ? { code: error.code, message: "Your current password is not correct." } : error;
}
