import { describe, expect, it } from "vitest";
import { changePasswordError } from "./SecurityTab";

describe("changing the password", () => {
  it("says the current password is wrong, not 'Invalid password'", () => {
    expect(changePasswordError({ code: "INVALID_PASSWORD", message: "Invalid password" }).message).toBe(
      "Your current password is not correct.",
    );
    expect(changePasswordError({ code: "PASSWORD_TOO_SHORT", message: "Password too short" }).message).toBe("Password too short");
  });
});
