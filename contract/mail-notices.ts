// Notice mails a user opts into (issue 34, item 3): a recap after each processed meeting,
// reminders (the day before an item is due, and when it becomes overdue), a weekly digest.
import { z } from "zod";

/** An IANA time zone the runtime knows ("Europe/Berlin"). */
export const timeZoneSchema = z
  .string()
  .max(100)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, "Choose a time zone from the list");

export const mailPreferencesSchema = z.object({
  recap: z.boolean(),
  reminders: z.boolean(),
  digest: z.boolean(),
  timeZone: z.string(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

export const updateMailPreferencesSchema = z
  .object({ recap: z.boolean(), reminders: z.boolean(), digest: z.boolean(), timeZone: timeZoneSchema })
  .partial();

export const mailNoticeKindSchema = z.enum(["recap", "reminders", "digest", "all"]);

/** POST /api/mail/unsubscribe: the token and notice from a mail's link; no sign-in. */
export const unsubscribeSchema = z.object({ token: z.string().min(1).max(100), kind: mailNoticeKindSchema });
/** POST /api/mail/unsubscribe. */
export const unsubscribedSchema = z.object({ unsubscribed: z.literal(true) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
