import * as z from 'zod/mini';
import { requiredText, wireText } from './wire-fields.schema.ts';

// Cancel (SPEC 5 "Cancel")

/** The cancel reasons, stored as these English texts (SPEC 5). */
export const CANCEL_REASONS = [
  'Gave up in a hurry',
  'Stays in EU longer than 3 months',
  'Wants another tax provider',
  'Other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The key of each reason's display text in the `common` catalogue. */
export const CANCEL_REASON_LABEL_KEYS = {
  'Gave up in a hurry': 'cancelReasons.gaveUpInAHurry',
  'Stays in EU longer than 3 months': 'cancelReasons.staysInEuLonger',
  'Wants another tax provider': 'cancelReasons.anotherTaxProvider',
  Other: 'cancelReasons.other',
} as const satisfies Record<CancelReason, `cancelReasons.${string}`>;

export const CANCEL_COMMENTS_MAX_LENGTH = 500;

export const cancelPayloadSchema = z.object({
  cancel_reason: z.pipe(
    requiredText(100, 'cancelReasonRequired').check(
      z.refine(
        (v: string) => v === '' || (CANCEL_REASONS as readonly string[]).includes(v),
        'cancelReasonRequired',
      ),
    ),
    z.transform((v: string) => v as CancelReason),
  ),
  cancel_comments: wireText(CANCEL_COMMENTS_MAX_LENGTH, 'several'),
});
export type CancelPayload = z.output<typeof cancelPayloadSchema>;
