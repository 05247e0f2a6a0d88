import { describe, expect, it } from "vitest";
import { signUpNotice } from "./sign-up-notice";

describe("signUpNotice", () => {
  it("claims an e-mail only where one really goes out", () => {
    expect(signUpNotice({ next: "sign-in", mailDelivered: true })).toBe("Account created! Please check your email for confirmation.");
    expect(signUpNotice({ next: "confirm-email", mailDelivered: true })).toBe("Account created! Please check your email for confirmation.");
    // No SMTP: mail goes to the server's outbox folder, not to the user.
    expect(signUpNotice({ next: "sign-in", mailDelivered: false })).toBe("Account created!");
    expect(signUpNotice({ next: "confirm-email", mailDelivered: false })).toMatch(/does not send e-mail: ask its administrator/);
    for (const next of ["sign-in", "confirm-email"] as const)
      expect(signUpNotice({ next, mailDelivered: false })).not.toMatch(/check your email/i);
  });
});
