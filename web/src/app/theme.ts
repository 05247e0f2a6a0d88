import { useSyncExternalStore } from "react";

/**
 * The theme follows the operating system's light/dark setting. Colours switch in CSS
 * (`prefers-color-scheme` in styles.css); this hook is for the few places that need the
 * value in JavaScript.
 */
export type ColorScheme = "light" | "dark";

const query = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(query).matches ? "dark" : "light"),
    () => "light",
  );
}
