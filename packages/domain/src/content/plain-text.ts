/**
 * Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. In a one-line
 * field (a name, a passport number, an address) each one breaks the line that shows it: the
 * header of an e-mail, a line of the printed form, a row of the CSV export.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const LINE_BREAKING = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** The same, less the tab and the line breaks (CR, LF) a text of several lines is made of. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** Messages (keys of the `validation` catalogue). */
export const ONE_LINE_TEXT_MESSAGE = 'textNotOneLine';
export const CONTROL_CHARACTERS_MESSAGE = 'textControlCharacters';

/** Whether a text fits on one line: no line break, tab or other control character. */
export const isOneLineText = (text: string): boolean => !LINE_BREAKING.test(text);

/** Whether a text of several lines holds nothing but its line breaks, tabs and printable text. */
export const isMultiLineText = (text: string): boolean => !UNPRINTABLE.test(text);
