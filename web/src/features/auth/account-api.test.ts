import { describe, expect, it } from "vitest";
import { manualKey } from "./account-api";
import { ssoFailure } from "./SsoButton";

describe("manualKey", () => {
  it("groups the otpauth secret in fours for typing by hand", () => {
    expect(manualKey("otpauth://totp/Minutes:a%40b.c?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Minutes")).toBe(
      "JBSW Y3DP EHPK 3PXP JBSW Y3DP",
    );
  });
  it("gives nothing for a link that is not one", () => {
    expect(manualKey("not a url")).toBe("");
    expect(manualKey("otpauth://totp/x")).toBe("");
  });
});

describe("ssoFailure", () => {
  it("says nothing without an error, and names the provider when there is one", () => {
    expect(ssoFailure(null, "Acme SSO")).toBeNull();
    expect(ssoFailure("invalid_code", "Acme SSO")).toBe(
      "Sign-in with Acme SSO did not complete. Please try again, or sign in with your password.",
    );
    expect(ssoFailure("account_not_linked", "Acme SSO")).toMatch(/already exists here/);
  });
});
