import fs from 'node:fs';
import path from 'node:path';

const mailDir = path.resolve(import.meta.dirname, '../../.e2e-data/mail');

type CaughtMail = { to: string[]; subject: string; text: string; html: string };

/** The newest message to an address that the SMTP catcher received, waiting for it to arrive. */
export async function latestMailTo(
  address: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).sort().reverse() : [];
    for (const file of files) {
      const mail = JSON.parse(fs.readFileSync(path.join(mailDir, file), 'utf8')) as CaughtMail;
      if (mail.to.includes(address.toLowerCase()) && subject.test(mail.subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} matching ${subject}`);
}

/** The path and query of the first link in a message that leads to `pathname`. */
export function linkIn(mail: CaughtMail, pathname: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s/]+(${pathname}\\?token=[\\w-]+)`));
  if (!match?.[1]) throw new Error(`no ${pathname} link in: ${mail.text}`);
  return match[1];
}
