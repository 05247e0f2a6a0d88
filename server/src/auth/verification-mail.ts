// The confirmation mail better-auth asks us to send. The same callback serves two flows:
// confirming a new account, and confirming a new address for an existing account (the
// user row still holds the old address then). Each says what it is for.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { user as users } from "../db/schema";

export interface VerificationMail {
  subject: string;
  text: string;
}

export function verificationMail(opts: { name: string; url: string; changeFrom: string | null }): VerificationMail {
  const hello = `Hello ${opts.name || ""},\n\n`;
  if (opts.changeFrom) {
    return {
      subject: "Confirm your new e-mail address for Minutes",
      text:
        hello +
        `Someone asked to change the e-mail address of the Minutes account ${opts.changeFrom} to this address. ` +
        `Open this link to confirm the change:\n${opts.url}\n\n` +
        `If you did not ask for this, ignore this mail: the account keeps its current address.\n`,
    };
  }
  return {
    subject: "Confirm your e-mail address for Minutes",
    text:
      hello + `Confirm your e-mail address by opening this link:\n${opts.url}\n\nIf you did not sign up for Minutes, ignore this mail.\n`,
  };
}

/**
 * To the owner of an address someone tried to sign up with again. Sign-up answers the same
 * either way (no account enumeration); this mail is the only place the difference shows.
 */
export function existingAccountMail(opts: { name: string; signInUrl: string }): VerificationMail {
  return {
    subject: "Someone tried to create a Minutes account with your address",
    text:
      `Hello ${opts.name || ""},\n\n` +
      `Someone tried to create a new Minutes account with this e-mail address, which already has one. Nothing about your account changed.\n\n` +
      `If it was you, sign in with your password instead:\n${opts.signInUrl}\n\n` +
      `If it was not you, ignore this mail.\n`,
  };
}

/** The account's current address when the mail goes to another one (an address change), else null. */
export async function addressBeingChanged(db: Db, userId: string, to: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row && row.email.toLowerCase() !== to.toLowerCase() ? row.email : null;
}

/** Forgot password: the link to /reset-password. */
export function passwordResetMail(opts: { name: string; url: string; minutes: number }): VerificationMail {
  return {
    subject: "Reset your Minutes password",
    text:
      `Hello ${opts.name || ""},\n\n` +
      `Someone asked to reset the password of your Minutes account. Open this link to choose a new one:\n${opts.url}\n\n` +
      `The link works once, for ${opts.minutes} minutes. Resetting the password signs you out everywhere.\n` +
      `If you did not ask for this, ignore this mail: your password stays as it is.\n`,
  };
}
