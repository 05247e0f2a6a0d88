import { Calendar, CheckSquare, FileText, Github, KanbanSquare, ListTodo, MessageSquare, Plug } from "lucide-react";
import type { ComponentType } from "react";

const icons: Record<string, ComponentType<{ className?: string }>> = {
  github: Github,
  asana: CheckSquare,
  trello: KanbanSquare,
  slack: MessageSquare,
  "google-calendar": Calendar,
  "microsoft-todo": ListTodo,
  notion: FileText,
};

/** The provider's icon on its brand colour. */
export function ProviderIcon({ provider, color, size = "md" }: { provider: string; color: string; size?: "sm" | "md" }) {
  const Icon = icons[provider] ?? Plug;
  return (
    <span
      className={
        size === "md"
          ? "inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-white ring-1 ring-inset ring-white/20"
          : "inline-flex size-5 shrink-0 items-center justify-center rounded text-white ring-1 ring-inset ring-white/20"
      }
      style={{ backgroundColor: color }}
      aria-hidden="true"
    >
      <Icon className={size === "md" ? "size-5" : "size-3"} />
    </span>
  );
}
