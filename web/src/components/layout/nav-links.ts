import { LayoutDashboard, ListChecks, Mic, Settings, Upload, type LucideIcon } from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon?: LucideIcon;
}

/** Links only a signed-in user sees, in the spec's order. */
export const signedInLinks: NavItem[] = [
  { to: "/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/upload", label: "Upload", icon: Upload },
  { to: "/action-items", label: "My items", icon: ListChecks },
  { to: "/record", label: "Record", icon: Mic },
];

export const settingsLink: NavItem = { to: "/settings", label: "Settings", icon: Settings };
