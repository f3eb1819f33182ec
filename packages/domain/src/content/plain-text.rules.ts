// zod/mini: its checks fit the schemas of zod and of zod/mini alike (auth.schema.ts is zod/mini).
import * as z from 'zod/mini';
// The checks themselves live apart, free of zod: the login page uses them without a schema.
import {
  CONTROL_CHARACTERS_MESSAGE,
  isMultiLineText,
  isOneLineText,
  ONE_LINE_TEXT_MESSAGE,
} from './plain-text.ts';

type Text = string | null | undefined;

/**
 * The check of a one-line field, for `.check()`: it refuses line breaks, tabs and the other
 * control characters; an empty or missing text passes (whether it is required is another rule).
 */
export const oneLineText = z.refine<Text>(
  (value: Text) => value == null || isOneLineText(value),
  ONE_LINE_TEXT_MESSAGE,
);

/** The check of a text of several lines (a description, a comment): line breaks and tabs pass. */
export const multiLineText = z.refine<Text>(
  (value: Text) => value == null || isMultiLineText(value),
  CONTROL_CHARACTERS_MESSAGE,
);
