import { useState } from "react";
import { toast } from "sonner";
import { ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { setServerError, useContractForm } from "@/lib/forms";
import { recoveryCodeSchema, totpCodeSchema } from "../../../../contract/accounts";
import { useAuth } from "./auth-context";

const linkButton =
  "rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Sign-in's second step for an account with two-factor sign-in: a code from the app, or a recovery code. */
export function TwoFactorStep({ onCancel }: { onCancel: () => void }) {
  const { verifySecondFactor } = useAuth();
  const [kind, setKind] = useState<"totp" | "recovery">("totp");
  const totpForm = useContractForm(totpCodeSchema, { defaultValues: { code: "" } });
  const recoveryForm = useContractForm(recoveryCodeSchema, { defaultValues: { code: "" } });
  const form = kind === "totp" ? totpForm : recoveryForm;
  const { errors, isSubmitting } = form.formState;

  const submitTotp = totpForm.handleSubmit(async ({ code }) => {
    const { error } = await verifySecondFactor("totp", code);
    if (error) setServerError(totpForm, error);
    else toast.success("Signed in successfully");
  });
  const submitRecovery = recoveryForm.handleSubmit(async ({ code }) => {
    const { error } = await verifySecondFactor("recovery", code);
    if (error) setServerError(recoveryForm, error);
    else toast.success("Signed in with a recovery code. It cannot be used again.");
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          Two-factor authentication
        </CardTitle>
        <CardDescription>
          {kind === "totp"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once."}
        </CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void (kind === "totp" ? submitTotp(e) : submitRecovery(e))} aria-busy={isSubmitting} noValidate key={kind}>
        <fieldset disabled={isSubmitting} className="flex min-w-0 flex-col gap-6">
          <CardContent className="flex flex-col gap-4">
            {kind === "totp" ? (
              <Field id="two-factor-code" label="Authentication code" error={errors.code?.message}>
                {(control) => (
                  <Input
                    {...control}
                    {...totpForm.register("code")}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder="123456"
                    maxLength={9}
                    autoFocus
                  />
                )}
              </Field>
            ) : (
              <Field id="recovery-code" label="Recovery code" error={errors.code?.message}>
                {(control) => (
                  <Input {...control} {...recoveryForm.register("code")} autoComplete="off" placeholder="abcde-12345" autoFocus />
                )}
              </Field>
            )}
            <FieldMessage message={errors.root?.server?.message} />
          </CardContent>
          <CardFooter className="flex flex-col gap-4">
            <Button type="submit" className="w-full">
              {isSubmitting ? <Spinner /> : null}
              Verify
            </Button>
            <div className="flex w-full flex-wrap justify-between gap-2 text-sm">
              <button type="button" className={linkButton} onClick={() => setKind(kind === "totp" ? "recovery" : "totp")}>
                {kind === "totp" ? "Use a recovery code instead" : "Use the authenticator app instead"}
              </button>
              <button type="button" className={linkButton} onClick={onCancel}>
                Back to sign in
              </button>
            </div>
          </CardFooter>
        </fieldset>
      </form>
    </Card>
  );
}
