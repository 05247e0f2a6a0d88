import type * as React from "react";
import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A spinning indicator. Decorative by default (aria-hidden); pass `label` to announce it
 * to screen readers when there is no visible text beside it.
 */
export function Spinner({ className, label, ...props }: React.ComponentProps<"svg"> & { label?: string }) {
  return (
    <>
      <Loader2
        data-slot="spinner"
        aria-hidden="true"
        className={cn("size-4 animate-spin motion-reduce:animate-[spin_1.5s_linear_infinite]", className)}
        {...props}
      />
      {label ? <span className="sr-only">{label}</span> : null}
    </>
  );
}
