import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { taxFormExportRoutes } from './export/tax-form-export.routes.ts';
import { taxFormMailRoutes } from './mail/tax-form-mail.routes.ts';
import { taxFormDocumentsRoutes } from './print/tax-form-documents.routes.ts';
import { taxFormAuditRoutes } from './read/tax-form-audit.routes.ts';
import { taxFormsRoutes } from './read/tax-forms.routes.ts';
import { scanReceiptRoutes } from './receipts/scan-receipt.routes.ts';
import { taxFormReportsRoutes } from './reports/tax-form-reports.routes.ts';
import { taxFormWorklistRoutes } from './reports/tax-form-worklist.routes.ts';
import { taxFormStagesRoutes } from './stages/tax-form-stages.routes.ts';
import { taxFormWriteRoutes } from './write/tax-form-write.routes.ts';

/*
 * The tax-forms module, one folder per capability: read/ (the list, the detail, the audit trail),
 * write/ (issue, update, cancel), stages/, print/ (with the PDF in print/pdf/), mail/, export/,
 * reports/ (with the home worklist), receipts/ (a receipt's QR code read) and public-status/.
 *
 * The app registers it in five places, because its plugins sit among others' there, and their order
 * is kept: the e-mail worker among the app's plugins (a close waits for its e-mails before
 * draining), the public status among the /api/v2 routes, the signed-in routes below under /api/v2,
 * the cancel under /go-service and the printed forms' links at the root.
 */
export { taxFormMailWorkerPlugin } from './mail/tax-form-mail-worker.ts';
export { publicStatusRoutes } from './public-status/public-status.routes.ts';
export { taxFormCancelRoutes } from './write/tax-form-cancel.routes.ts';
export { taxFormPrintedRoutes } from './print/tax-form-printed.routes.ts';
export { printLinkKey } from './print/pdf/print-links.ts';

/**
 * The signed-in routes of the module under /api/v2, each in its own context as before; the wrapper
 * adds none (fastify-plugin), so they sit in the prefix's scope as if registered one by one there.
 */
export const taxFormsApiRoutes = fp(async (api: FastifyInstance) => {
  await api.register(taxFormsRoutes);
  await api.register(taxFormDocumentsRoutes);
  await api.register(taxFormWriteRoutes);
  await api.register(taxFormStagesRoutes);
  await api.register(taxFormMailRoutes);
  await api.register(taxFormAuditRoutes);
  await api.register(taxFormWorklistRoutes);
  await api.register(taxFormReportsRoutes);
  await api.register(taxFormExportRoutes);
  await api.register(scanReceiptRoutes);
});
