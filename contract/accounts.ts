// Accounts and teams: the rules better-auth's routes enforce on the server (auth.ts, the
// text guard's length limits, the team hooks), as zod schemas the web app's forms validate
// with, so a form says exactly what the server would answer, before it is sent.
import { z } from "zod";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A person's or a team's name. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const TEAM_DESCRIPTION_MAX = 2000;

/** Length limits the server applies to what users name through better-auth (users, teams). */
export const AUTH_FIELD_MAX = { name: NAME_MAX, slug: NAME_MAX, email: EMAIL_MAX, description: TEAM_DESCRIPTION_MAX, image: 2048 };

export const TEAM_NAME_REQUIRED = "Team name is required";
export const invitableRoles = ["admin", "member", "guest"] as const;
export type InvitableRole = (typeof invitableRoles)[number];

const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(EMAIL_MAX, `Use an address of at most ${EMAIL_MAX} characters`)
  .pipe(z.email("Enter a valid email address, such as you@example.com"));

const personName = z.string().trim().min(1, "Name is required").max(NAME_MAX, `Use at most ${NAME_MAX} characters`);

const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters`);

export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required"),
});
export type SignIn = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({ name: personName, email, password: newPassword });
export type SignUp = z.infer<typeof signUpSchema>;

export const profileSchema = z.object({ name: personName });

export const changeEmailSchema = z.object({ newEmail: email });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password"),
    newPassword,
    confirmPassword: z.string().min(1, "Type the new password again"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "New passwords do not match", path: ["confirmPassword"] });

export const teamSchema = z.object({
  name: z.string().trim().min(1, TEAM_NAME_REQUIRED).max(NAME_MAX, `Use at most ${NAME_MAX} characters`),
  description: z.string().trim().max(TEAM_DESCRIPTION_MAX, `Use at most ${TEAM_DESCRIPTION_MAX} characters`),
});
export type TeamFields = z.infer<typeof teamSchema>;

export const invitationSchema = z.object({ email, role: z.enum(invitableRoles) });
export type InvitationFields = z.infer<typeof invitationSchema>;

/**
 * What our sign-up answer adds to better-auth's ({token: null, user}). The same for every
 * address, whether or not it already has an account (no account enumeration): it comes from
 * the server's settings only. next: "sign-in" (the page signs in with the same e-mail and
 * password) or "confirm-email" (REQUIRE_EMAIL_VERIFICATION: the link comes first).
 * mailDelivered: mail really goes out (SMTP), rather than into the server's outbox folder.
 */
export const signUpAnswerSchema = z.object({ next: z.enum(["sign-in", "confirm-email"]), mailDelivered: z.boolean() });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

// ── Accounts (issue 29): forgot password, two-factor sign-in, single sign-on, deleting an account ──

/** Forgot password: the address to send the reset link to. */
export const forgotPasswordSchema = z.object({ email });

/** The reset page, opened from the mailed link. */
export const resetPasswordSchema = z
  .object({ newPassword, confirmPassword: z.string().min(1, "Type the new password again") })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

/** A code from the authenticator app (RFC 6238: 6 digits). Spaces are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")),
});

/** A recovery code (better-auth's: 10 letters and digits, shown as xxxxx-xxxxx). */
export const recoveryCodeSchema = z.object({
  code: z.string().trim().min(1, "Enter one of your recovery codes").max(64, "That is not a recovery code"),
});

/** Turning two-factor sign-in on or off asks for the password again. */
export const passwordConfirmSchema = z.object({ password: z.string().min(1, "Enter your password").max(PASSWORD_MAX) });

/**
 * GET /api/account/options (public): what the sign-in page and the forms may promise.
 * mailDelivered: mail really goes out (SMTP); otherwise it is written to the server's outbox
 * folder and nobody receives it. sso: the administrator's OpenID Connect provider, if any.
 */
export const accountOptionsSchema = z.object({
  mailDelivered: z.boolean(),
  /** How long a password reset link works (PASSWORD_RESET_EXPIRY_MINUTES). */
  passwordResetMinutes: z.number().int(),
  sso: z.object({ providerId: z.string(), name: z.string() }).nullable(),
});
export type AccountOptions = z.infer<typeof accountOptionsSchema>;

/** GET /api/account/mail (the server's owner only): where this server's mail goes. */
export const mailDestinationSchema = z.discriminatedUnion("delivery", [
  z.object({ delivery: z.literal("smtp"), host: z.string(), port: z.number().int(), from: z.string() }),
  z.object({ delivery: z.literal("outbox"), folder: z.string(), from: z.string() }),
]);
export type MailDestination = z.infer<typeof mailDestinationSchema>;

/** GET /api/account/deletion: what deleting the account would do, shown before confirming. */
export const accountDeletionPreviewSchema = z.object({
  meetings: z.number().int(),
  integrations: z.number().int(),
  /** Teams the user owns: handed to the next admin (else member), or deleted when nobody else could own them. */
  teams: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      outcome: z.enum(["handed-over", "deleted"]),
      newOwner: z.object({ name: z.string(), email: z.string() }).nullable(),
    }),
  ),
  /** false for an account that signs in only through single sign-on: it confirms with its e-mail address. */
  hasPassword: z.boolean(),
});
export type AccountDeletionPreview = z.infer<typeof accountDeletionPreviewSchema>;

/** POST /api/account/delete: the password (or, without one, the account's e-mail address). */
export const deleteAccountSchema = z
  .object({
    password: z.string().max(PASSWORD_MAX).optional(),
    email: z.string().max(EMAIL_MAX).optional(),
  })
  .refine((v) => (v.password ?? "") !== "" || (v.email ?? "") !== "", { message: "Enter your password to confirm", path: ["password"] });

/** POST /api/account/delete. */
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
export type DeleteAccount = z.input<typeof deleteAccountSchema>;

/** better-auth's two-factor plugin: POST /api/auth/two-factor/enable answers the key and recovery codes. */
export const twoFactorSetupSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
/** POST /api/auth/two-factor/generate-backup-codes. */
export const recoveryCodesSchema = z.object({ status: z.boolean(), backupCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
