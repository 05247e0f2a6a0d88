import { useEffect, useRef, type ReactNode } from "react";
import { Navigate } from "react-router";
import { toast } from "sonner";
import { useAuth } from "./auth-context";
import { PageLoading } from "@/components/layout/PageLoading";

/**
 * Guards a protected route (spec, section 2): 'Loading...' while the session is read;
 * with no user, an error toast and a redirect to /auth.
 */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { user, loading, endedElsewhere } = useAuth();
  // A user who signs out here is not "denied": send them home without the error toast.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;
  const signedOut = hadUser.current && !user;
  const denied = !loading && !user && !signedOut;

  useEffect(() => {
    if (denied) {
      // A fixed id keeps StrictMode's double effect (and quick re-renders) to one toast.
      toast.error("Authentication required", {
        id: "auth-required",
        description: "Please sign in to access this page",
      });
    }
  }, [denied]);

  // A session that ended elsewhere (a request here was refused) goes to /auth like any
  // visitor without one; the refused action already said why in its own toast.
  if (signedOut) return <Navigate to={endedElsewhere ? "/auth" : "/"} replace />;
  if (loading && !user) return <PageLoading />;
  if (!user) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}
