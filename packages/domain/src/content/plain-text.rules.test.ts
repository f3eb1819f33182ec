// eslint-disable-next-line no-restricted-imports -- the checks must fit schemas of both kinds
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { isMultiLineText, isOneLineText } from './plain-text.ts';
import { multiLineText, oneLineText } from './plain-text.rules.ts';
import { checkText, LOGIN_RULES } from '../auth/login-rules.ts';
import { loginRequestSchema } from '../auth/auth.schema.ts';
import { requiredText, wireText } from '../forms/wire-fields.schema.ts';
import {
  cancelPayloadSchema,
  taxFormFieldsPayloadSchema,
} from '../forms/tax-form-payload.schema.ts';
import { validatedStepSchema } from '../forms/stage-step.schema.ts';
import { galleryInputSchema } from '../gallery/gallery.schema.ts';
import { profileInputSchema } from '../profile/profile.schema.ts';
import { promotionInputSchema } from '../promotions/promotion.schema.ts';
import { legalNameSchema } from '../shop/legal-identity.rules.ts';
import { shopInputSchema } from '../shop/shop.schema.ts';

const BROKEN_NAMES = [
  'Horvat\r\n=7+7',
  'Ana\nMarija',
  'Ana\rMarija',
  'Ana\tMarija',
  'Ana\u0000Marija',
  'Ana\u001b[31mMarija',
  'Ana\u007fMarija',
  'Ana\u0085Marija',
  'Ana\u2028Marija',
  'Ana\u000bMarija',
];

const GOOD_NAMES = [
  'Đurđica Šimić-Žužić',
  'Čedomir Ćosić',
  "O'Brien",
  'Anne-Marie de la Tour',
  'Zoë  Ødegård',
  'José María',
  '李伟',
  'Ivo;=2*3;',
];

/** The messages a schema gives for a value, or [] when it passes. */
const messagesOf = (schema: z.core.$ZodType, value: unknown) =>
  z.safeParse(schema, value).error?.issues.map((issue) => issue.message) ?? [];

describe('a one-line text', () => {
  it('refuses line breaks, tabs, NUL, escapes and the other control characters', () => {
    for (const name of BROKEN_NAMES)
      expect({ name, ok: isOneLineText(name) }).toEqual({ name, ok: false });
  });

  it('accepts names with č ć ž š đ, apostrophes, hyphens and spaces', () => {
    for (const name of GOOD_NAMES)
      expect({ name, ok: isOneLineText(name) }).toEqual({ name, ok: true });
  });

  it('is a check for zod schemas, with its message, and lets an empty field through', () => {
    const name = z.string().nullish().check(oneLineText);
    expect(messagesOf(name, 'Ana\r\nMarija')).toEqual(['textNotOneLine']);
    expect(messagesOf(name, 'Ana Marija')).toEqual([]);
    expect(messagesOf(name, null)).toEqual([]);
  });
});

describe('a text of several lines', () => {
  it('keeps its line breaks and tabs', () => {
    const description = 'Wool coat, navy\r\nSilk scarf\n\tgift-wrapped';
    expect(isMultiLineText(description)).toBe(true);
    expect(messagesOf(z.string().check(multiLineText), description)).toEqual([]);
  });

  it('refuses NUL and the other control characters', () => {
    for (const text of [
      'Coat\u0000',
      'Coat\u001b[2J',
      'Coat\u000bscarf',
      'Coat\u007f',
      'a\u0085b',
    ]) {
      expect({ text, ok: isMultiLineText(text) }).toEqual({ text, ok: false });
      expect(messagesOf(z.string().check(multiLineText), text)).toEqual(['textControlCharacters']);
    }
  });
});

