import { Link } from "react-router";
import { AlertCircle, ListChecks } from "lucide-react";
import { cn } from "@/lib/utils";
import { useMyActionItemCounts } from "./action-items-api";

/** The dashboard's line about my action items: open and overdue counts, each a link to the filtered list. */
export function MyItemsSummary() {
  const counts = useMyActionItemCounts();
  if (!counts.data) return null;
  const { open, overdue } = counts.data;
  const link =
    "inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";
  return (
    <nav aria-label="My action items" className="flex flex-wrap gap-2" data-testid="my-items-summary">
      <Link to="/action-items?status=open" className={link}>
        <ListChecks className="size-4 text-primary" aria-hidden="true" />
        <span>
          <strong className="tabular-nums">{open}</strong> open action {open === 1 ? "item" : "items"} assigned to me
        </span>
      </Link>
      <Link
        to="/action-items?status=open&due=overdue"
        className={cn(link, overdue > 0 ? "border-destructive/40 text-destructive" : "text-muted-foreground")}
      >
        <AlertCircle className="size-4" aria-hidden="true" />
        <span>
          <strong className="tabular-nums">{overdue}</strong> overdue
        </span>
      </Link>
    </nav>
  );
}
