import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@taxfree/domain';
import { formMailMessage, statusLink } from './tax-form-mail-message.ts';
import type { FormMailContent } from './tax-form-mails.repository.ts';

function content(country = 'HR', currency = 'EUR'): FormMailContent {
  return {
    form: {
      id: 7,
      branchId: 1,
      barcode: '000010000000082',
      verificationCode: 'K7Q2MX',
      travelerName: 'Anna',
      travelerSurname: 'Müller',
      customerRefund: '1234.50',
      exportDeadline: '2027-02-28',
      cancelled: false,
      shop: 'Boutique <Mode> & Co',
      currency,
      country,
      timeZone: 'Europe/Zagreb',
    },
    step: {
      exportDate: '2026-12-03',
      refundDate: '2026-12-10',
      paidAmount: '1200.00',
      createdAt: new Date('2026-12-10T09:00:00Z'),
    },
  };
}

const message = (kind: 'issued' | 'validated' | 'refunded', language: string, form = content()) =>
  formMailMessage({
    kind,
    language,
    to: 'anna@mail.example',
    content: form,
    publicUrl: 'https://portal.example',
  });

/** Intl puts no-break spaces around currencies and in numbers. */
const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('the traveller’s e-mails', () => {
  it.each(LANGUAGES)(
    'are written whole in %s, with the form, its code and its link',
    (language) => {
      for (const kind of ['issued', 'validated', 'refunded'] as const) {
        const mail = message(kind, language);
        expect(mail.to).toBe('anna@mail.example');
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).not.toMatch(/travellerMail\.|\{\{/);
          expect(part).toContain('000010000000082');
        }
        expect(mail.text).toContain(
          `https://portal.example/#/status?barcode=000010000000082&code=K7Q2MX&lang=${language}`,
        );
        expect(mail.text).toContain('K7Q2MX');
        expect(mail.html).toContain(`<html lang="${language}">`);
      }
    },
  );

  it('names the refund, the deadline and the amount paid as the language writes them', () => {
    expect(spaced(message('issued', 'de').text)).toContain('beträgt 1.234,50 EUR');
    expect(message('issued', 'de').text).toContain('spätestens am 28. Februar 2027,');
    expect(spaced(message('issued', 'en').text)).toContain('1,234.50 EUR');
    expect(message('issued', 'hr').text).toContain('najkasnije do 28. veljače 2027.,');
    expect(message('validated', 'hr').text).toContain('s datumom izvoza 3. prosinca 2026.\n');
    expect(spaced(message('refunded', 'fr').text)).toContain(
      'Le remboursement de 1 200,00 EUR de votre bordereau',
    );
    expect(message('refunded', 'fr').text).toContain('a été versé le 10 décembre 2026.');
    // Serbian, Bosnian and Slovenian write dates in figures: their months change with the sentence.
    expect(message('issued', 'sr').text).toContain('najkasnije do 28. 2. 2027.,');
    expect(message('refunded', 'sr').text).toContain('isplaćen je 10. 12. 2026.\n');
  });

  it('tells a traveller of a shop that refunds itself that the shop pays', () => {
    const serbian = message('validated', 'sr', content('RS', 'RSD'));
    expect(spaced(serbian.text)).toContain(
      'Povraćaj od 1.234,50 RSD isplatiće Vam prodavnica Boutique <Mode> & Co čim primi overeni obrazac.',
    );
    expect(spaced(message('validated', 'en').text)).toContain(
      'Your refund of 1,234.50 EUR is on its way.',
    );
  });

  it('writes in English for a language the portal does not speak, and links the page in English', () => {
    const mail = message('issued', 'it');
    expect(mail.subject).toBe('Your tax-free form 000010000000082 from Boutique <Mode> & Co');
    expect(mail.text).toContain('&code=K7Q2MX&lang=en\n');
  });

  it('escapes the shop’s name in the HTML', () => {
    const { html } = message('issued', 'en');
    expect(html).toContain('Boutique &#60;Mode&#62; &#38; Co');
    expect(html).not.toContain('<Mode>');
  });

  it('links the status page with the form’s number and code, in the e-mail’s language', () => {
    expect(
      statusLink('http://localhost:8080', { barcode: '0001', code: 'AB12CD', language: 'hr' }),
    ).toBe('http://localhost:8080/#/status?barcode=0001&code=AB12CD&lang=hr');
    expect(
      statusLink('http://localhost:8080', { barcode: '0001', code: 'AB12CD', language: 'sl-si' }),
    ).toBe('http://localhost:8080/#/status?barcode=0001&code=AB12CD&lang=sl-si');
  });
});
