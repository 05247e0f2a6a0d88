import { lazy, Suspense, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import { Menu, X } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/auth-context";
import { cn } from "@/lib/utils";
import { Logo } from "./Logo";
import { UserAvatar } from "./UserAvatar";
import { settingsLink, signedInLinks, type NavItem } from "./nav-links";
import { useScrolled } from "./use-scrolled";

const UserMenu = lazy(() => import("./UserMenu"));
// Signed-in only, and it pulls in the forms chunk (react-hook-form, zod): visitors never load it.
const HeaderSearch = lazy(() => import("./HeaderSearch").then((m) => ({ default: m.HeaderSearch })));

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-3 text-base font-medium transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
    isActive ? "bg-accent text-accent-foreground" : "text-foreground",
  );

export function Header() {
  const { user, loading, signOut } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const scrolled = useScrolled();
  // The mobile menu is open only for the location it was opened at, so it closes on
  // every route change (including back/forward) without an effect.
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const menuOpen = openAtKey === location.key;
  const authKnown = !loading || !!user;

  const handleSignOut = async () => {
    setOpenAtKey(null);
    const { error } = await signOut();
    if (error) {
      toast.error(`Could not sign out (${error.message.replace(/\.$/, "")}). You are still signed in; please try again.`);
      return;
    }
    void navigate("/");
    toast.success("Signed out successfully");
  };

  const mobileItems: NavItem[] = [{ to: "/", label: "Home" }, ...(user ? [...signedInLinks, settingsLink] : [])];

  return (
    <header
      className={cn(
        "fixed inset-x-0 top-0 z-40 border-b transition-[background-color,border-color,backdrop-filter] duration-200",
        scrolled || menuOpen
          ? "border-border bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70"
          : "border-transparent bg-background",
      )}
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex items-center rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
          aria-label="Minutes, home"
        >
          <Logo />
        </Link>

        {/* Desktop (768 px and up) */}
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={desktopLink}>
            Home
          </NavLink>
          {user
            ? signedInLinks.map((item) => (
                <NavLink key={item.to} to={item.to} className={desktopLink}>
                  {item.label}
                </NavLink>
              ))
            : null}
          {user ? (
            <Suspense fallback={null}>
              <HeaderSearch className="ml-2" />
            </Suspense>
          ) : null}
          <div className="ml-3 flex min-w-9 items-center">
            {user ? (
              <Suspense fallback={<UserAvatar name={user.name} email={user.email} image={user.image} />}>
                <UserMenu user={user} onSignOut={() => void handleSignOut()} />
              </Suspense>
            ) : authKnown ? (
              <Button asChild className="h-9 px-4">
                <Link to="/auth">Sign In</Link>
              </Button>
            ) : null}
          </div>
        </nav>

        {/* Small screens */}
        <div className="flex items-center gap-1 md:hidden">
          {user ? (
            <Suspense fallback={null}>
              <HeaderSearch />
            </Suspense>
          ) : null}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Toggle menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setOpenAtKey(menuOpen ? null : location.key)}
          >
            {menuOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
          </Button>
        </div>
      </div>

      {menuOpen ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t bg-background md:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {mobileItems.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink to={to} end={to === "/"} className={mobileLink}>
                  {Icon ? <Icon className="size-5 text-muted-foreground" aria-hidden="true" /> : null}
                  {label}
                </NavLink>
              </li>
            ))}
            <li className="mt-2 border-t pt-3">
              {user ? (
                <div className="flex flex-col gap-3">
                  <div className="flex items-center gap-3 px-3">
                    <UserAvatar name={user.name} email={user.email} image={user.image} />
                    <div className="min-w-0">
                      {user.name ? <p className="truncate text-sm font-medium">{user.name}</p> : null}
                      <p className="truncate text-sm text-muted-foreground">{user.email}</p>
                    </div>
                  </div>
                  <Button variant="outline" className="w-full" onClick={() => void handleSignOut()}>
                    Sign Out
                  </Button>
                </div>
              ) : (
                <Button asChild className="w-full">
                  <Link to="/auth">Sign In</Link>
                </Button>
              )}
            </li>
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
