import { isOneLineText, ONE_LINE_TEXT_MESSAGE } from '../content/plain-text.ts';

/**
 * The login form's rules as plain data, with no validation library: the login page checks them
 * with its form library alone, and `loginFormSchema` (auth.schema.ts) is built from the same
 * table, so browser and server refuse the same input with the same message keys (`validation`).
 */
export type TextRule = {
  /** Message key when the field is blank (spaces only count as blank unless `keepSpaces`). */
  required: string;
  maxLength: number;
  /** Message key when longer than maxLength. */
  tooLong: string;
  /** Passwords may start or end with spaces: they are not trimmed. */
  keepSpaces?: boolean;
  /** A name on one line: no line break, tab or other control character (ONE_LINE_TEXT_MESSAGE). */
  oneLine?: boolean;
};

export const LOGIN_RULES = {
  accountno: {
    required: 'accountNoRequired',
    maxLength: 32,
    tooLong: 'accountNoTooLong',
    oneLine: true,
  },
  username: {
    required: 'usernameRequired',
    maxLength: 64,
    tooLong: 'usernameTooLong',
    oneLine: true,
  },
  password: {
    required: 'passwordRequired',
    maxLength: 128,
    tooLong: 'passwordTooLong',
    keepSpaces: true,
  },
} as const satisfies Record<string, TextRule>;

/** The message key a value breaks, or null when it passes. */
export function checkText(rule: TextRule, value: string): string | null {
  const text = rule.keepSpaces ? value : value.trim();
  if (text.length === 0) return rule.required;
  if (text.length > rule.maxLength) return rule.tooLong;
  if (rule.oneLine && !isOneLineText(text)) return ONE_LINE_TEXT_MESSAGE;
  return null;
}
