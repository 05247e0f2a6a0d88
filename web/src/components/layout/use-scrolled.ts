import { useEffect, useState } from "react";

/** Header translucency threshold (spec, section 9): 10 px. */
export const HEADER_SCROLL_THRESHOLD = 10;

/** True once the window is scrolled more than `threshold` pixels. */
export function useScrolled(threshold = HEADER_SCROLL_THRESHOLD): boolean {
  const [scrolled, setScrolled] = useState(() => typeof window !== "undefined" && window.scrollY > threshold);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [threshold]);
  return scrolled;
}
