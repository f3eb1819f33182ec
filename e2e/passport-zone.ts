/** ICAO 9303 check digit: weights 7, 3, 1 over digits, letters A=10…Z=35 and < as 0. */
function checkDigit(text: string): string {
  const weights = [7, 3, 1];
  let sum = 0;
  for (const [i, char] of [...text].entries()) {
    const value = /\d/.test(char)
      ? Number(char)
      : char === '<'
        ? 0
        : char.charCodeAt(0) - 'A'.charCodeAt(0) + 10;
    sum += value * weights[i % 3]!;
  }
  return String(sum % 10);
}

const field = (text: string, length: number) => text.toUpperCase().padEnd(length, '<');

/**
 * The two lines of a passport's machine-readable zone (TD3), with every check digit right, as a
 * keyboard-wedge reader types them: dates as YYMMDD, countries as ISO 3166 alpha-3.
 */
export function passportZone(passport: {
  country: string;
  surname: string;
  given: string;
  number: string;
  birth: string;
  sex: 'M' | 'F';
  expiry: string;
}): [string, string] {
  const names = `${passport.surname}<<${passport.given.replace(/ /g, '<')}`;
  const first = field(`P<${passport.country}${names}`, 44);
  const number = field(passport.number, 9);
  const personal = field('', 14);
  const parts = [
    number + checkDigit(number),
    passport.country,
    passport.birth + checkDigit(passport.birth),
    passport.sex,
    passport.expiry + checkDigit(passport.expiry),
    personal + checkDigit(personal),
  ];
  const composite = parts[0]! + parts[2]! + parts[4]! + parts[5]!;
  return [first, parts.join('') + checkDigit(composite)];
}
