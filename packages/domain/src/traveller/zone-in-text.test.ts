import { describe, expect, it } from 'vitest';
import { findZoneInText } from './zone-in-text.ts';

// ICAO 9303's specimen passport (Part 4, Appendix A), with its check digits.
const LINE_1 = 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<';
const LINE_2 = 'L898902C36UTO7408122F1204159ZE184226B<<<<<10';
// ICAO 9303's specimen ID card (Part 5, TD1).
const CARD = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];

describe('a zone in text read off a picture', () => {
  it('is found among the other lines the picture held', () => {
    const text = `PASSPORT  PASSEPORT\nUtopia\nSurname / Nom\n${LINE_1}\n${LINE_2}\n`;
    expect(findZoneInText(text)).toBe(`${LINE_1}\n${LINE_2}`);
  });

  it('takes spaces inside a line and « for two fillers as the reader writes them', () => {
    const spaced = LINE_1.replace('<<<<<<<<<<<<<<<<<<<', ' «««««««« <<<');
    expect(findZoneInText(`${spaced}\n${LINE_2.slice(0, 20)} ${LINE_2.slice(20)}`)).toBe(
      `${LINE_1}\n${LINE_2}`,
    );
  });

  it("puts back the look-alikes a reader takes for one another, guided by the fields' types and check digits", () => {
    // As Tesseract read the specimen off a picture: UTO with a zero, and ZE… with a seven.
    const read = `${LINE_1}\n${LINE_2.replace('UTO', 'UT0').replace('ZE18', '7E18')}`;
    expect(findZoneInText(read)).toBe(`${LINE_1}\n${LINE_2}`);
    // A name's O read as 0 and a date's 0 read as O: each field's type says which it is.
    const names = `${LINE_1.replace('ERIKSSON', 'ERIKSS0N')}\n${LINE_2.replace('7408122', '74O8122')}`;
    expect(findZoneInText(names)).toBe(`${LINE_1}\n${LINE_2}`);
  });

  it('reads an ID card of three lines', () => {
    expect(findZoneInText(`ID CARD\n${CARD.join('\n')}`)).toBe(CARD.join('\n'));
  });

  it('hands on nothing when a misread character cannot be made to agree with its check digit', () => {
    expect(findZoneInText(`${LINE_1}\n${LINE_2.replace('L898902C3', 'L898902X3')}`)).toBeNull();
    expect(findZoneInText(`${LINE_1}\n${LINE_2.replace('7408122', '7408128')}`)).toBeNull();
  });

  it('hands on nothing when the zone is cut or absent', () => {
    expect(findZoneInText(LINE_1)).toBeNull();
    expect(findZoneInText(`${LINE_1}\n${LINE_2.slice(0, 40)}`)).toBeNull();
    expect(findZoneInText('')).toBeNull();
    expect(findZoneInText('The quick brown fox')).toBeNull();
  });
});
