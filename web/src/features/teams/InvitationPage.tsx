import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { CheckCircle2, MailWarning, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { PageLoading } from "@/components/layout/PageLoading";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/features/auth/auth-context";
import { ApiError } from "@/lib/api";
import { teamKeys, teamsApi, type InvitationStatus } from "./teams-api";

/** Invitation redirect to /dashboard after success (spec section 9). */
export const INVITATION_REDIRECT_MS = 3000;

const GENERIC_FAILURE = "Failed to accept invitation. It may have expired or been revoked.";
const OTHER_ADDRESS = "This invitation was sent to a different e-mail address. Sign in with the invited address to accept it.";

type State =
  | { kind: "loading" }
  | { kind: "need_login" }
  | { kind: "ask"; status: InvitationStatus | null }
  | { kind: "accepting" }
  | { kind: "declining" }
  | { kind: "success"; teamName: string }
  | { kind: "declined" }
  | { kind: "error"; message: string };

/** Why an invitation cannot be accepted, or null when the signed-in user may accept it. */
function failure(e: unknown): string {
  const code = e instanceof ApiError ? e.code : "";
  return code === "INVITATION_NOT_FOUND"
    ? "This invitation has expired"
    : code === "YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION"
      ? OTHER_ADDRESS
      : code === "ALREADY_A_MEMBER"
        ? "You are already a member of this team."
        : GENERIC_FAILURE;
}

export function invitationProblem(s: InvitationStatus): string | null {
  switch (s.status) {
    case "expired":
      return "This invitation has expired";
    case "canceled":
      return "This invitation has been revoked. Ask the team to send you a new one.";
    case "rejected":
      return "This invitation has been declined.";
    case "accepted":
      return s.alreadyMember ? "You are already a member of this team." : "This invitation has already been used.";
    case "not_found":
      return GENERIC_FAILURE;
    case "pending":
      if (s.signedIn && s.forYou === false) return OTHER_ADDRESS;
      if (s.alreadyMember) return "You are already a member of this team.";
      return null;
  }
}

/** /invitation?token=…: loading, need_login, Accept / Decline, then success, declined or error (spec sections 2 and 4). */
export default function InvitationPage() {
  const { user, loading, signOut } = useAuth();
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ kind: "loading" });
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!token || loading) return;
    const key = `${token}:${user?.id ?? "anonymous"}`;
    if (started.current === key) return;
    started.current = key;
    let cancelled = false;
    setState({ kind: "loading" });
    void (async () => {
      let status: InvitationStatus | null = null;
      try {
        status = await teamsApi.invitationStatus(token);
      } catch {
        status = null;
      }
      if (cancelled) return;
      if (!user) {
        // Tell a dead link apart before asking anyone to sign in.
        const problem = status && status.status !== "pending" ? invitationProblem(status) : null;
        setState(problem ? { kind: "error", message: problem } : { kind: "need_login" });
        return;
      }
      const problem = status ? invitationProblem(status) : null;
      if (problem) {
        setState({ kind: "error", message: problem });
        return;
      }
      // Nothing happens until the person chooses Accept or Decline.
      setState({ kind: "ask", status });
    })();
    // A status read already under way is kept when StrictMode re-runs the effect.
    return () => {
      if (started.current !== key) cancelled = true;
    };
  }, [token, user, loading]);

  async function accept(status: InvitationStatus | null) {
    if (!token) return;
    setState({ kind: "accepting" });
    try {
      await teamsApi.acceptInvitation(token);
      const teams = await teamsApi.list().catch(() => []);
      const teamName = status?.teamName ?? teams.at(-1)?.name ?? "the team";
      await qc.invalidateQueries({ queryKey: teamKeys.all });
      toast.success(`You've been added to ${teamName}`);
      setState({ kind: "success", teamName });
    } catch (e) {
      setState({ kind: "error", message: failure(e) });
      toast.error("Failed to accept invitation");
    }
  }

  async function decline() {
    if (!token) return;
    setState({ kind: "declining" });
    try {
      await teamsApi.rejectInvitation(token);
      setState({ kind: "declined" });
    } catch (e) {
      setState({ kind: "error", message: failure(e) });
      toast.error("Failed to decline invitation");
    }
  }

  useEffect(() => {
    if (state.kind !== "success") return;
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), INVITATION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  const dashboard = (
    <Button asChild className="w-full">
      <Link to="/dashboard">Go to Dashboard</Link>
    </Button>
  );

  if (!token) {
    return (
      <InvitationCard
        icon={<MailWarning className="size-6" aria-hidden="true" />}
        message="Invalid invitation link. The token is missing."
        action={dashboard}
      />
    );
  }

  if (loading && !user) return <PageLoading />;

  switch (state.kind) {
    case "loading":
      return <InvitationCard icon={<Spinner className="size-6" />} message="Opening invitation..." action={null} />;
    case "accepting":
      return <InvitationCard icon={<Spinner className="size-6" />} message="Accepting invitation..." action={null} />;
    case "declining":
      return <InvitationCard icon={<Spinner className="size-6" />} message="Declining invitation..." action={null} />;
    case "ask": {
      const s = state.status;
      return (
        <InvitationCard
          icon={<Users className="size-6" aria-hidden="true" />}
          message={s?.teamName ? `You are invited to join ${s.teamName}` : "You are invited to join a team"}
          detail={[
            s?.role ? `Role: ${s.role.charAt(0).toUpperCase()}${s.role.slice(1)}.` : null,
            s?.expiresAt
              ? `The invitation expires on ${new Date(s.expiresAt).toLocaleDateString(undefined, { dateStyle: "long" })}.`
              : null,
          ]
            .filter(Boolean)
            .join(" ")}
          action={
            <div className="flex w-full flex-col gap-2 sm:flex-row">
              <Button className="w-full sm:flex-1" onClick={() => void accept(s)}>
                Accept
              </Button>
              <Button variant="outline" className="w-full sm:flex-1" onClick={() => void decline()}>
                Decline
              </Button>
            </div>
          }
        />
      );
    }
    case "declined":
      return (
        <InvitationCard
          icon={<MailWarning className="size-6" aria-hidden="true" />}
          message="You declined the invitation."
          detail="The team can invite you again if you change your mind."
          action={dashboard}
        />
      );
    case "need_login":
      return (
        <InvitationCard
          icon={<Users className="size-6" aria-hidden="true" />}
          message="Please sign in to accept the invitation"
          action={
            <Button asChild className="w-full">
              <Link to={`/auth?invitation=${encodeURIComponent(token)}`}>Sign In</Link>
            </Button>
          }
        />
      );
    case "success":
      return (
        <InvitationCard
          icon={<CheckCircle2 className="size-6" aria-hidden="true" />}
          message="You have successfully joined the team!"
          detail="Redirecting to dashboard..."
          action={null}
        />
      );
    case "error":
      return (
        <InvitationCard
          icon={<MailWarning className="size-6" aria-hidden="true" />}
          message={state.message}
          action={
            state.message === OTHER_ADDRESS ? (
              // Signed in with another account: the page said to sign in with the invited address
              // but offered only the dashboard. Signed out, this page asks to sign in and comes back.
              <div className="flex w-full flex-col gap-2">
                <Button
                  className="w-full"
                  onClick={() =>
                    void signOut().then((r) => (r.error ? toast.error("Could not sign out", { description: r.error.message }) : undefined))
                  }
                >
                  Sign out to use the invited address
                </Button>
                <Button asChild variant="outline" className="w-full">
                  <Link to="/dashboard">Go to Dashboard</Link>
                </Button>
              </div>
            ) : (
              dashboard
            )
          }
        />
      );
  }
}

function InvitationCard({ icon, message, detail, action }: { icon: ReactNode; message: string; detail?: string; action: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {icon}
          </span>
          <h1 className="mt-2 text-xl font-semibold tracking-tight">Team Invitation</h1>
        </CardHeader>
        <CardContent className="space-y-2" role="status">
          <CardDescription className="text-base text-foreground">{message}</CardDescription>
          {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
        </CardContent>
        {action ? <CardFooter>{action}</CardFooter> : null}
      </Card>
    </div>
  );
}
