import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../test/smtp.ts';
import { buildTestApp, linkToken, type TestApp } from '../test/app.ts';

/** A real SMTP server on loopback: the product's mail goes over the wire and is read back. */
let smtp: SmtpCapture;
let received: ParsedMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  received = smtp.received;
  t = await buildTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Bullpen <hello@bullpen.test>',
  });
});

afterAll(async () => {
  await t.close();
  await smtp?.close();
});

it('sends the sign-up verification mail over SMTP, and its link verifies the address', async () => {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    payload: {
      username: 'smtp.kid',
      email: 'smtp.kid@school.test',
      password: 'purple elephant hat',
      first_name: 'Jo',
      last_name: 'Park',
      date_of_birth: '2000-01-01',
    },
  });
  expect(signup.statusCode).toBe(201);
  const mail = received.find((message) => message.subject?.startsWith('Confirm your email'));
  expect(mail).toBeDefined();
  expect(mail!.from?.value[0]).toMatchObject({ name: 'Bullpen', address: 'hello@bullpen.test' });
  expect(mail!.to && 'text' in mail!.to ? mail!.to.text : '').toBe('smtp.kid@school.test');
  expect(mail!.html).toContain('href="http://bullpen.test/public/email-verification?token=');
  const token = linkToken(mail!.text ?? '', '/public/email-verification');
  const verify = await t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/',
    payload: { token },
  });
  expect(verify.statusCode).toBe(200);
});

it('sends the password reset mail over SMTP and marks it sent in the outbox', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-reset-password-email/',
    payload: { email: 'SMTP.KID@school.test' },
  });
  expect(response.statusCode).toBe(200);
  const mail = received.find((message) => message.subject === 'Reset your Bullpen password');
  expect(mail?.text).toContain('http://bullpen.test/public/reset-password?token=');
  const { mailOutbox } = await import('../db/schema/index.ts');
  const rows = await t.deps.db.select().from(mailOutbox);
  expect(rows.map((row) => row.status)).toEqual(['sent', 'sent']);
});

it('mails a user who chose Spanish in Spanish: the verification at sign-up, then a reset', async () => {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    payload: {
      username: 'smtp.nina',
      email: 'smtp.nina@school.test',
      password: 'purple elephant hat',
      first_name: 'Nina',
      last_name: 'Ruiz',
      date_of_birth: '2000-01-01',
      language: 'es',
    },
  });
  expect(signup.statusCode).toBe(201);
  expect(signup.json().user.language).toBe('es');
  const verification = received.find(
    (message) => message.subject === 'Confirma tu correo electrónico para Bullpen',
  );
  expect(verification?.text).toContain('Hola, Nina:');
  expect(verification?.text).toContain(
    'Confirmar mi correo electrónico: http://bullpen.test/public/email-verification?token=',
  );
  expect(verification?.html).toContain('Si el botón no funciona');

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/send-reset-password-email/',
    payload: { email: 'smtp.nina@school.test' },
  });
  expect(reset.statusCode).toBe(200);
  const resetMail = received.find(
    (message) => message.subject === 'Cambia tu contraseña de Bullpen',
  );
  expect(resetMail?.text).toContain(
    'Elegir una contraseña nueva: http://bullpen.test/public/reset-password?token=',
  );
});
