import { cn } from "@/lib/utils";

/** The Minutes logo mark: an "M" waveform in a rounded square. Decorative. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M8 22V10l5 7 5-7v12"
        fill="none"
        className="stroke-primary-foreground"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="23" cy="21" r="2" className="fill-primary-foreground" />
    </svg>
  );
}

export const PRODUCT_NAME = "Minutes";

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-semibold tracking-tight", className)}>
      <LogoMark />
      <span>{PRODUCT_NAME}</span>
    </span>
  );
}
