import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  readShopReceipt,
  receiptIdOf,
  scannedReceiptSchema,
  scanReceiptBodySchema,
  successEnvelope,
} from '@taxfree/domain';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import { branchParams } from '../../../lib/route-params.ts';
import { receiptHolder } from '../write/receipt-claims.repository.ts';

/**
 * A fiscal receipt's QR code read for the invoice (the browser reads it too as the clerk scans;
 * a till or an integration asks here). The reading is the domain's, offline; the shop's own VAT
 * number decides whether a code that names its seller is the shop's. The answer names the form of
 * the company that already holds the receipt, so the clerk knows before filling the rest.
 */
export const scanReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/companies/:companyId/retailers/:branchId/taxforms/scanReceipt',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['taxforms'],
        summary:
          "Reads a fiscal receipt's QR code (Serbia's and Republika Srpska's verification links, Croatia's links, Slovenia's 60 digits): the receipt's number or fiscal id, time and total. A copy, a pro forma, a training receipt, a refund, a damaged code or another seller's receipt answers 400 with the reason in `errors`. `held_by` names the company's form that already holds the receipt",
        security: [{ bearer: [] }],
        params: branchParams,
        body: scanReceiptBodySchema,
        response: { 200: successEnvelope(scannedReceiptSchema) },
      },
    },
    async (request) => {
      const company = await getCompany(app.db, request.session!.companyId);
      const scan = readShopReceipt(request.body.code, company.vatNumber);
      if (!scan.ok) {
        throw new AppError('VALIDATION_FAILED', {
          errors: [{ field: 'code', message: scan.refusal }],
        });
      }
      const { receipt } = scan;
      const receiptId = receiptIdOf(receipt);
      const heldBy = await receiptHolder(app.db, request.session!.companyId, receiptId);
      return {
        status: 'success' as const,
        message: request.t('success.ok'),
        data: {
          ...receipt,
          gross_amount: receipt.gross_amount === null ? null : Number(receipt.gross_amount),
          receipt_id: receiptId,
          held_by: heldBy,
        },
      };
    },
  );
};
