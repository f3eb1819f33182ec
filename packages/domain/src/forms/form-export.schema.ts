import * as z from 'zod/mini';
import { taxFormListQuerySchema, vatBreakdownQuerySchema } from './tax-form.schema.ts';

/** The accountant's export: a CSV file (UTF-8, comma-separated) or an Excel workbook. */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const format = z.enum(EXPORT_FORMATS);

/** The refund form list's export: every form under the list's search and stage filter. */
export const formExportQuerySchema = z.extend(
  z.pick(taxFormListQuerySchema, { search: true, stage: true }),
  { format },
);
export type FormExportQuery = z.infer<typeof formExportQuerySchema>;

/** The tax form breakdown's export: the breakdown call's period, as a file. */
export const breakdownExportQuerySchema = z.extend(vatBreakdownQuerySchema, { format });
export type BreakdownExportQuery = z.infer<typeof breakdownExportQuerySchema>;
