// Notice mails (modules/mail-notices): recaps of processed meetings, due-tomorrow and overdue
// reminders, the Monday digest. Sent by queue.every (one job per period across processes);
// each mail is claimed under a unique key before it is sent, so none goes out twice.
import { z } from "zod";
import { MailNoticesService } from "../modules/mail-notices/mail-notices.service";
import { defineJob } from "./define-job";

/** How often the notices are looked for: a recap arrives within this long of the notes. */
export const MAIL_NOTICES_PERIOD_SECONDS = 300;

export const mailNoticesJob = defineJob({
  name: "mail-notices",
  pool: "io",
  priority: 3,
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 900,
  async handle(_payload, { ctx }) {
    const sent = await new MailNoticesService(ctx).run();
    if (sent) ctx.log(`mail notices: ${sent} sent`);
  },
});
