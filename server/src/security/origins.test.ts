import { describe, expect, it } from "vitest";
import { allowedOrigins, normaliseOrigin } from "./origins";

describe("allowed origins", () => {
  it("accepts a public host only as itself", () => {
    expect(allowedOrigins("https://notes.example.com")).toEqual(["https://notes.example.com"]);
  });
  it("accepts every loopback spelling of a local instance, on its port", () => {
    expect(allowedOrigins("http://localhost:3000")).toEqual(["http://localhost:3000", "http://127.0.0.1:3000", "http://[::1]:3000"]);
  });
  it("normalises how a browser may write the same origin", () => {
    expect(normaliseOrigin("HTTPS://Notes.Example.com:443")).toBe("https://notes.example.com");
    expect(normaliseOrigin("http://localhost:3000")).toBe("http://localhost:3000");
  });
  it("treats missing, opaque and malformed origins as none", () => {
    expect(normaliseOrigin(undefined)).toBeNull();
    expect(normaliseOrigin("null")).toBeNull();
    expect(normaliseOrigin("not a url")).toBeNull();
  });
});
