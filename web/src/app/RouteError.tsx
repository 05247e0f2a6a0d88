import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { ErrorScreen } from "@/components/layout/ErrorScreen";

/**
 * Router-level fallback for errors thrown while loading or rendering a page (for
 * example a page chunk that failed to download after a deploy). Heading from the spec's
 * error catalogue. Keyed by path, so navigating elsewhere clears the error.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      key={pathname}
      fallback={
        <ErrorScreen title="Unexpected Application Error!" message="The page could not be displayed. Refreshing usually helps." embedded />
      }
    >
      {children}
    </ErrorBoundary>
  );
}
