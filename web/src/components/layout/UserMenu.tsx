import { Link } from "react-router";
import { LogOut } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { User } from "@/features/auth/auth-context";
import { UserAvatar } from "./UserAvatar";
import { settingsLink, signedInLinks } from "./nav-links";

/**
 * The avatar menu (spec, section 2, Header): full name (if any), e-mail, links to
 * Dashboard, Upload and Settings, and 'Sign out'. Loaded lazily: signed-out visitors
 * never download the dropdown code.
 */
export default function UserMenu({ user, onSignOut }: { user: User; onSignOut: () => void }) {
  const name = user.name?.trim() || "";
  return (
    // Non-modal: the page behind stays in the accessibility tree (no aria-hidden over
    // focusable content) and scrollable; Escape and outside clicks still close it.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="rounded-full outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background">
        <UserAvatar name={name} email={user.email} image={user.image} />
        <span className="sr-only">Open user menu</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60" portal={false}>
        <DropdownMenuLabel className="font-normal">
          <div className="flex flex-col gap-1">
            {name ? <p className="truncate text-sm font-medium leading-none">{name}</p> : null}
            <p className="truncate text-xs leading-none text-muted-foreground">{user.email}</p>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {[...signedInLinks, settingsLink].map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                {Icon ? <Icon aria-hidden="true" /> : null}
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
