import type { Mail } from '@mnemo/mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (body: string) =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:520px;margin:auto">${body}<p style="color:#6b7280;font-size:12px">Mnemo · You received this because someone used this address on Mnemo.</p></body></html>`;

/** Every mail has a plain-text and an HTML part; names are escaped in HTML. */
export const verificationMail = (to: string, firstName: string, code: string): Mail => ({
  to,
  subject: `Your Mnemo verification code: ${code}`,
  text: `Hi ${firstName},\n\nYour Mnemo verification code is ${code}\n\nIt is valid for 10 minutes. If you did not sign up, ignore this e-mail.\n`,
  html: layout(
    `<p>Hi ${escapeHtml(firstName)},</p><p>Your Mnemo verification code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${code}</p><p>It is valid for 10 minutes. If you did not sign up, ignore this e-mail.</p>`,
  ),
});

export const resetMail = (to: string, firstName: string, link: string): Mail => ({
  to,
  subject: 'Reset your Mnemo password',
  text: `Hi ${firstName},\n\nSomeone asked to reset the password of your Mnemo account. To choose a new one, open:\n\n${link}\n\nThe link is valid for one hour and works once. If it was not you, ignore this e-mail: your password stays as it is.\n`,
  html: layout(
    `<p>Hi ${escapeHtml(firstName)},</p><p>Someone asked to reset the password of your Mnemo account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link is valid for one hour and works once. If it was not you, ignore this e-mail.</p>`,
  ),
});

export const mobileLinkMail = (to: string, link: string): Mail => ({
  to,
  subject: 'Your link to Mnemo',
  text: `Here is your link to Mnemo. Open it on a computer for the best experience:\n\n${link}\n`,
  html: layout(`<p>Here is your link to Mnemo. Open it on a computer for the best experience:</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`),
});
