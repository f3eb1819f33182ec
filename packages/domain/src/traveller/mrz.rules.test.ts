import { describe, expect, it } from 'vitest';
import { isPartialMrz, mrzLines } from './mrz-lines.ts';
import {
  icaoToIso3,
  isScannedDocumentExpired,
  mrzBirthDate,
  mrzExpiryDate,
  parseMrz,
  scanRefusalMessages,
} from './mrz.rules.ts';

/** ICAO 9303 part 4, the specimen passport of Utopia. */
const TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
/** ICAO 9303 part 5, the specimen identity card of Utopia. */
const TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];
const ANNA = {
  name: 'ANNA MARIA',
  surname: 'ERIKSSON',
  nationalityIso3: 'UTO',
  issuingIso3: 'UTO',
  dateOfBirth: '1974-08-12',
  documentExpiry: '2012-04-15',
};
const today = '2025-06-01';

/** Builds a valid TD3 zone for other countries and dates (check digits computed here). */
function checkDigit(text: string): string {
  const value = (c: string) =>
    c === '<' ? 0 : /\d/.test(c) ? Number(c) : c.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
  const weights = [7, 3, 1];
  return String([...text].reduce((sum, c, i) => sum + value(c) * (weights[i % 3] ?? 1), 0) % 10);
}
function td3(state: string, nationality: string, names: string, doc: string, birth: string) {
  const line1 = `P<${state}${names}`.padEnd(44, '<');
  const docField = doc.padEnd(9, '<');
  const expiry = '301231';
  const personal = '<'.repeat(14);
  const part1 = `${docField}${checkDigit(docField)}`;
  const part2 = `${birth}${checkDigit(birth)}`;
  const part3 = `${expiry}${checkDigit(expiry)}${personal}${checkDigit(personal)}`;
  const line2 = `${part1}${nationality}${part2}F${part3}`;
  return [line1, `${line2}${checkDigit(`${part1}${part2}${part3}`)}`];
}

describe('passport machine-readable zones', () => {
  it('reads the ICAO specimen passport (TD3) typed line by line', () => {
    expect(parseMrz(TD3.join('\n'), { today })).toEqual({
      ok: true,
      source: 'TD3',
      traveller: { ...ANNA, passport: 'L898902C3' },
    });
  });

  it('reads the ICAO specimen identity card (TD1)', () => {
    expect(parseMrz(TD1.join('\r\n'), { today })).toEqual({
      ok: true,
      source: 'TD1',
      traveller: { ...ANNA, passport: 'D23145890' },
    });
  });

  it('reads a zone pasted as one string, or typed with trailing spaces and Enter', () => {
    expect(parseMrz(TD3.join(''), { today })).toMatchObject({ ok: true, source: 'TD3' });
    expect(parseMrz(TD1.join(''), { today })).toMatchObject({ ok: true, source: 'TD1' });
    expect(parseMrz(`${TD3[0]}   \r\n${TD3[1]}  \r\n`, { today })).toMatchObject({ ok: true });
    expect(parseMrz(TD3.join('\n').toLowerCase(), { today })).toMatchObject({ ok: true });
  });

  it('names the check digit that does not match: the composite only when it fails alone', () => {
    const refusal = (line2: string, line1 = TD3[0]!) => parseMrz(`${line1}\n${line2}`, { today });
    const line2 = TD3[1]!;
    expect(refusal(line2.replace('L898902C36', 'L898902C37'))).toEqual({
      ok: false,
      reason: 'mrzCheckDigitInvalid',
      checks: ['documentNumber'],
    });
    expect(refusal(line2.replace('7408122', '7408132'))).toMatchObject({ checks: ['birthDate'] });
    expect(refusal(line2.replace('1204159', '1204169'))).toMatchObject({ checks: ['expiryDate'] });
    expect(refusal(line2.replace('B<<<<<10', 'B<<<<<20'))).toMatchObject({
      checks: ['personalNumber'],
    });
    expect(refusal(line2.replace('B<<<<<10', 'B<<<<<11'))).toMatchObject({
      checks: ['composite'],
    });
    expect(
      refusal(line2.replace('L898902C36', 'L898902C37').replace('7408122', '7408132')),
    ).toMatchObject({ checks: ['documentNumber', 'birthDate'] });
  });

  it("names a failed check digit of an identity card's zone (TD1)", () => {
    const wrongNumber = [TD1[0]!.replace('D231458907', 'D231458906'), TD1[1], TD1[2]];
    expect(parseMrz(wrongNumber.join('\n'), { today })).toMatchObject({
      checks: ['documentNumber'],
    });
    const wrongComposite = [TD1[0], `${TD1[1]!.slice(0, 29)}5`, TD1[2]];
    expect(parseMrz(wrongComposite.join('\n'), { today })).toMatchObject({
      checks: ['composite'],
    });
  });

  it('refuses what is not a zone', () => {
    for (const input of ['', 'hello', TD3[0]!, `${TD3[0]}\n${TD1[1]}`, TD3.join('').slice(1)]) {
      expect(parseMrz(input, { today })).toEqual({ ok: false, reason: 'mrzFormatInvalid' });
    }
  });

  it('maps the German D to DEU and keeps names as printed', () => {
    const zone = td3('D<<', 'D<<', 'MUELLER<<HANS<PETER', 'C01X00T47', '650101');
    expect(parseMrz(zone.join('\n'), { today })).toEqual({
      ok: true,
      source: 'TD3',
      traveller: {
        name: 'HANS PETER',
        surname: 'MUELLER',
        passport: 'C01X00T47',
        nationalityIso3: 'DEU',
        issuingIso3: 'DEU',
        dateOfBirth: '1965-01-01',
        documentExpiry: '2030-12-31',
      },
    });
  });

  it('reads a Croatian passport of a child born this century', () => {
    const zone = td3('HRV', 'HRV', 'HORVAT<<IVA', '123456789', '150304');
    expect(parseMrz(zone.join('\n'), { today })).toMatchObject({
      ok: true,
      traveller: { surname: 'HORVAT', name: 'IVA', dateOfBirth: '2015-03-04', issuingIso3: 'HRV' },
    });
  });
});

