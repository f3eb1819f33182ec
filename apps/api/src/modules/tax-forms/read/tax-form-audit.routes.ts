import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formAuditEntrySchema, successEnvelope, type FormAuditEntry } from '@taxfree/domain';
import { AppError } from '../../../lib/app-error.ts';
import { formParams } from '../../../lib/route-params.ts';
import { listFormAudit, type FormAuditRow } from './tax-form-audit.repository.ts';

/**
 * The details the trail may show, by the names their writers use. Anything else (and anything
 * that is not a plain value) stays in the log: a card number or an IBAN never leaves it.
 */
const SHOWN_DETAILS = new Set([
  'barcode',
  'gross',
  'refund',
  'manualAmounts',
  'print',
  'version',
  'reason',
  'from',
  'to',
  'source',
  'export_date',
  'customs_office',
  'customs_record_number',
  'refund_date',
  'paid_amount',
  'paid_method',
  'kind',
  'status',
  'attempt',
  'attempts',
  'outcome',
  'recipient',
  'error',
  'last_error',
]);

/** A failure's text is kept short: it is a hint for the clerk, not a log. */
const MAX_TEXT = 200;

function shownDetails(details: unknown): FormAuditEntry['details'] {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return {};
  const shown: FormAuditEntry['details'] = {};
  for (const [key, value] of Object.entries(details)) {
    if (!SHOWN_DETAILS.has(key)) continue;
    if (typeof value === 'string') shown[key] = value.slice(0, MAX_TEXT);
    else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      shown[key] = value;
    }
  }
  return shown;
}

const toEntry = (row: FormAuditRow): FormAuditEntry => ({
  id: row.id,
  action: row.action,
  at: row.createdAt.toISOString(),
  user:
    row.userId === null || row.userName === null ? null : { id: row.userId, name: row.userName },
  details: shownDetails(row.details),
});

/** A form's audit trail, for the Form Status panel. */
export const taxFormAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/companies/:companyId/retailers/:branchId/taxforms/:formId/audit',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          'Who issued, edited, printed (original or copy), e-mailed, cancelled the form and moved it through each stage, and when; oldest first',
        security: [{ bearer: [] }],
        params: formParams,
        response: { 200: successEnvelope(z.array(formAuditEntrySchema)) },
      },
    },
    async (request) => {
      const rows = await listFormAudit(app.db, request.session!, request.params.formId);
      if (!rows) throw new AppError('NOT_FOUND');
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: rows.map(toEntry),
      };
    },
  );
};
