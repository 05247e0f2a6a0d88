import { Spinner } from "@/components/ui/spinner";

/** Full-area loading state; the visible text is the spec's 'Loading...'. */
export function PageLoading({ label = "Loading..." }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted-foreground">
      <Spinner className="size-8 text-primary" />
      <p className="text-sm">{label}</p>
    </div>
  );
}
