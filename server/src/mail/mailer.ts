// Sends mail over SMTP when configured; otherwise writes each mail as an .eml file to the
// local outbox (DATA_DIR/outbox) and logs the link, so a self-hoster without a mail server
// can still confirm accounts and accept invitations.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "../config/config";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The one link the mail is about; logged when there is no SMTP server. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export function createMailer(config: Pick<Config, "smtp" | "mailFrom" | "outboxDir">, log: (msg: string) => void): Mailer {
  if (config.smtp) {
    const s = config.smtp;
    const transport = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.secure,
      auth: s.user ? { user: s.user, pass: s.password ?? "" } : undefined,
    });
    return {
      async send(mail) {
        await transport.sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
      await fs.mkdir(config.outboxDir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = path.join(config.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log(`mail to ${mail.to} written to ${file}${mail.link ? ` — link: ${mail.link}` : ""}`);
    },
  };
}

/** Where mail goes, for the server's owner (Settings): the SMTP server, or the outbox folder. */
export function mailDestination(
  config: Pick<Config, "smtp" | "mailFrom" | "outboxDir">,
): { delivery: "smtp"; host: string; port: number; from: string } | { delivery: "outbox"; folder: string; from: string } {
  return config.smtp
    ? { delivery: "smtp", host: config.smtp.host, port: config.smtp.port, from: config.mailFrom }
    : { delivery: "outbox", folder: config.outboxDir, from: config.mailFrom };
}
