import * as z from 'zod/mini';
import { taxFormFieldsPayloadSchema } from './tax-form-fields.schema.ts';
import {
  invoicePayloadSchema,
  MAX_INVOICES,
  MAX_PRODUCT_ROWS,
  productRowPayloadSchema,
  rows,
} from './invoice-rows.schema.ts';

/**
 * The whole issue / update payload's shape, its three parts together (tax-form-payload.schema.ts),
 * and the issue a payload's rules report.
 */

/** Shapes and the always-required fields; no settings needed (e.g. a route's body schema). */
export const taxFormPayloadSchema = z.object({
  taxform: taxFormFieldsPayloadSchema,
  invoice: rows(invoicePayloadSchema, MAX_INVOICES),
  products: rows(productRowPayloadSchema, MAX_PRODUCT_ROWS),
});
export type TaxFormPayload = z.output<typeof taxFormPayloadSchema>;
export type TaxFormPayloadInput = z.input<typeof taxFormPayloadSchema>;

export type Path = (string | number)[];
/** A rule a payload breaks: where, the message's key, and the figures the message names. */
export type PayloadIssue = {
  path: Path;
  message: string;
  params?: Record<string, string | number>;
};
