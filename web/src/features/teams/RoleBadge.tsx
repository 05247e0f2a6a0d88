import { Badge } from "@/components/ui/badge";
import { roleOf } from "./teams-api";

const variant = { owner: "purple", admin: "blue", member: "green", guest: "yellow" } as const;

/** Role badge: owner purple, admin blue, member green, guest yellow (spec section 6). */
export function RoleBadge({ role }: { role: string | null | undefined }) {
  const r = roleOf(role);
  return (
    <Badge variant={r ? variant[r] : "outline"} className="capitalize" data-testid="role-badge">
      {r ?? role ?? "Unknown"}
    </Badge>
  );
}
