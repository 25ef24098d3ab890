import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  /** Stable per e-mail row, so a retried job overwrites rather than duplicates an outbox file. */
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise `.eml` files in the outbox folder (decisions §9). */
export function createMailTransport(options: { smtpUrl: string | null; outbox: string }): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await smtp.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          messageId: `<ecup-email-${mail.id}@${new URL(`http://${mail.from.replace(/.*@|>.*/g, '')}`).hostname}>`,
        });
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await stream.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
      await mkdir(options.outbox, { recursive: true });
      const file = path.join(options.outbox, `email-${String(mail.id).padStart(6, '0')}.eml`);
      await writeFile(`${file}.partial`, info.message as Buffer);
      await rename(`${file}.partial`, file);
    },
    close: () => stream.close(),
  };
}
