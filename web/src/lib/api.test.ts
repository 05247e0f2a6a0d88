import { describe, expect, it } from "vitest";
import { ApiError, isUnauthenticated } from "./api";

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
