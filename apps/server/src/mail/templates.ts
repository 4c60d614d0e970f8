/** The product's emails: short, plain and readable by a child or a parent. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
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

export function contestInvitationEmail(
  inviter: string,
  contestName: string,
  code: string,
  url: string,
) {
  return {
    subject: `${inviter} invited you to the contest "${contestName}" on Bullpen`,
    ...layout(
      'Hi,',
      [
        `${inviter} invited you to join "${contestName}", a stock-market game on Bullpen played with virtual money.`,
        `Sign in (or create a free account), then join with the code ${code} or the link below.`,
      ],
      { url, label: 'Join the contest' },
    ),
  };
}
