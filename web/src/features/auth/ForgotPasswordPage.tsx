import { useState } from "react";
import { Link } from "react-router";
import { MailCheck, MailWarning } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { LogoMark } from "@/components/layout/Logo";
import { setServerError, useContractForm } from "@/lib/forms";
import { forgotPasswordSchema } from "../../../../contract/accounts";
import { accountApi, useAccountOptions } from "./account-api";

/**
 * /forgot-password: asks for a reset link. The answer is the same whether or not the address
 * has an account; the page says honestly where the link goes (mail, or the server's outbox).
 */
export default function ForgotPasswordPage() {
  const { options } = useAccountOptions();
  const form = useContractForm(forgotPasswordSchema, { defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ email }) => {
    try {
      await accountApi.requestPasswordReset(email);
      setSentTo(email);
    } catch (e) {
      setServerError(form, e, "Could not ask for a reset link. Please try again.");
    }
  });

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-bold tracking-tight">Forgot your password?</h1>
          <p className="text-sm text-muted-foreground">We send a link that lets you choose a new one.</p>
        </div>
        {sentTo ? (
          <Card role="status">
            <CardHeader>
              <CardTitle as="h2" className="flex items-center gap-2">
                {options.mailDelivered ? (
                  <MailCheck className="size-5 text-primary" aria-hidden="true" />
                ) : (
                  <MailWarning className="size-5 text-amber-600" aria-hidden="true" />
                )}
                {options.mailDelivered ? "Check your inbox" : "Mail is not set up on this server"}
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              {options.mailDelivered ? (
                <p>
                  If an account uses <strong className="break-all">{sentTo}</strong>, a link to reset its password is on its way. It works
                  once, for {options.passwordResetMinutes} minutes. Look in the spam folder too.
                </p>
              ) : (
                <p>
                  No e-mail leaves this server. If an account uses <strong className="break-all">{sentTo}</strong>, its reset link was saved
                  in the server&apos;s outbox folder: ask the administrator of this server to send it to you. It works once, for{" "}
                  {options.passwordResetMinutes} minutes.
                </p>
              )}
            </CardContent>
            <CardFooter className="flex flex-col gap-3 sm:flex-row">
              <Button asChild className="w-full sm:w-auto">
                <Link to="/auth">Back to sign in</Link>
              </Button>
              <Button variant="outline" className="w-full sm:w-auto" onClick={() => setSentTo(null)}>
                Use another address
              </Button>
            </CardFooter>
          </Card>
        ) : (
          <Card>
            <CardHeader>
              <CardTitle as="h2">Reset your password</CardTitle>
              <CardDescription>Enter the e-mail address of your account.</CardDescription>
            </CardHeader>
            <form onSubmit={(e) => void submit(e)} aria-busy={isSubmitting} noValidate>
              <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-6">
                <CardContent className="flex flex-col gap-4">
                  <Field id="forgot-email" label="Email" error={errors.email?.message}>
                    {(control) => (
                      <Input {...control} {...form.register("email")} type="email" autoComplete="email" placeholder="you@example.com" />
                    )}
                  </Field>
                  <FieldMessage message={errors.root?.server?.message} />
                </CardContent>
                <CardFooter className="flex flex-col gap-4">
                  <Button type="submit" className="w-full">
                    {isSubmitting ? <Spinner /> : null}
                    Send reset link
                  </Button>
                  <Link to="/auth" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                    Back to sign in
                  </Link>
                </CardFooter>
              </fieldset>
            </form>
          </Card>
        )}
      </div>
    </div>
  );
}
