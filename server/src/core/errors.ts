// The one error model. Every error we raise on purpose is an AppError: a code from the
// table below (which gives its HTTP status and whether another try may succeed) and a
// message for the user. Families of codes (media, links, engines, models, storage) are
// AppError subclasses only to narrow the code they take. Every failed API call answers
// {"error":{"code","message"}}; a job retries an error only when it is retryable.

import type { ApiErrorBody } from "../../../contract/errors";

interface ErrorKind {
  status: number;
  /** Another try later may succeed (time-outs, an outside service's 5xx, our own 500). */
  retryable: boolean;
}
const kind = (status: number, retryable = false): ErrorKind => ({ status, retryable });

export const errorTable = {
  // Requests
  BAD_REQUEST: kind(400),
  VALIDATION_FAILED: kind(400),
  UNAUTHENTICATED: kind(401),
  FORBIDDEN: kind(403),
  NOT_FOUND: kind(404),
  REQUEST_TIMEOUT: kind(408, true),
  CONFLICT: kind(409),
  PAYLOAD_TOO_LARGE: kind(413),
  URI_TOO_LONG: kind(414),
  UNSUPPORTED_MEDIA: kind(415),
  RANGE_NOT_SATISFIABLE: kind(416),
  UNPROCESSABLE: kind(422),
  /** Work on this input ran past its time or memory budget (workers/off-thread.ts): the same input would again. */
  TOO_COMPLEX: kind(422),
  RATE_LIMITED: kind(429, true),
  HEADERS_TOO_LARGE: kind(431),
  INTERNAL: kind(500, true),
  UNAVAILABLE: kind(503, true),
  CONFIG_INVALID: kind(500),
  // Uploaded or downloaded media (media/probe.ts, media/convert.ts)
  EMPTY_FILE: kind(422),
  UNSUPPORTED_TYPE: kind(422),
  CONTENT_MISMATCH: kind(422),
  CORRUPT_MEDIA: kind(422),
  NO_AUDIO: kind(422),
  SILENT_RECORDING: kind(422),
  NO_SPEECH: kind(422),
  CONVERSION_FAILED: kind(422),
  MEDIA_MISSING: kind(422),
  // Transcript files (pipeline/import/)
  IMPORT_INVALID: kind(422),
  // Links (media/link-download.ts); HTTP_ERROR is retryable for the server's 5xx only
  INVALID_URL: kind(422),
  UNSUPPORTED_PROTOCOL: kind(422),
  BLOCKED_ADDRESS: kind(422),
  HOST_NOT_FOUND: kind(422),
  CONNECTION_FAILED: kind(502),
  HTTP_ERROR: kind(502),
  TOO_MANY_REDIRECTS: kind(422),
  WEB_PAGE: kind(422),
  TOO_LARGE: kind(413),
  EMPTY: kind(422),
  TIMEOUT: kind(504, true),
  // Speech engines and models (engines/speech/)
  ENGINE_MISSING: kind(503),
  MODEL_MISSING: kind(503),
  ENGINE_FAILED: kind(502, true),
  ABORTED: kind(499),
  OFFLINE: kind(503, true),
  DOWNLOAD_FAILED: kind(502, true),
  CHECKSUM_MISMATCH: kind(502),
  EXTRACT_FAILED: kind(500),
  NOT_INSTALLED: kind(503),
  CORRUPT: kind(500),
  UNKNOWN_MODEL: kind(404),
  // Language model answers (engines/llm/)
  LLM_FAILED: kind(502, true),
  // Storage (storage/)
  BLOB_NOT_FOUND: kind(404),
  INVALID_BLOB_KEY: kind(400),
} satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof errorTable;

export interface AppErrorOptions {
  /** Overrides the table, e.g. an outside server's 5xx is retryable, its 4xx not. */
  retryable?: boolean;
  /** Technical detail for logs; never shown to users. */
  detail?: string;
  cause?: unknown;
  /** Sent as Retry-After (seconds), e.g. on a 429. */
  retryAfterSeconds?: number;
}

export class AppError extends Error {
  readonly retryable: boolean;
  readonly detail?: string;
  readonly retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.retryable = options.retryable ?? errorTable[code].retryable;
    this.detail = options.detail;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
  get status(): number {
    return errorTable[this.code].status;
  }
}

export const notFound = (what = "Meeting") => new AppError("NOT_FOUND", `${what} not found`);

/** Another try may succeed: retryable AppErrors and anything we did not raise on purpose. */
export function isRetryable(e: unknown): boolean {
  return e instanceof AppError ? e.retryable : true;
}

/** The generic code of an HTTP status, for 4xx answers raised by Fastify or a plugin. */
export function codeForStatus(status: number): ErrorCode {
  const generic: ErrorCode[] = [
    "BAD_REQUEST",
    "UNAUTHENTICATED",
    "FORBIDDEN",
    "NOT_FOUND",
    "CONFLICT",
    "PAYLOAD_TOO_LARGE",
    "URI_TOO_LONG",
    "UNSUPPORTED_MEDIA",
    "RANGE_NOT_SATISFIABLE",
    "UNPROCESSABLE",
    "RATE_LIMITED",
    "HEADERS_TOO_LARGE",
  ];
  return generic.find((c) => errorTable[c].status === status) ?? "BAD_REQUEST";
}

export function errorBody(code: string, message: string): ApiErrorBody {
  return { error: { code, message } };
}

/** The message of anything thrown. */
export function errorMessage(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