describe('the fields that refuse them', () => {
  it('refuses them in every one-line text of the payloads, and only there', () => {
    expect(messagesOf(wireText(100), 'Ana\tMarija')).toEqual(['textNotOneLine']);
    expect(messagesOf(requiredText(100, 'nameRequired'), 'Ana\u0000')).toEqual(['textNotOneLine']);
    expect(messagesOf(wireText(100, 'several'), 'Coat\nScarf')).toEqual([]);
    expect(messagesOf(wireText(100, 'several'), 'Coat\u0000')).toEqual(['textControlCharacters']);
    // A line break the field's trimming takes off is no line break in the field.
    expect(wireText(100).parse('  Ana Marija\r\n')).toBe('Ana Marija');
  });

  it('refuses a traveller whose surname breaks the line, keeping the purchase details on several', () => {
    const fields = taxFormFieldsPayloadSchema.safeParse({
      traveler_name: 'Ana',
      traveler_surname: 'Horvat\r\n=7+7',
      traveler_mobile: '+385 91 234 5678',
      passport: 'E1234\u001b5678',
      issued_govt: 42,
      traveler_address: 'Ilica 12',
      method_of_refund: 'option5',
      items: 'Wool coat\r\nSilk scarf',
    });
    expect(fields.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['traveler_surname'], message: 'textNotOneLine' },
      { path: ['passport'], message: 'textNotOneLine' },
    ]);
    expect(
      messagesOf(cancelPayloadSchema, { cancel_reason: 'Other', cancel_comments: 'a\nb' }),
    ).toEqual([]);
  });

  it('refuses them in the profile, the shop, promotions, the gallery, customs and the login', () => {
    const profile = { name: 'Ana\nKovač', email: 'ana@shop.example', mobile: '+385912345678' };
    expect(messagesOf(profileInputSchema, profile)).toEqual(['textNotOneLine']);
    expect(messagesOf(shopInputSchema, { branch_name: 'Shop\u0000' })).toEqual(['textNotOneLine']);
    expect(
      messagesOf(shopInputSchema, { branch_name: 'Shop', website: 'https://shop\t.example' }),
    ).toEqual(['textNotOneLine']);
    expect(
      messagesOf(shopInputSchema, { branch_name: 'Shop', description: 'Open\nDaily' }),
    ).toEqual([]);
    expect(messagesOf(legalNameSchema, 'Jadran\nModa d.o.o.')).toEqual([]);
    expect(messagesOf(legalNameSchema, 'Jadran\u001bModa d.o.o.')).toEqual(['textNotOneLine']);

    const promotion = {
      title: 'Winter sale',
      description: 'Coats\r\nScarves',
      image: `${'a'.repeat(32)}.jpg`,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      notification_schedule_date: '2026-11-30',
    };
    expect(messagesOf(promotionInputSchema, promotion)).toEqual([]);
    expect(messagesOf(promotionInputSchema, { ...promotion, title: 'Winter\nsale' })).toEqual([
      'textNotOneLine',
    ]);
    const picture = { title: 'Window', description: 'Left\nRight', image: `${'b'.repeat(32)}.jpg` };
    expect(messagesOf(galleryInputSchema, picture)).toEqual([]);
    expect(messagesOf(galleryInputSchema, { ...picture, title: 'Win\rdow' })).toEqual([
      'textNotOneLine',
    ]);

    const stamp = {
      stage: 'FORM_VALIDATED',
      export_date: '2026-11-02',
      customs_office: 'Bregana\r\nX',
      customs_record_number: '123',
    };
    expect(messagesOf(validatedStepSchema, stamp)).toEqual(['textNotOneLine']);

    expect(checkText(LOGIN_RULES.username, 'demo\u0000')).toBe('textNotOneLine');
    expect(checkText(LOGIN_RULES.accountno, '100\n100')).toBe('textNotOneLine');
    expect(checkText(LOGIN_RULES.password, 'pass\tword')).toBeNull();
    const login = { accountno: '100100', username: 'de\tmo', password: 'demo1234' };
    expect(messagesOf(loginRequestSchema, login)).toEqual(['textNotOneLine']);
    expect(messagesOf(loginRequestSchema, { ...login, username: 'demo' })).toEqual([]);
  });
});
