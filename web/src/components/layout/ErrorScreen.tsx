import { AlertTriangle } from "lucide-react";

/**
 * The "Something went wrong" screen (spec, section 2: fatal mount failure). Deliberately
 * free of router, query and auth context so it can render when any of them failed.
 */
export function ErrorScreen({
  title = "Something went wrong",
  message = "An unexpected error occurred. Refreshing the page usually helps.",
  embedded = false,
}: {
  title?: string;
  message?: string;
  /** Inside the app layout (which already has <main>): render a plain section. */
  embedded?: boolean;
}) {
  const Root = embedded ? "div" : "main";
  return (
    <Root
      className={
        embedded
          ? "flex flex-1 flex-col items-center justify-center gap-4 px-6 py-24 text-center"
          : "flex min-h-dvh flex-col items-center justify-center gap-4 bg-background px-6 text-center text-foreground"
      }
    >
      <AlertTriangle className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="max-w-md text-muted-foreground">{message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        Refresh Page
      </button>
    </Root>
  );
}
