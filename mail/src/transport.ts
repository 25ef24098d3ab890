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
  /** A notification e-mail's one-click unsubscribe link: `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  unsubscribeUrl?: string | null;
}

/** The headers of a mail's one-click unsubscribe link, when it has one. */
function unsubscribeHeaders(mail: OutgoingMail): Record<string, string> {
  if (!mail.unsubscribeUrl) return {};
  return { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise `.eml` files in the outbox folder (docs/decisions.md#content-and-uploads). */
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
          headers: unsubscribeHeaders(mail),
          messageId: `<ecup-email-${mail.id}@${new URL(`http://${mail.from.replace(/.*@|>.*/g, '')}`).hostname}>`,
        });
      },
      close: () => smtp.close(),
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      // nodemailer writes the headers (encoded words for a Swedish subject, Message-ID, Date); the body is ours.
      const info = await stream.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: '',
        headers: unsubscribeHeaders(mail),
      });
      await mkdir(options.outbox, { recursive: true });
      const file = path.join(options.outbox, `email-${String(mail.id).padStart(6, '0')}.eml`);
      await writeFile(`${file}.partial`, outboxMessage((info.message as Buffer).toString('utf8'), mail.text));
      await rename(`${file}.partial`, file);
    },
    close: () => stream.close(),
  };
}

/**
 * An outbox `.eml`: the headers nodemailer wrote for an empty body, then the text as it is (8bit UTF-8). Not
 * quoted-printable, which breaks long lines with `=` and writes `=` as `=3D`: the README promises that a link in
 * an outbox e-mail can be clicked in a text editor too.
 */
function outboxMessage(headers: string, text: string): string {
  const lines = headers
    .replace(/\r\n/g, '\n')
    .trimEnd()
    .split('\n')
    .filter((line) => !/^Content-(Type|Transfer-Encoding):/i.test(line));
  lines.push('Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit');
  return `${lines.join('\n')}\n\n${text.replace(/\r\n/g, '\n')}\n`;
}
