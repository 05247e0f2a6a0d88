import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MailWarning, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { PageLoading } from '@/components/layout/PageLoading';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/auth-context';

/**
 * Placeholder for /invitation (public). Done: missing token (error) and need_login.
 * To do (teams): accept the invitation for a signed-in user, then the success state
 * ('You have successfully joined the team!', 'Redirecting to dashboard...', redirect
 * after 3 s) or the error state.
 */
export default function InvitationPage() {
  const { user, loading } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token');

  if (!token) {
    return (
      <InvitationCard
        icon={<MailWarning className="size-6" aria-hidden="true" />}
        message="Invalid invitation link. The token is missing."
        action={
          <Button asChild className="w-full">
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        }
      />
    );
  }

  if (loading && !user) return <PageLoading />;

  if (!user) {
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
  }

  return (
    <InvitationCard
      icon={<Spinner className="size-6" />}
      message="Accepting invitation..."
      action={null}
    />
  );
}

function InvitationCard({ icon, message, action }: { icon: ReactNode; message: string; action: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            {icon}
          </span>
          <h1 className="mt-2 text-xl font-semibold tracking-tight">Team Invitation</h1>
        </CardHeader>
        <CardContent>
          <CardDescription className="text-base">{message}</CardDescription>
        </CardContent>
        {action ? <CardFooter>{action}</CardFooter> : null}
      </Card>
    </div>
  );
}
