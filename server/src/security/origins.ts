// Which browser origins may change state through the API. The app's own origin is
// PUBLIC_URL's; a browser may spell it differently (upper-case host, an explicit default
// port) or reach a local instance as localhost, 127.0.0.1 or [::1], which all name this
// machine. Any other origin, and the opaque "null", is refused.
const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/** The origins a browser may send for this app, normalised as `URL.origin` spells them. */
export function allowedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
}

/** Normalises an Origin header; null for a missing, opaque ("null") or malformed one. */
export function normaliseOrigin(header: string | undefined): string | null {
  if (!header || header === "null") return null;
  try {
    const origin = new URL(header).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
