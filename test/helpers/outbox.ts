import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './poll.ts';

/** Waits until an e-mail to `to` lands in the outbox folder and returns its decoded text. */
export async function waitForMail(outbox: string, to: string, timeoutMs = 15_000): Promise<string> {
  const raw = await waitFor(
    async () => {
      const files = await readdir(outbox).catch(() => [] as string[]);
      for (const file of files.filter((f) => f.endsWith('.eml')).sort()) {
        const raw = await readFile(path.join(outbox, file), 'utf8');
        if (raw.includes(`To: ${to}`)) return raw;
      }
      return undefined;
    },
    { what: `an e-mail to ${to}`, timeoutMs },
  );
  return decode(raw);
}

/** Undoes quoted-printable soft breaks and escapes so links can be read. */
function decode(raw: string): string {
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return raw;
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link in an e-mail that starts with `prefix`. */
export function linkIn(mail: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail}`);
  return match[0];
}
