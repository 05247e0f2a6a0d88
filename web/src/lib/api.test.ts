import { describe, expect, it } from "vitest";
import { api, ApiError, isUnauthenticated } from "./api";

describe("isUnauthenticated", () => {
  it("is true for our API's 401 and better-auth client's 401 error", () => {
    expect(isUnauthenticated(new ApiError(401, "UNAUTHENTICATED", "Please sign in to continue."))).toBe(true);
    expect(isUnauthenticated({ status: 401, statusText: "Unauthorized", message: "Unauthorized" })).toBe(true);
  });
  it("is false for other refusals and non-errors", () => {
    expect(isUnauthenticated(new ApiError(403, "FORBIDDEN", "No"))).toBe(false);
    expect(isUnauthenticated({ status: 400, message: "Invalid password" })).toBe(false);
    expect(isUnauthenticated(new Error("x"))).toBe(false);
    expect(isUnauthenticated(null)).toBe(false);
  });
});

describe("api() refusals", () => {
  const answer = (status: number, body: string, type = "application/json") => {
    globalThis.fetch = () => Promise.resolve(new Response(body, { status, statusText: "Bad Gateway", headers: { "Content-Type": type } }));
  };
  it("reads the contract's error shape: code and message", async () => {
    answer(422, JSON.stringify({ error: { code: "TOO_COMPLEX", message: "Too large to export." } }));
    await expect(api("/api/x")).rejects.toMatchObject({ status: 422, code: "TOO_COMPLEX", message: "Too large to export." });
  });
  it("names the status when the answer is not the error shape (a proxy's page)", async () => {
    answer(502, "<html>bad gateway</html>", "text/html");
    await expect(api("/api/x")).rejects.toMatchObject({ status: 502, code: "HTTP_502", message: "Bad Gateway" });
  });
});
