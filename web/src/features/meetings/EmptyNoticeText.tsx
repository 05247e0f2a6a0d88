import { cn } from "@/lib/utils";
import type { EmptyNotice } from "./empty-notice";

/** The spec's empty text, and beneath it what we know more (still processing, or why it failed). */
export function EmptyNoticeText({ notice, className }: { notice: EmptyNotice; className?: string }) {
  return (
    <div className={cn("flex flex-col gap-1 text-muted-foreground", className)}>
      <p>{notice.text}</p>
      {notice.note ? <p className="break-words text-sm">{notice.note}</p> : null}
    </div>
  );
}
