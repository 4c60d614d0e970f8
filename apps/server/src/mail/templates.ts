/**
 * The product's emails: short, plain and readable by a child or a parent. Subjects are fixed
 * text: what users typed (a contest's name, their own name) goes only in the body, escaped.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function layout(greeting: string, paragraphs: string[], link: { url: string; label: string }) {
  const text = [
    greeting,
    '',
    ...paragraphs,
    '',
    `${link.label}: ${link.url}`,
    '',
    '— Bullpen',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>
<p style="color:#555">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>
<p>— Bullpen</p></body></html>`;
  return { text, html };
}

export function verificationEmail(firstName: string, url: string) {
  return {
    subject: 'Confirm your email address for Bullpen',
    ...layout(
      `Hi ${firstName},`,
      [
        'Welcome to Bullpen! Please confirm that this is your email address.',
        'The link works once and expires in 48 hours.',
      ],
      { url, label: 'Confirm my email address' },
    ),
  };
}

export function resetPasswordEmail(firstName: string, url: string) {
  return {
    subject: 'Reset your Bullpen password',
    ...layout(
      `Hi ${firstName},`,
      [
        'Somebody asked to reset the password of your Bullpen account. If it was you, use the link below.',
        'The link works once and expires in 1 hour. If you did not ask, ignore this message: your password stays the same.',
      ],
      { url, label: 'Choose a new password' },
    ),
  };
}

export function contestInvitationEmail(inviter: string, contestName: string, url: string) {
  return {
    // Fixed text: an inviter must not be able to write the subject of mail to strangers.
    subject: 'You are invited to a stock-market contest on Bullpen',
    ...layout(
      'Hi,',
      [
        `${inviter} invited you to join the contest “${contestName}”, a stock-market game on Bullpen played with virtual money.`,
        'Sign in (or create a free account), then open the link below: it lets you join once, and it works only for you, so do not forward it.',
        'If you do not know this person, ignore this message.',
      ],
      { url, label: 'Join the contest' },
    ),
  };
}

export function emailChangeEmail(firstName: string, url: string) {
  return {
    subject: 'Confirm your new email address for Bullpen',
    ...layout(
      `Hi ${firstName},`,
      [
        'You asked to use this address for your Bullpen account. Open the link below to confirm it: your account keeps its old address until you do.',
        'The link works once and expires in 48 hours. If you did not ask, ignore this message.',
      ],
      { url, label: 'Confirm my new email address' },
    ),
  };
}

export function emailChangeNotice(firstName: string, newEmail: string, url: string) {
  return {
    subject: 'The email address of your Bullpen account is being changed',
    ...layout(
      `Hi ${firstName},`,
      [
        `Someone signed in to your Bullpen account asked to change its email address to ${newEmail}.`,
        'If it was you, there is nothing to do. If it was not you, open the link below within 7 days: it cancels the change, keeps this address, and logs out every session. Then choose a new password.',
      ],
      { url, label: 'This was not me: cancel the change' },
    ),
  };
}
