import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { ERROR_CODES } from '../errors/error-codes.ts';

export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Every failure answers with this body (SPEC 7, ARCHITECTURE "Contract"): `code` is one of the
 * error table's, `message` its text in the request's language.
 */
export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  message: z.string(),
  code: z.enum(ERROR_CODES),
  errors: z.optional(z.array(fieldErrorSchema)),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export function successEnvelope<T extends $ZodType>(data: T) {
  return z.object({ status: z.literal('success'), message: z.string(), data });
}

export const messageEnvelopeSchema = z.object({
  status: z.literal('success'),
  message: z.string(),
});

export function listEnvelope<T extends $ZodType>(item: T) {
  return z.object({
    status: z.literal('success'),
    message: z.string(),
    data: z.array(item),
    metadata: z.object({ total: z.number().check(z.int()) }),
  });
}
