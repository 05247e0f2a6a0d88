import { useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Field, FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LogoMark } from "@/components/layout/Logo";
import { setServerError, useContractForm } from "@/lib/forms";
import { PASSWORD_MAX, PASSWORD_MIN, signInSchema, signUpSchema } from "../../../../contract/accounts";
import { useAuth } from "./auth-context";
import { useAccountOptions } from "./account-api";
import { SsoButton, ssoFailure } from "./SsoButton";
import { TwoFactorStep } from "./TwoFactorStep";

type Tab = "signin" | "signup";

/** Where a signed-in visitor goes: /dashboard, or back to the invitation they came from. */
export function redirectTarget(invitationToken: string | null): string {
  return invitationToken ? `/invitation?token=${encodeURIComponent(invitationToken)}` : "/dashboard";
}

export default function AuthPage() {
  const { user, signIn, signUp } = useAuth();
  const [params] = useSearchParams();
  const invitation = params.get("invitation");
  const [tab, setTab] = useState<Tab>("signin");
  // The password was right and the account asks for a code next.
  const [secondStep, setSecondStep] = useState(false);
  const { options } = useAccountOptions();
  const target = redirectTarget(invitation);
  const ssoError = ssoFailure(params.get("error"), options.sso?.name ?? null);
  const signInForm = useContractForm(signInSchema, { defaultValues: { email: "", password: "" } });
  const signUpForm = useContractForm(signUpSchema, { defaultValues: { name: "", email: "", password: "" } });
  const working: Tab | null = signInForm.formState.isSubmitting ? "signin" : signUpForm.formState.isSubmitting ? "signup" : null;

  if (user) return <Navigate to={target} replace />;

  const handleSignIn = signInForm.handleSubmit(async ({ email, password }) => {
    const result = await signIn(email, password);
    if (result.error) setServerError(signInForm, result.error);
    else if (result.twoFactor) setSecondStep(true);
    else toast.success("Signed in successfully");
  });

  const handleSignUp = signUpForm.handleSubmit(async ({ name, email, password }) => {
    const result = await signUp(name, email, password);
    if (result.error) {
      setServerError(signUpForm, result.error);
    } else {
      toast.success(result.notice);
      signUpForm.reset();
      // Signed in: the page moves on by itself. Otherwise the address is confirmed first.
      if (!result.signedIn) setTab("signin");
    }
  });

  const busy = working !== null;
  const signInErrors = signInForm.formState.errors;
  const signUpErrors = signUpForm.formState.errors;

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-16">
      <div className="flex w-full max-w-md flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-bold tracking-tight">Welcome to Minutes</h1>
          <p className="text-sm text-muted-foreground">
            {invitation ? "Sign in or create an account to accept your team invitation." : "Sign in to your account or create a new one."}
          </p>
        </div>

        {ssoError ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
            {ssoError}
          </p>
        ) : null}

        {secondStep ? (
          <TwoFactorStep
            onCancel={() => {
              setSecondStep(false);
              signInForm.resetField("password");
            }}
          />
        ) : (
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="signin" disabled={busy && tab !== "signin"}>
                Sign In
              </TabsTrigger>
              <TabsTrigger value="signup" disabled={busy && tab !== "signup"}>
                Sign Up
              </TabsTrigger>
            </TabsList>

            <TabsContent value="signin">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">Sign In</CardTitle>
                  <CardDescription>Enter your email and password to access your meetings.</CardDescription>
                </CardHeader>
                <form onSubmit={(e) => void handleSignIn(e)} aria-busy={working === "signin"} noValidate>
                  <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
                    <CardContent className="flex flex-col gap-4">
                      <Field id="signin-email" label="Email" error={signInErrors.email?.message}>
                        {(control) => (
                          <Input
                            {...control}
                            {...signInForm.register("email")}
                            type="email"
                            autoComplete="email"
                            placeholder="you@example.com"
                          />
                        )}
                      </Field>
                      <Field id="signin-password" label="Password" error={signInErrors.password?.message}>
                        {(control) => (
                          <Input
                            {...control}
                            {...signInForm.register("password")}
                            type="password"
                            autoComplete="current-password"
                            placeholder="••••••••"
                          />
                        )}
                      </Field>
                      <FieldMessage message={signInErrors.root?.server?.message} />
                      <Link
                        to="/forgot-password"
                        className="self-end rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        Forgot password?
                      </Link>
                    </CardContent>
                    <CardFooter className="flex flex-col gap-4">
                      <Button type="submit" className="w-full">
                        {working === "signin" ? (
                          <>
                            <Spinner />
                            Signing in...
                          </>
                        ) : (
                          "Sign In"
                        )}
                      </Button>
                      {options.sso ? <SsoButton provider={options.sso} callbackPath={target} /> : null}
                      <p className="text-center text-sm text-muted-foreground">
                        Don&apos;t have an account?{" "}
                        <button
                          type="button"
                          onClick={() => setTab("signup")}
                          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          Sign Up
                        </button>
                      </p>
                    </CardFooter>
                  </fieldset>
                </form>
              </Card>
            </TabsContent>

            <TabsContent value="signup">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">Create Account</CardTitle>
                  <CardDescription>Sign up to start turning your meetings into action items.</CardDescription>
                </CardHeader>
                <form onSubmit={(e) => void handleSignUp(e)} aria-busy={working === "signup"} noValidate>
                  <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
                    <CardContent className="flex flex-col gap-4">
                      <Field id="signup-name" label="Full Name" error={signUpErrors.name?.message}>
                        {(control) => <Input {...control} {...signUpForm.register("name")} autoComplete="name" placeholder="Jane Doe" />}
                      </Field>
                      <Field id="signup-email" label="Email" error={signUpErrors.email?.message}>
                        {(control) => (
                          <Input
                            {...control}
                            {...signUpForm.register("email")}
                            type="email"
                            autoComplete="email"
                            placeholder="you@example.com"
                          />
                        )}
                      </Field>
                      <Field
                        id="signup-password"
                        label="Password"
                        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
                        error={signUpErrors.password?.message}
                      >
                        {(control) => (
                          <Input
                            {...control}
                            {...signUpForm.register("password")}
                            type="password"
                            autoComplete="new-password"
                            placeholder={`At least ${PASSWORD_MIN} characters`}
                          />
                        )}
                      </Field>
                      <FieldMessage message={signUpErrors.root?.server?.message} />
                    </CardContent>
                    <CardFooter className="flex flex-col gap-4">
                      <Button type="submit" className="w-full">
                        {working === "signup" ? (
                          <>
                            <Spinner />
                            Creating account...
                          </>
                        ) : (
                          "Create Account"
                        )}
                      </Button>
                      <p className="text-center text-sm text-muted-foreground">
                        Already have an account?{" "}
                        <button
                          type="button"
                          onClick={() => setTab("signin")}
                          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                        >
                          Sign In
                        </button>
                      </p>
                    </CardFooter>
                  </fieldset>
                </form>
              </Card>
            </TabsContent>
          </Tabs>
        )}
      </div>
    </div>
  );
}
