// A small fetch client for provider APIs: JSON in and out, the provider's own error text,
// and rate limits (429, or 403 with Retry-After / X-RateLimit-Remaining: 0 as GitHub answers)
// surfaced with their wait so the send job can wait as long as asked.
import crypto from "node:crypto";

export class ProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds the provider asked us to wait (Retry-After, or until X-RateLimit-Reset), if any. */
    readonly retryAfter: number | null = null,
    /** A rate limit (429, or a 403 that says so): try again after `retryAfter`. */
    readonly rateLimited: boolean = status === 429,
  ) {
    super(message);
    this.name = "ProviderError";
  }
  get revoked() {
    return this.status === 401;
  }
  get retryable() {
    return this.rateLimited || this.status >= 500 || this.status === 0;
  }
}

export interface ProviderRequest {
  method?: string;
  /** Bearer token. */
  token?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  basic?: { user: string; password: string };
}

function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  const n = Number(value);
  if (Number.isFinite(n)) return Math.max(0, n);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Finds a human message in the usual error shapes (GitHub, Asana, Trello, Graph, Notion, Google). */
function errorText(body: unknown, fallback: string): string {
  if (typeof body === "string" && body.trim()) return body.trim().slice(0, 300);
  const b = body as Record<string, any> | null;
  const candidates = [b?.message, b?.errors?.[0]?.message, b?.error?.message, b?.error_description, b?.error, b?.errors?.[0]];
  const found = candidates.find((c) => typeof c === "string" && c.trim());
  return found ? String(found).slice(0, 300) : fallback;
}

export async function providerFetch<T = any>(providerName: string, url: string, req: ProviderRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", "user-agent": "Minutes", ...req.headers };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  if (req.basic) headers.authorization = `Basic ${Buffer.from(`${req.basic.user}:${req.basic.password}`).toString("base64")}`;
  let body: string | undefined;
  if (req.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(req.json);
  } else if (req.form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(req.form).toString();
  }
  let res: Response;
  try {
    res = await fetch(url, { method: req.method ?? (body ? "POST" : "GET"), headers, body, signal: AbortSignal.timeout(30_000) });
  } catch (e) {
    throw new ProviderError(0, `Could not reach ${providerName}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  if (!res.ok) {
    const retryAfter = retryAfterSeconds(res.headers.get("retry-after"));
    // GitHub's primary rate limit: 403 (or 429) with X-RateLimit-Remaining: 0; no request
    // before X-RateLimit-Reset (UTC epoch seconds). Retry-After, when also sent, wins.
    const reset = res.headers.get("x-ratelimit-remaining") === "0" ? untilEpoch(res.headers.get("x-ratelimit-reset")) : null;
    const rateLimited = res.status === 429 || (res.status === 403 && (retryAfter !== null || reset !== null));
    throw new ProviderError(res.status, `${providerName}: ${errorText(parsed, `HTTP ${res.status}`)}`, retryAfter ?? reset, rateLimited);
  }
  return parsed as T;
}

/** Seconds from now until an epoch-seconds header value (one more, for clocks that differ), or null. */
function untilEpoch(value: string | null): number | null {
  const at = Number(value);
  if (!value || !Number.isFinite(at) || at <= 0) return null;
  return Math.max(1, Math.ceil(at - Date.now() / 1000) + 1);
}

export function hmacHex(algorithm: "sha256" | "sha1", key: string, data: Buffer | string): string {
  return crypto.createHmac(algorithm, key).update(data).digest("hex");
}

/** Constant-time comparison of two strings (false when lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export const sha256 = (data: Buffer | string) => crypto.createHash("sha256").update(data).digest("hex");

/** The body text every provider's item carries: what, who, when, and the way back. */
export function itemBody(input: { assignee: string | null; dueDate: string | null; meetingTitle: string; meetingUrl: string }): string {
  return [
    `Action item from the meeting "${input.meetingTitle}".`,
    input.assignee ? `Owner: ${input.assignee}` : null,
    input.dueDate ? `Due: ${input.dueDate}` : null,
    `Meeting: ${input.meetingUrl}`,
  ]
    .filter(Boolean)
    .join("\n");
}

export function expiresIn(seconds: unknown): Date | null {
  return typeof seconds === "number" && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null;
}
