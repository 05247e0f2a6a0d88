import { describe, expect, it } from "vitest";
import { neighbourId } from "./use-focus-after-change";

describe("neighbourId", () => {
  it("is the next item, else the one before, else none", () => {
    expect(neighbourId(["a", "b", "c"], "a")).toBe("b");
    expect(neighbourId(["a", "b", "c"], "c")).toBe("b");
    expect(neighbourId(["a"], "a")).toBeNull();
    expect(neighbourId(["a", "b"], "x")).toBeNull();
  });
});
