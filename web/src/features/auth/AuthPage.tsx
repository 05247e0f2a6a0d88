import { useState, type FormEvent } from "react";
import { Navigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { LogoMark } from "@/components/layout/Logo";
import { useAuth } from "./auth-context";

/** Sign-up password minimum (spec, section 9). */
export const SIGN_UP_PASSWORD_MIN_LENGTH = 6;

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
  const [working, setWorking] = useState<Tab | null>(null);

  if (user) return <Navigate to={redirectTarget(invitation)} replace />;

  async function handleSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setWorking("signin");
    try {
      const { error } = await signIn(String(form.get("email") ?? "").trim(), String(form.get("password") ?? ""));
      if (error) toast.error(error.message);
      else toast.success("Signed in successfully");
    } finally {
      setWorking(null);
    }
  }

  async function handleSignUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setWorking("signup");
    try {
      const { error } = await signUp(
        String(form.get("fullName") ?? ""),
        String(form.get("email") ?? "").trim(),
        String(form.get("password") ?? ""),
      );
      if (error) {
        toast.error(error.message);
      } else {
        toast.success("Account created! Please check your email for confirmation.");
        formElement.reset();
        setTab("signin");
      }
    } finally {
      setWorking(null);
    }
  }

  const busy = working !== null;

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
              <form onSubmit={handleSignIn} aria-busy={working === "signin"}>
                <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
                  <CardContent className="flex flex-col gap-4">
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signin-email">Email</Label>
                      <Input id="signin-email" name="email" type="email" autoComplete="email" placeholder="you@example.com" required />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signin-password">Password</Label>
                      <Input
                        id="signin-password"
                        name="password"
                        type="password"
                        autoComplete="current-password"
                        placeholder="••••••••"
                        required
                      />
                    </div>
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
              <form onSubmit={handleSignUp} aria-busy={working === "signup"}>
                <fieldset disabled={busy} className="flex min-w-0 flex-col gap-6">
                  <CardContent className="flex flex-col gap-4">
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-name">Full Name</Label>
                      <Input id="signup-name" name="fullName" autoComplete="name" placeholder="Jane Doe" required />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-email">Email</Label>
                      <Input id="signup-email" name="email" type="email" autoComplete="email" placeholder="you@example.com" required />
                    </div>
                    <div className="flex flex-col gap-2">
                      <Label htmlFor="signup-password">Password</Label>
                      <Input
                        id="signup-password"
                        name="password"
                        type="password"
                        autoComplete="new-password"
                        placeholder="At least 6 characters"
                        minLength={SIGN_UP_PASSWORD_MIN_LENGTH}
                        aria-describedby="signup-password-hint"
                        required
                      />
                      <p id="signup-password-hint" className="text-xs text-muted-foreground">
                        Use at least {SIGN_UP_PASSWORD_MIN_LENGTH} characters.
                      </p>
                    </div>
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
      </div>
    </div>
  );
}
