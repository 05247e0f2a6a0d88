import { Link } from "react-router";
import { Sparkles } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageContainer } from "@/components/layout/PageHeader";
import { useAuth } from "@/features/auth/auth-context";
import { MeetingHeader } from "@/features/meetings/MeetingHeader";
import { MeetingView } from "@/features/meetings/MeetingView";
import { demoMeeting } from "./demo-meeting";

/**
 * /demo (public): a processed sample meeting, read-only, rendered with the meeting page's
 * own components from a fixed object (no server calls).
 */
export default function DemoPage() {
  const { user } = useAuth();
  return (
    <PageContainer className="flex flex-col gap-6">
      <DemoCallToAction signedIn={Boolean(user)} />
      <MeetingHeader meeting={demoMeeting} backTo="/" backLabel="Back to Home" badge={<Badge variant="secondary">Demo meeting</Badge>} />
      <MeetingView meeting={demoMeeting} sample />
      <DemoCallToAction signedIn={Boolean(user)} />
    </PageContainer>
  );
}

function DemoCallToAction({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2">
        <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <strong className="font-semibold">Demo meeting.</strong> A read-only, written example of what a processed meeting looks like.{" "}
          {signedIn ? "Upload a recording to get your own." : "Sign up free to turn your own meetings into notes."}
        </span>
      </p>
      <Button asChild size="sm" className="self-start sm:self-auto">
        <Link to={signedIn ? "/upload" : "/auth"}>{signedIn ? "Upload Meeting" : "Sign Up Free"}</Link>
      </Button>
    </div>
  );
}
