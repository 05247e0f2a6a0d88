/**
 * A tiny typed fetch wrapper for the server's JSON API.
 *
 * - Requests are same-origin with cookies (the session lives in an HttpOnly cookie).
 * - `json` serialises a body and sets the Content-Type.
 * - Non-2xx answers throw an `ApiError` built from the server's one error shape:
 *   `{ "error": { "code": string, "message": string } }`.
 */
import { apiErrorBodySchema } from "../../../contract/errors";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiInit extends Omit<RequestInit, "body"> {
  /** Serialised with JSON.stringify; sets `Content-Type: application/json`. */
  json?: unknown;
  /** A raw body (FormData, Blob, string, …) when `json` is not used. */
  body?: BodyInit | null;
}

export async function api<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has("Accept")) headers.set("Accept", "application/json");

  let body = rest.body;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }

  let response: Response;
  try {
    response = await fetch(path, { ...rest, body, headers, credentials: "same-origin" });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(0, "NETWORK_ERROR", "Could not reach the server. Check your connection and try again.", cause);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204 || response.status === 205) return undefined as T;

  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) return (await response.json()) as T;
  return (await response.text()) as unknown as T;
}

/** Convenience for JSON requests with a method: `apiJson('POST', '/api/x', body)`. */
export function apiJson<T = unknown>(method: string, path: string, json?: unknown, init: ApiInit = {}): Promise<T> {
  return api<T>(path, { ...init, method, json });
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  let payload: unknown;
  try {
    const text = await response.text();
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  const parsed = apiErrorBodySchema.safeParse(payload);
  if (!parsed.success) return new ApiError(response.status, `HTTP_${response.status}`, fallback);
  const { code, message, details } = parsed.data.error;
  return new ApiError(response.status, code, message || fallback, details);
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * A refusal because there is no session (it ended in another tab, or expired): our API's
 * 401 (`ApiError`) or better-auth client's `{ status: 401 }` error.
 */
export function isUnauthenticated(error: unknown): boolean {
  return typeof error === "object" && error !== null && "status" in error && (error as { status: unknown }).status === 401;
}
