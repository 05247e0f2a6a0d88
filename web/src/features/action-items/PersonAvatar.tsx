import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initials } from "@/lib/initials";
import { cn } from "@/lib/utils";

/** A member's picture or initials at the size of a line of small text (action items, speaker links). */
export function PersonAvatar({ name, image, className }: { name: string; image: string | null; className?: string }) {
  return (
    <Avatar className={cn("size-5", className)}>
      {image ? <AvatarImage src={image} alt="" /> : null}
      <AvatarFallback aria-hidden="true" className="text-[0.55rem] font-semibold">
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
