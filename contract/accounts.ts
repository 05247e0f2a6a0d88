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
