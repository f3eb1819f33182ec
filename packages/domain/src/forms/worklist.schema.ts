import * as z from 'zod/mini';
import type { WORKLIST_FILTERS } from './tax-form.schema.ts';

/** How many entries each section of Home's worklist shows; its count links to the rest. */
export const WORKLIST_SIZE = 5;

/**
 * One form on Home's worklist. `days_left` counts the shop's calendar days from today to the day
 * the section is about: the payout's last day (to refund; null where the country sets none), the
 * export deadline (the other two; negative once it has passed).
 */
export const worklistItemSchema = z.object({
  id: z.number().check(z.int()),
  barcode: z.string(),
  traveler_name: z.string(),
  traveler_surname: z.string(),
  status: z.string(),
  export_deadline: z.nullable(z.string()),
  /** What the traveller is paid, in currency units (the worklist's `currency`). */
  customer_refund: z.number(),
  days_left: z.nullable(z.number().check(z.int())),
  /**
   * Until the shop has the stamped form back, the last day the traveller may bring it, where the
   * country sets a time (docs/decisions/031); null otherwise.
   */
  claim_due: z.nullable(z.string()),
  /** The form's branch: a worklist of every branch opens each form in its own. */
  retailer_branch_id: z.number().check(z.int()),
  branch_name: z.string(),
});
export type WorklistItem = z.infer<typeof worklistItemSchema>;

/** A to-refund entry also answers the payout's last day where the country sets one. */
export const worklistRefundItemSchema = z.extend(worklistItemSchema, {
  payout_due: z.nullable(z.string()),
});
export type WorklistRefundItem = z.infer<typeof worklistRefundItemSchema>;

const section = <Item extends z.ZodMiniType>(item: Item) =>
  z.object({
    /** Every form under the list's filter of the same name (`…/taxforms?stage=`). */
    count: z.number().check(z.int()),
    /** The first few of them, most urgent first. */
    items: z.array(item),
  });

/** Home's worklist: `GET …/taxforms/worklist`, a branch's or (`/companies/{id}/taxforms/worklist`) every branch's. */
export const worklistSchema = z.object({
  currency: z.string(),
  to_refund: section(worklistRefundItemSchema),
  export_closing: section(worklistItemSchema),
  expired_this_month: section(worklistItemSchema),
});
export type Worklist = z.infer<typeof worklistSchema>;

/** The worklist's sections, each named as the list's filter it opens. */
export type WorklistSection = (typeof WORKLIST_FILTERS)[number];
