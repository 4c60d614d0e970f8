import { describe, expect, it } from 'vitest';
import { catalogueProblems } from '@bullpen/contract/i18n-check';
import { LANGUAGES } from '@bullpen/contract/languages';
import {
  parentConsentEmail,
  contestInvitationEmail,
  emailChangeEmail,
  emailChangeNotice,
  mailCatalogues,
  resetPasswordEmail,
  verificationEmail,
} from './templates.ts';

describe('the mail catalogues', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`${language} has every English key and the same placeholders`, () => {
      expect(catalogueProblems(mailCatalogues.en, mailCatalogues[language])).toEqual([]);
    });
  }
});

describe('the mail templates', () => {
  it('write English word for word as before the catalogues, user text escaped in HTML', () => {
    const mail = verificationEmail('en', 'Jo <b>', 'http://x.test/v?token=a&b=1');
    expect(mail.subject).toBe('Confirm your email address for Bullpen');
    expect(mail.text).toBe(
      'Hi Jo <b>,\n\nWelcome to Bullpen! Please confirm that this is your email address.\nThe link works once and expires in 48 hours.\n\nConfirm my email address: http://x.test/v?token=a&b=1\n\n— Bullpen',
    );
    expect(mail.html).toBe(
      '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">\n<p>Hi Jo &lt;b&gt;,</p>\n<p>Welcome to Bullpen! Please confirm that this is your email address.</p>\n<p>The link works once and expires in 48 hours.</p>\n<p><a href="http://x.test/v?token=a&amp;b=1">Confirm my email address</a></p>\n<p style="color:#555">If the button does not work, copy this address into your browser:<br>http://x.test/v?token=a&amp;b=1</p>\n<p>— Bullpen</p></body></html>',
    );
    const invitation = contestInvitationEmail(
      'en',
      'Ann "Lee"',
      'Spring <Cup>',
      'http://x.test/join?invitation=t',
    );
    expect(invitation.subject).toBe('You are invited to a stock-market contest on Bullpen');
    expect(invitation.text).toBe(
      'Hi,\n\nAnn "Lee" invited you to join the contest “Spring <Cup>”, a stock-market game on Bullpen played with virtual money.\nSign in (or create a free account), then open the link below: it lets you join once, and it works only for you, so do not forward it.\nIf you do not know this person, ignore this message.\n\nJoin the contest: http://x.test/join?invitation=t\n\n— Bullpen',
    );
    expect(invitation.html).toContain(
      '<p>Ann &quot;Lee&quot; invited you to join the contest “Spring &lt;Cup&gt;”',
    );
    expect(resetPasswordEmail('en', 'Jo', 'u').subject).toBe('Reset your Bullpen password');
    expect(emailChangeEmail('en', 'Jo', 'u').subject).toBe(
      'Confirm your new email address for Bullpen',
    );
    expect(emailChangeNotice('en', 'Jo', 'new@x.test', 'u').text).toBe(
      'Hi Jo,\n\nSomeone signed in to your Bullpen account asked to change its email address to new@x.test.\nIf it was you, there is nothing to do. If it was not you, open the link below within 7 days: it cancels the change, keeps this address, and logs out every session. Then choose a new password.\n\nThis was not me: cancel the change: u\n\n— Bullpen',
    );
  });

  it('write Spanish for a Spanish reader, with the same escaping and fixed subjects', () => {
    const mail = contestInvitationEmail(
      'es',
      '<Ann>',
      'Copa <b>',
      'http://x.test/join?invitation=t',
    );
    expect(mail.subject).toBe('Te invitaron a un concurso de bolsa en Bullpen');
    expect(mail.text).toContain('<Ann> te invitó a unirte al concurso “Copa <b>”');
    expect(mail.html).toContain('&lt;Ann&gt; te invitó a unirte al concurso “Copa &lt;b&gt;”');
    expect(mail.html).not.toContain('<Ann>');
    expect(mail.html).toContain('Si el botón no funciona, copia esta dirección en tu navegador:');
    expect(verificationEmail('es', 'Jo', 'u').text).toMatch(/^Hola, Jo:\n/);
  });

  it('ask a parent for consent: what is kept and not, their rights, a link to consent and one to refuse', () => {
    const urls = {
      grant: 'http://x.test/c?token=a&decision=grant',
      refuse: 'http://x.test/c?token=a&decision=refuse',
    };
    const mail = parentConsentEmail('en', 'Robin <i>', urls);
    expect(mail.subject).toBe('Your child asked to join Bullpen: your consent is needed');
    expect(mail.text).toContain('Robin <i> signed up for Bullpen');
    expect(mail.text).toContain('What Bullpen keeps:');
    expect(mail.text).toContain('What Bullpen does not do:');
    expect(mail.text).toContain('review what Bullpen keeps about your child');
    expect(mail.text).toContain(`I consent: open the account: ${urls.grant}`);
    expect(mail.text).toContain(`I do not consent: delete the account: ${urls.refuse}`);
    expect(mail.html).toContain('Robin &lt;i&gt; signed up');
    expect(mail.html).toContain(
      '<a href="http://x.test/c?token=a&amp;decision=refuse">I do not consent: delete the account</a>',
    );
    const spanish = parentConsentEmail('es', 'Robin', urls);
    expect(spanish.subject).toBe(
      'Tu hijo o hija pidió unirse a Bullpen: necesitamos tu consentimiento',
    );
    expect(spanish.text).toContain(`No doy mi consentimiento: borrar la cuenta: ${urls.refuse}`);
  });
});
