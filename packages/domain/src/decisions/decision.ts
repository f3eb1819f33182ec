import type { ErrorCode } from '../errors/error-codes.ts';
import type { PayloadIssue } from '../forms/tax-form-payload-shape.schema.ts';

/**
 * What an action's decision answers: what to write, or why nothing is written. A refusal carries
 * the answer's code, the fields at fault with their messages, and the figures its message names;
 * the server turns it into its error answer, the browser into the messages beside the fields.
 */
export type Refusal = {
  code: ErrorCode;
  issues?: readonly PayloadIssue[];
  params?: Record<string, string | number>;
};

export type Decision<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const allow = <T>(value: T): Decision<T> => ({ ok: true, value });

export const refuse = <T = never>(
  code: ErrorCode,
  details: Omit<Refusal, 'code'> = {},
): Decision<T> => ({ ok: false, refusal: { code, ...details } });
