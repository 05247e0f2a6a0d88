import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CheckCircle2, MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { LogoMark } from "@/components/layout/Logo";
import { ApiError } from "@/lib/api";
import { setServerError, useContractForm } from "@/lib/forms";
import { PASSWORD_MAX, PASSWORD_MIN, resetPasswordSchema } from "../../../../contract/accounts";
import { accountApi } from "./account-api";
import { useAuth } from "./auth-context";

const DEAD_LINK = "This reset link has expired or was already used. Ask for a new one.";

/** /reset-password?token=…: the page the reset mail links to. A reset signs the account out everywhere. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const { refresh } = useAuth();
  const form = useContractForm(resetPasswordSchema, { defaultValues: { newPassword: "", confirmPassword: "" }, mode: "onChange" });
  const { errors, isSubmitting } = form.formState;
  const [state, setState] = useState<"form" | "done" | "dead">(token ? "form" : "dead");

  const submit = form.handleSubmit(async ({ newPassword }) => {
    try {
      await accountApi.resetPassword(token ?? "", newPassword);
      setState("done");
      // This browser's session (if any) ended with the others.
      await refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === "INVALID_TOKEN") setState("dead");
      else setServerError(form, e, "Could not change the password. Please try again.");
    }
  });

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
        </div>
        {state === "done" ? (
          <Card role="status">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <CheckCircle2 className="size-5 text-primary" aria-hidden="true" />
                Password changed
              </CardTitle>
              <CardDescription>You were signed out on every device. Sign in with the new password.</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild className="w-full">
                <Link to="/auth">Sign in</Link>
              </Button>
            </CardFooter>
          </Card>
        ) : state === "dead" ? (
          <Card role="alert">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                <MailWarning className="size-5 text-destructive" aria-hidden="true" />
                Link not valid
              </CardTitle>
              <CardDescription>
                {token ? DEAD_LINK : "This link has no reset token. Open the link from the mail again, or ask for a new one."}
              </CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild className="w-full">
                <Link to="/forgot-password">Ask for a new link</Link>
              </Button>
            </CardFooter>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2">New password</CardTitle>
              <CardDescription>Changing it signs you out on every device.</CardDescription>
            </CardHeader>
            <form onSubmit={(e) => void submit(e)} aria-busy={isSubmitting} noValidate>
              <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-6">
                <CardContent className="flex flex-col gap-4">
                  <Field
                    id="reset-new-password"
                    label="New Password"
                    hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
                    error={errors.newPassword?.message}
                  >
                    {(control) => (
                      <Input {...control} {...form.register("newPassword")} type="password" autoComplete="new-password" autoFocus />
                    )}
                  </Field>
                  <Field id="reset-confirm-password" label="Confirm New Password" error={errors.confirmPassword?.message}>
                    {(control) => <Input {...control} {...form.register("confirmPassword")} type="password" autoComplete="new-password" />}
                  </Field>
                  <FieldMessage message={errors.root?.server?.message} />
                </CardContent>
                <CardFooter>
                  <Button type="submit" className="w-full">
                    {isSubmitting ? <Spinner /> : null}
                    Change password
                  </Button>
                </CardFooter>
              </fieldset>
            </form>
          </Card>
        )}
      </div>
    </div>
  );
}
