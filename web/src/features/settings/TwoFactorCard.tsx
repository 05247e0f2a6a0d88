import { useState } from "react";
import { toast } from "sonner";
import { Copy, ShieldCheck, ShieldOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { accountApi, manualKey } from "@/features/auth/account-api";
import { ApiError } from "@/lib/api";
import { setServerError, useContractForm } from "@/lib/forms";
import { passwordConfirmSchema, totpCodeSchema, type TwoFactorSetup } from "../../../../contract/accounts";

type Setup = TwoFactorSetup;

function wrongPassword(e: unknown): unknown {
  return e instanceof ApiError && e.code === "INVALID_PASSWORD" ? { message: "That is not your current password." } : e;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Could not copy. Select the ${what.toLowerCase()} and copy it by hand.`);
  }
}

/**
 * Settings → Security → Two-factor sign-in (TOTP). On: the password, then the key for the app
 * (an otpauth:// link and the key as text), the recovery codes, and a first code to prove it.
 * Off: the password. New recovery codes: the password.
 */
export function TwoFactorCard() {
  const { user, refresh } = useAuth();
  const enabled = user?.twoFactorEnabled === true;
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<"enable" | "disable" | "codes" | null>(null);

  const passwordForm = useContractForm(passwordConfirmSchema, { defaultValues: { password: "" } });
  const codeForm = useContractForm(totpCodeSchema, { defaultValues: { code: "" } });

  const submitPassword = passwordForm.handleSubmit(async ({ password }) => {
    try {
      if (action === "enable") {
        setSetup(await accountApi.enableTwoFactor(password));
      } else if (action === "disable") {
        await accountApi.disableTwoFactor(password);
        await refresh();
        toast.success("Two-factor sign-in is off");
      } else if (action === "codes") {
        setCodes((await accountApi.newRecoveryCodes(password)).backupCodes);
      }
      setAction(null);
      passwordForm.reset({ password: "" });
    } catch (e) {
      setServerError(passwordForm, wrongPassword(e));
    }
  });

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    try {
      await accountApi.verifyTotp(code);
      setCodes(setup?.backupCodes ?? null);
      setSetup(null);
      codeForm.reset({ code: "" });
      await refresh();
      toast.success("Two-factor sign-in is on");
    } catch (e) {
      setServerError(
        codeForm,
        e instanceof ApiError && e.code === "INVALID_CODE" ? { message: "That code is not right. Enter the newest code from the app." } : e,
      );
    }
  });

  const pwErrors = passwordForm.formState.errors;
  const codeErrors = codeForm.formState.errors;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Two-factor sign-in
          {enabled ? <Badge>On</Badge> : <Badge variant="secondary">Off</Badge>}
        </CardTitle>
        <CardDescription>
          With it on, signing in asks for a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) after your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className={codes || setup || action ? "space-y-6" : "hidden"}>
        {codes ? (
          <section aria-labelledby="recovery-codes-title" className="space-y-3 rounded-md border p-4">
            <h4 id="recovery-codes-title" className="font-medium">
              Your recovery codes
            </h4>
            <p className="text-sm text-muted-foreground">
              Save them somewhere safe. Each signs you in once if you lose your phone. They are not shown again.
            </p>
            <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
              {codes.map((c) => (
                <li key={c} className="rounded bg-muted px-2 py-1 text-center">
                  {c}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => void copy(codes.join("\n"), "Recovery codes")}>
                <Copy className="size-4" aria-hidden="true" />
                Copy codes
              </Button>
              <Button type="button" size="sm" onClick={() => setCodes(null)}>
                I saved them
              </Button>
            </div>
          </section>
        ) : null}

        {setup ? (
          <form onSubmit={(e) => void submitCode(e)} noValidate className="max-w-xl space-y-4">
            <ol className="list-decimal space-y-3 pl-5 text-sm">
              <li>
                On your phone,{" "}
                <a href={setup.totpURI} className="font-medium text-primary underline-offset-4 hover:underline">
                  open this link in your authenticator app
                </a>
                , or add an account by hand with this key (time-based, 6 digits):
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <code data-testid="totp-key" className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">
                    {manualKey(setup.totpURI)}
                  </code>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => void copy(manualKey(setup.totpURI).replace(/ /g, ""), "Key")}
                  >
                    <Copy className="size-4" aria-hidden="true" />
                    Copy key
                  </Button>
                </div>
              </li>
              <li>Enter the code the app shows to finish.</li>
            </ol>
            <Field id="two-factor-setup-code" label="Code from the app" error={codeErrors.code?.message} className="max-w-xs">
              {(control) => (
                <Input {...control} {...codeForm.register("code")} inputMode="numeric" autoComplete="one-time-code" placeholder="123456" />
              )}
            </Field>
            <FieldMessage message={codeErrors.root?.server?.message} />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={codeForm.formState.isSubmitting}>
                {codeForm.formState.isSubmitting ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
                Turn on
              </Button>
              <Button type="button" variant="outline" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : action ? (
          <form onSubmit={(e) => void submitPassword(e)} noValidate className="max-w-md space-y-4">
            <Field
              id="two-factor-password"
              label="Your password"
              hint={
                action === "enable"
                  ? "To turn on two-factor sign-in."
                  : action === "disable"
                    ? "To turn it off."
                    : "To make new recovery codes (the old ones stop working)."
              }
              error={pwErrors.password?.message}
            >
              {(control) => (
                <Input {...control} {...passwordForm.register("password")} type="password" autoComplete="current-password" autoFocus />
              )}
            </Field>
            <FieldMessage message={pwErrors.root?.server?.message} />
            <div className="flex flex-wrap gap-2">
              <Button
                type="submit"
                variant={action === "disable" ? "destructive" : "default"}
                disabled={passwordForm.formState.isSubmitting}
              >
                {passwordForm.formState.isSubmitting ? <Spinner /> : null}
                {action === "enable" ? "Continue" : action === "disable" ? "Turn off" : "Make new codes"}
              </Button>
              <Button type="button" variant="outline" onClick={() => setAction(null)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : null}
      </CardContent>
      {!setup && !action ? (
        <CardFooter className="mt-2 flex flex-wrap gap-2">
          {enabled ? (
            <>
              <Button variant="outline" onClick={() => setAction("codes")}>
                New recovery codes
              </Button>
              <Button variant="outline" onClick={() => setAction("disable")}>
                <ShieldOff className="size-4" aria-hidden="true" />
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={() => setAction("enable")}>
              <ShieldCheck className="size-4" aria-hidden="true" />
              Set up two-factor sign-in
            </Button>
          )}
        </CardFooter>
      ) : null}
    </Card>
  );
}
