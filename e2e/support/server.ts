/**
 * The server the end-to-end tests talk to: the real app on a fresh embedded database, with
 * its mail going over SMTP to a catcher on loopback that writes each message to a file the
 * tests read (so the sign-up and reset links travel exactly as they would to a person).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(import.meta.dirname, '../..');
export const e2eDataDir = path.join(root, process.env.E2E_DATA_DIR ?? '.e2e-data');
export const mailDir = path.join(e2eDataDir, 'mail');

fs.rmSync(e2eDataDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });

let sequence = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        sequence += 1;
        const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
        const record = { to, subject: mail.subject, text: mail.text, html: mail.html };
        fs.writeFileSync(
          path.join(mailDir, `${String(sequence).padStart(5, '0')}.json`),
          JSON.stringify(record),
        );
      })
      .then(() => callback(), callback);
  },
});
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3125);
await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

const port = process.env.E2E_PORT ?? '3100';
Object.assign(process.env, {
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: path.join(e2eDataDir, 'data'),
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  SEED_DEMO: 'true',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  AUTH_RATE_LIMIT_MAX: '300',
  // A cheap human check, so the real widget solves it in a moment (support.spec.ts).
  HUMAN_CHECK_COST: '20',
  HUMAN_CHECK_COUNTER_MAX: '300',
  SUPPORT_RATE_LIMIT_MAX: '100',
  MARKET_CALENDAR: process.env.E2E_MARKET_CALENDAR ?? 'always',
  ...(process.env.E2E_CLOCK_START ? { MARKET_CLOCK_START: process.env.E2E_CLOCK_START } : {}),
});
// The compiled server, as production runs it (`npm run build` makes it; test:e2e builds first).
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
