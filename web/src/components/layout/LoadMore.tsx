import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** What an infinite query gives a list's end (TanStack Query's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The end of a paged list: the next page loads when this comes into view (infinite scroll),
 * with a button for when it does not (no IntersectionObserver, keyboard users). Renders
 * nothing when there is no next page. `as="li"` inside a list.
 */
export function LoadMore({
  query,
  as: Tag = "div",
  loadingText,
  buttonText,
  className,
}: {
  query: PagedQuery;
  as?: "div" | "li";
  loadingText: string;
  buttonText: string;
  className?: string;
}) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const sentinel = useRef<HTMLDivElement & HTMLLIElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "400px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <Tag ref={sentinel} className={cn("flex justify-center py-3 text-sm text-muted-foreground", className)}>
      {isFetchingNextPage ? (
        <span className="flex items-center gap-2" role="status">
          <Spinner className="size-4" />
          {loadingText}
        </span>
      ) : (
        <Button variant="ghost" size="sm" onClick={() => void fetchNextPage()}>
          {buttonText}
        </Button>
      )}
    </Tag>
  );
}
