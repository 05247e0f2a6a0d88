import type * as React from "react";
import { Search } from "lucide-react";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/utils";

/** A search box with the magnifier inside it (meetings list, search page). */
export function SearchInput({ className, wrapperClassName, ...props }: React.ComponentProps<"input"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative min-w-0 flex-1", wrapperClassName)}>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input type="search" className={cn("pl-9", className)} {...props} />
    </div>
  );
}
