import { describe, expect, it } from "vitest";
import { EngineError } from "../engines/speech/speech-engine";
import { LinkError } from "../media/link-download";
import { MediaError } from "../media/probe";
import { AppError, codeForStatus, errorTable, isRetryable } from "./errors";

describe("the one error model", () => {
  it("gives every code an HTTP status", () => {
    for (const [code, kind] of Object.entries(errorTable)) expect(kind.status, code).toBeGreaterThanOrEqual(400);
  });

  it("retries link time-outs and the link server's 5xx, not its 4xx or bad media", () => {
    expect(isRetryable(new LinkError("TIMEOUT", "slow"))).toBe(true);
    expect(isRetryable(new LinkError("HTTP_ERROR", "bad gateway", 503))).toBe(true);
    expect(isRetryable(new LinkError("HTTP_ERROR", "gone", 404))).toBe(false);
    expect(isRetryable(new LinkError("BLOCKED_ADDRESS", "private"))).toBe(false);
    expect(isRetryable(new MediaError("NO_AUDIO", "no audio"))).toBe(false);
    expect(isRetryable(new EngineError("engine crashed"))).toBe(true);
    expect(isRetryable(new EngineError("no model", "MODEL_MISSING"))).toBe(false);
    expect(isRetryable(new Error("unexpected"))).toBe(true);
  });

  it("keeps each family's code and the status from the table", () => {
    const e = new MediaError("UNSUPPORTED_TYPE", "Use an audio file");
    expect(e).toBeInstanceOf(AppError);
    expect(e.code).toBe("UNSUPPORTED_TYPE");
    expect(e.status).toBe(422);
    expect(codeForStatus(414)).toBe("URI_TOO_LONG");
    expect(codeForStatus(416)).toBe("RANGE_NOT_SATISFIABLE");
    expect(codeForStatus(418)).toBe("BAD_REQUEST");
  });
});
