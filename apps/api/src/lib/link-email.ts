import type { Language } from '@taxfree/domain';
import type { Mail } from './mailer.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The link to set a password (a reset, or a new user's invitation): the reset screen, with the
 * e-mail's language, so that the page opens in the language the reader just read.
 */
export function setPasswordLink(publicUrl: string, token: string, language: Language): string {
  const query = new URLSearchParams({ token, lang: language });
  return `${publicUrl}/#/resetPassword?${query.toString()}`;
}

/** The texts of an e-mail carrying one link, already in the reader's language. */
export type LinkEmailLines = {
  subject: string;
  greeting: string;
  intro: string;
  /** What the link does: its text in the HTML, before it in the plain text. */
  action: string;
  /** The lines under the link: how long it lasts, what to do otherwise; none, as the case may be. */
  notes: string[];
  signature: string;
};

/**
 * An e-mail whose point is one link (a link to set a password, say), as plain text and as HTML,
 * every text escaped in the HTML.
 */
export function linkEmail(
  input: { language: Language; to: string; link: string },
  lines: LinkEmailLines,
): Mail {
  const notes = lines.notes.length > 0;
  const text = [
    lines.greeting,
    '',
    lines.intro,
    '',
    `${lines.action}: ${input.link}`,
    '',
    ...(notes ? [...lines.notes, ''] : []),
    lines.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(lines.greeting)}</p>
<p>${escapeHtml(lines.intro)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(lines.action)}</a></p>
${notes ? `<p>${lines.notes.map(escapeHtml).join('<br>')}</p>\n` : ''}<p>${escapeHtml(lines.signature)}</p>
</body></html>`;
  return { to: input.to, subject: lines.subject, text, html, link: input.link };
}
