import {
  amountToCents,
  dayIn,
  findCountryRules,
  formatMoney,
  isLanguage,
  LANGUAGE_LOCALES,
  type Language,
} from '@taxfree/domain';
import { translator } from '../../../lib/i18n.ts';
import type { Mail } from '../../../lib/mailer.ts';
import type { FormMailContent, FormMailKind } from './tax-form-mails.repository.ts';

/**
 * Languages whose month names change with the sentence ("do 28. februara"), where a written-out
 * month in the nominative reads wrong: their dates are written in figures, as is usual there.
 */
const NUMERIC_DATES: ReadonlySet<Language> = new Set(['sr', 'bs', 'sl-si']);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The traveller's page of the form: the public status page, with the form's number and code, and
 * the e-mail's language (`lang`), so that the page opens in the language the traveller just read.
 */
export function statusLink(
  publicUrl: string,
  form: { barcode: string; code: string; language: Language },
): string {
  const query = new URLSearchParams({
    barcode: form.barcode,
    code: form.code,
    lang: form.language,
  });
  return `${publicUrl}/#/status?${query.toString()}`;
}

/**
 * An amount with its currency code, as the printed form and the portal write it, and a calendar
 * day (yyyy-mm-dd, already the shop's day), as the language writes them: "1.234,50 EUR",
 * "12. prosinca 2026.".
 */
export function mailFormats(language: Language, currency: string) {
  const locale = LANGUAGE_LOCALES[language];
  const day = new Intl.DateTimeFormat(
    locale,
    NUMERIC_DATES.has(language)
      ? { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { dateStyle: 'long', timeZone: 'UTC' },
  );
  return {
    amount: (value: string | number) => formatMoney(amountToCents(value), language, currency),
    date: (value: string) => day.format(new Date(`${value}T12:00:00Z`)),
  };
}

type MessageInput = {
  kind: FormMailKind;
  language: string;
  to: string;
  content: FormMailContent;
  publicUrl: string;
};

/**
 * The e-mail a form sends its traveller, in the traveller's language (English for a language the
 * portal does not speak): what happened, what to do next, and the link to follow the form.
 */
export function formMailMessage(input: MessageInput): Mail {
  const language: Language = isLanguage(input.language) ? input.language : 'en';
  const t = translator(language);
  const { form, step } = input.content;
  const format = mailFormats(language, form.currency);
  const shop = form.shop;
  const barcode = form.barcode;
  const refund = format.amount(form.customerRefund);
  const link = statusLink(input.publicUrl, { barcode, code: form.verificationCode, language });
  // A shop that refunds the traveller itself (Serbia, Bosnia and Herzegovina) pays once it has
  // the stamped form back: the traveller should know who pays.
  const shopPays = Boolean(findCountryRules(form.country)?.payoutDeadline);

  let subject: string;
  let body: string[];
  switch (input.kind) {
    case 'issued':
    case 'resent':
      subject = t('travellerMail.issuedSubject', { barcode, shop });
      body = [
        t('travellerMail.issuedIntro', { barcode, shop, refund }),
        form.exportDeadline
          ? t('travellerMail.issuedExport', { deadline: format.date(form.exportDeadline) })
          : t('travellerMail.issuedExportAnyDay'),
      ];
      break;
    case 'validated':
      subject = t('travellerMail.validatedSubject', { barcode });
      body = [
        t('travellerMail.validatedIntro', {
          barcode,
          shop,
          date: format.date(step?.exportDate ?? dayIn(form.timeZone, step?.createdAt)),
        }),
        shopPays
          ? t('travellerMail.validatedShopPays', { shop, refund })
          : t('travellerMail.validatedOnItsWay', { refund }),
      ];
      break;
    case 'refunded':
      subject = t('travellerMail.refundedSubject', { barcode });
      body = [
        t('travellerMail.refundedIntro', {
          barcode,
          shop,
          amount: format.amount(step?.paidAmount ?? form.customerRefund),
          date: format.date(step?.refundDate ?? dayIn(form.timeZone, step?.createdAt)),
        }),
      ];
      break;
  }
  const greeting = t('travellerMail.greeting', {
    name: `${form.travelerName} ${form.travelerSurname}`.trim(),
  });
  const follow = {
    intro: t('travellerMail.followIntro'),
    action: t('travellerMail.followAction'),
    code: t('travellerMail.followCode', { barcode, code: form.verificationCode }),
  };
  // A date that ends in its own full stop ("24. studenoga 2026.") ends the sentence with it.
  body = body.map((line) => line.replace(/\.\.(?=\s|$)/g, '.'));
  const closing = [t('travellerMail.thanks'), shop];
  const text = [
    greeting,
    '',
    ...body.flatMap((line) => [line, '']),
    `${follow.intro} ${link}`,
    follow.code,
    '',
    ...closing,
  ].join('\n');
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${body.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${escapeHtml(follow.intro)} <a href="${escapeHtml(link)}">${escapeHtml(follow.action)}</a><br>${escapeHtml(follow.code)}</p>
<p>${closing.map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { to: input.to, subject, text, html, link };
}