describe('what a refused scan says', () => {
  it('gives one message per failed check digit, else the reason', () => {
    expect(
      scanRefusalMessages({
        ok: false,
        reason: 'mrzCheckDigitInvalid',
        checks: ['documentNumber', 'expiryDate'],
      }),
    ).toEqual(['mrzCheckDigitDocumentNumber', 'mrzCheckDigitExpiryDate']);
    expect(
      scanRefusalMessages({ ok: false, reason: 'mrzCheckDigitInvalid', checks: ['composite'] }),
    ).toEqual(['mrzCheckDigitComposite']);
    expect(scanRefusalMessages({ ok: false, reason: 'mrzFormatInvalid' })).toEqual([
      'mrzFormatInvalid',
    ]);
  });

  it('finds a scanned document expired the day after its expiry date', () => {
    const scanned = parseMrz(TD3.join('\n'), { today });
    if (!scanned.ok) throw new Error('the specimen reads');
    expect(isScannedDocumentExpired(scanned.traveller, '2012-04-15')).toBe(false);
    expect(isScannedDocumentExpired(scanned.traveller, '2012-04-16')).toBe(true);
    expect(isScannedDocumentExpired({ ...scanned.traveller, documentExpiry: null }, today)).toBe(
      false,
    );
  });
});

describe('ICAO codes', () => {
  it('maps the codes that are not ISO 3166 alpha-3 where a country is meant', () => {
    expect(icaoToIso3('D<<')).toBe('DEU');
    expect(icaoToIso3('GBD')).toBe('GBR');
    expect(icaoToIso3('GBN')).toBe('GBR');
    expect(icaoToIso3('RKS')).toBe('XKK');
    expect(icaoToIso3('XKK')).toBe('XKK');
    expect(icaoToIso3('SRB')).toBe('SRB');
    for (const code of ['UNO', 'UNA', 'EUE', 'XXA', 'XXB', 'XXC', 'XXX', 'XOM', '<<<']) {
      expect(icaoToIso3(code)).toBeNull();
    }
  });
});

describe('dates of birth', () => {
  it('chooses the century that keeps the date out of the future', () => {
    expect(mrzBirthDate('740812', today)).toBe('1974-08-12');
    expect(mrzBirthDate('250601', today)).toBe('2025-06-01');
    expect(mrzBirthDate('250602', today)).toBe('1925-06-02');
    expect(mrzBirthDate('000229', today)).toBe('2000-02-29');
  });

  it('reads an expiry date in the century nearest today, so an expired document shows', () => {
    expect(mrzExpiryDate('301231', today)).toBe('2030-12-31');
    expect(mrzExpiryDate('200115', today)).toBe('2020-01-15');
    expect(mrzExpiryDate('991231', today)).toBe('1999-12-31');
    expect(mrzExpiryDate('3012<<', today)).toBeNull();
  });

  it('gives no date when day or month is unknown or impossible', () => {
    expect(mrzBirthDate('74<<<<', today)).toBeNull();
    expect(mrzBirthDate('740231', today)).toBeNull();
  });
});

describe('zones still being typed', () => {
  it('waits for the next line after the first lines of a zone', () => {
    expect(isPartialMrz(TD3[0]!)).toBe(true);
    expect(isPartialMrz(`${TD1[0]}\n`)).toBe(true);
    expect(isPartialMrz(`${TD1[0]}\n${TD1[1]}`)).toBe(true);
    expect(isPartialMrz(`${TD3[0]}  \r\n`)).toBe(true);
  });

  it('reads at once a whole zone, a zone run together, or what is no zone', () => {
    for (const input of [
      TD3.join('\n'),
      TD1.join('\n'),
      TD3.join(''),
      '',
      'hello',
      `${TD3[0]}\n${TD1[1]}`,
      TD3[0]!.slice(1),
    ]) {
      expect(isPartialMrz(input), input).toBe(false);
    }
  });
});

describe('zone lines', () => {
  it('splits a pasted zone by its length', () => {
    expect(mrzLines(TD3.join(''))).toEqual(TD3);
    expect(mrzLines(TD1.join(''))).toEqual(TD1);
    expect(mrzLines(TD1.join(' \n'))).toEqual(TD1);
  });
});
