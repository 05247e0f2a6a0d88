// What the page says after a sign-up. The server answers a sign-up for a taken address like a
// new one (no account enumeration) and says only what its settings are: whether the address
// must be confirmed first and whether mail really goes out (SMTP) or into its outbox folder.
// No text claims an e-mail that is not sent.
import type { SignUpAnswer } from "../../../../contract/accounts";

/** The spec's success text, where mail really goes out; without SMTP no mail claim is made. */
const CHECK_EMAIL = "Account created! Please check your email for confirmation.";

/** What to tell a user whose sign-up went through (the server's answer is the same for a taken address). */
export function signUpNotice(answer: SignUpAnswer): string {
  if (answer.mailDelivered) return CHECK_EMAIL;
  if (answer.next === "confirm-email")
    return "Account created! This server does not send e-mail: ask its administrator for your confirmation link, then sign in.";
  return "Account created!";
}

/** Shown when signing in right after sign-up fails: sign-up answers alike for a taken address, the password then does not match. */
export const SIGN_IN_AFTER_SIGN_UP_FAILED =
  "Could not sign in with this e-mail and password. If this address already has an account, sign in with its password on the Sign In tab.";
