import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first letter of the first and last word of the full name", () => {
    expect(initials("Ada Lovelace", "ada@example.com")).toBe("AL");
    expect(initials("Grace Brewster Murray Hopper", "grace@example.com")).toBe("GH");
  });

  it("uses one letter for a one-word name", () => {
    expect(initials("Plato", "plato@example.com")).toBe("P");
  });

  it("upper-cases and ignores extra whitespace", () => {
    expect(initials("  ada   lovelace  ", null)).toBe("AL");
    expect(initials("jean\tpaul\nsartre", undefined)).toBe("JS");
  });

  it("falls back to the first letter of the e-mail when there is no name", () => {
    expect(initials("", "zoe@example.com")).toBe("Z");
    expect(initials("   ", "zoe@example.com")).toBe("Z");
    expect(initials(null, "zoe@example.com")).toBe("Z");
    expect(initials(undefined, "zoe@example.com")).toBe("Z");
  });

  it("falls back to '?' when there is neither name nor e-mail", () => {
    expect(initials("", "")).toBe("?");
    expect(initials(null, null)).toBe("?");
    expect(initials()).toBe("?");
    expect(initials(" ", " ")).toBe("?");
  });

  it("keeps non-ASCII letters whole", () => {
    expect(initials("Émile Zola", null)).toBe("ÉZ");
    expect(initials("𝒜da 𝒵oe", null)).toBe("𝒜𝒵");
  });
});
