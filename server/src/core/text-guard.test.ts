import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";
import { assertCleanText } from "./text-guard";

afterEach(() => vi.restoreAllMocks());

describe("assertCleanText", () => {
  it("refuses NUL and lone surrogates anywhere in a body, naming the field", () => {
    expect(() => assertCleanText({ a: [{ b: "x\u0000" }] }, "body")).toThrow(/body\.a\.0\.b: contains a NUL character/);
    expect(() => assertCleanText({ t: "a\ud800" }, "body")).toThrow(AppError);
    expect(() => assertCleanText({ t: "ok 🚀 مرحبا" }, "body")).not.toThrow();
  });

  it("does not walk raw bytes (a webhook's body, a recording chunk) index by index", () => {
    // Object.entries over a 1 MB Buffer made a million pairs: 3 s of the API's thread per request.
    const entries = vi.spyOn(Object, "entries");
    const bytes = Buffer.alloc(1 << 16, 0);
    expect(() => assertCleanText(bytes, "body")).not.toThrow();
    expect(() => assertCleanText({ chunk: new Uint8Array(1000) }, "body")).not.toThrow();
    expect(() => assertCleanText(new ArrayBuffer(1000), "body")).not.toThrow();
    expect(entries.mock.calls.filter(([v]) => ArrayBuffer.isView(v) || v instanceof ArrayBuffer)).toEqual([]);
  });

  it("refuses a body nested deeper than any request of the API, naming the limit", () => {
    const deep = JSON.parse("[".repeat(1000) + "]".repeat(1000)) as unknown;
    expect(() => assertCleanText(deep, "body")).toThrow(/body: nested more than 32 levels deep/);
    const ok = JSON.parse('{"a":'.repeat(30) + "1" + "}".repeat(30)) as unknown;
    expect(() => assertCleanText(ok, "body")).not.toThrow();
  });
});
