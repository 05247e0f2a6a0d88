// Text that PostgreSQL cannot store (NUL) or that is not valid Unicode (a lone UTF-16
// surrogate) is refused with a 400 on every route, before any handler runs; so are
// over-long names sent to the auth routes, which better-auth does not limit.
import { AUTH_FIELD_MAX } from "../../../contract/accounts";
import { AppError } from "./errors";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const MAX_JSON_DEPTH = 32;

/** The reason a string cannot be accepted, or null. */
export function badText(s: string): string | null {
  if (s.includes("\u0000")) return "contains a NUL character";
  if (LONE_SURROGATE.test(s)) return "is not valid Unicode text (a lone surrogate)";
  return null;
}

/** Throws a 400 naming the first field whose text cannot be accepted. */
export function assertCleanText(value: unknown, where: string): void {
  const stack: [unknown, string, number][] = [[value, where, 0]];
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    // No body of this API nests more than a few levels; 200,000 levels made the auth route's
    // JSON.stringify overflow the stack (a 500), and deep input is costly wherever it is walked.
    if (depth > MAX_JSON_DEPTH)
      throw new AppError("VALIDATION_FAILED", `${where}: nested more than ${MAX_JSON_DEPTH} levels deep. Send a flatter request.`);
    if (typeof v === "string") {
      const why = badText(v);
      if (why) throw new AppError("VALIDATION_FAILED", `${path}: ${why}. Remove it and try again.`);
    } else if (ArrayBuffer.isView(v) || v instanceof ArrayBuffer) {
      // Raw bytes (webhook bodies, recording chunks) are no text: walking a Buffer's indices one
      // by one held the event loop ~3 s per MB, for webhooks before any signature check (decision 041).
      continue;
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push([x, `${path}.${i}`, depth + 1]));
    } else if (v && typeof v === "object") {
      for (const [k, x] of Object.entries(v)) {
        const why = badText(k);
        if (why) throw new AppError("VALIDATION_FAILED", `${path}: a field name ${why}.`);
        stack.push([x, `${path}.${k}`, depth + 1]);
      }
    }
  }
}

/** Length limits (contract/accounts.ts) for what users name through better-auth. */
export function assertAuthFieldLengths(body: unknown): void {
  if (!body || typeof body !== "object") return;
  const check = (obj: Record<string, unknown>) => {
    for (const [field, max] of Object.entries(AUTH_FIELD_MAX)) {
      const v = obj[field];
      if (typeof v === "string" && v.length > max)
        throw new AppError("VALIDATION_FAILED", `${field}: use at most ${max} characters (this one has ${v.length}).`);
    }
  };
  check(body as Record<string, unknown>);
  const data = (body as { data?: unknown }).data;
  if (data && typeof data === "object") check(data as Record<string, unknown>);
}
