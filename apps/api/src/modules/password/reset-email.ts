import type { Language } from '@taxfree/domain';
import { translator } from '../../lib/i18n.ts';
import type { Mail } from '../../lib/mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function resetEmail(input: {
  language: Language;
  to: string;
  name: string;
  username: string;
  accountNo: string;
  link: string;
  minutes: number;
}): Mail {
  const t = translator(input.language);
  const lines = {
    greeting: t('email.resetGreeting', { name: input.name }),
    intro: t('email.resetIntro', { username: input.username, accountNo: input.accountNo }),
    action: t('email.resetAction'),
    expiry: t('email.resetExpiry', { minutes: input.minutes }),
    ignore: t('email.resetIgnore'),
    signature: t('email.signature'),
  };
  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    `${lines.action}: ${input.link}`,
    '',
    lines.expiry,
    lines.ignore,
    '',
    lines.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.intro)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(lines.action)}</a></p>
<p>${escapeHtml(lines.expiry)}<br>${escapeHtml(lines.ignore)}</p>
<p>${escapeHtml(lines.signature)}</p>
</body></html>`;
  return { to: input.to, subject: t('email.resetSubject'), text, html, link: input.link };
}
