import { useEffect, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Search } from "lucide-react";
import { Field } from "@/components/ui/field";
import { useContractForm } from "@/lib/forms";
import { cn } from "@/lib/utils";
import { searchQuerySchema } from "../../../../contract/search";

const headerSearchSchema = searchQuerySchema.pick({ q: true });

/** True while the user is typing somewhere, so '/' must stay a character. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.getAttribute("role") === "textbox";
}

/**
 * The header's search box (signed-in users): Enter opens /search. '/' anywhere focuses it
 * (on small screens, where the box is hidden, it opens the search page).
 */
export function HeaderSearch({ className }: { className?: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const input = useRef<HTMLInputElement | null>(null);
  const form = useContractForm(headerSearchSchema, { defaultValues: { q: "" } });
  const { ref: registerRef, ...field } = form.register("q");

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || isTyping(e.target)) return;
      e.preventDefault();
      const el = input.current;
      if (el && el.offsetParent !== null) el.focus();
      else if (location.pathname !== "/search") void navigate("/search");
      else document.getElementById("search-page-query")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, location.pathname]);

  // An empty box does nothing: there is no room under the header for its message (the
  // search page shows it).
  const submit = form.handleSubmit(({ q }) => {
    void navigate(`/search?q=${encodeURIComponent(q)}`);
    form.reset();
    input.current?.blur();
  });

  return (
    <>
      <form role="search" onSubmit={(e) => void submit(e)} noValidate className={cn("relative hidden lg:block", className)}>
        <Field label="Search everything" labelClassName="sr-only" className="gap-0">
          {(control) => (
            <>
              <Search
                className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden="true"
              />
              <input
                {...control}
                {...field}
                ref={(el) => {
                  registerRef(el);
                  input.current = el;
                }}
                type="search"
                onKeyDown={(e) => {
                  if (e.key === "Escape") input.current?.blur();
                }}
                placeholder="Search everything"
                aria-keyshortcuts="/"
                className="h-9 w-56 rounded-md border border-input bg-background pl-8 pr-7 text-sm shadow-xs outline-none transition-[width] placeholder:text-muted-foreground focus:w-72 focus-visible:ring-2 focus-visible:ring-ring"
              />
              <kbd
                className="pointer-events-none absolute right-2 top-1/2 -translate-y-1/2 rounded border px-1 font-mono text-[10px] text-muted-foreground"
                aria-hidden="true"
              >
                /
              </kbd>
            </>
          )}
        </Field>
      </form>
      <Link
        to="/search"
        aria-label="Search"
        className={cn(
          "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden",
          className,
        )}
      >
        <Search className="size-5" aria-hidden="true" />
      </Link>
    </>
  );
}
