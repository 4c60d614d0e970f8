import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback for tests: the product's mail goes over the wire and each
 * message is parsed back into `received`. Give the app `SMTP_URL: capture.url`.
 */
export type SmtpCapture = {
  url: string;
  received: ParsedMail[];
  close: () => Promise<void>;
};

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
