import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  breakdownExportQuerySchema,
  dayIn,
  formExportQuerySchema,
  type ExportFormat,
  type FormExportQuery,
} from '@taxfree/domain';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { countryNamesById } from '../../../db/repositories/countries.repository.ts';
import { branchParams, companyParams } from '../../../lib/route-params.ts';
import { EXPORT_CONTENT_TYPES, writeTable, type TableExport } from '../../../lib/table-export.ts';
import {
  breakdownCells,
  breakdownColumns,
  formCells,
  formColumns,
} from './tax-form-export.columns.ts';
import { exportFormBatches } from './tax-form-export.repository.ts';
import type { FormScope } from '../../../lib/tenant.ts';
import { assertBreakdownPeriod, vatByRate } from '../reports/tax-form-reports.repository.ts';

/** Only CSV is compressed on the way: an XLSX file is a zip already. */
const COMPRESSIBLE = /^text\/csv/;

const produces = [EXPORT_CONTENT_TYPES.csv, EXPORT_CONTENT_TYPES.xlsx];

function attachment(reply: FastifyReply, format: ExportFormat, name: string) {
  return reply
    .type(EXPORT_CONTENT_TYPES[format])
    .header('Content-Disposition', `attachment; filename="${name}.${format}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');
}

/**
 * The accountant's files: the refund form list (under its search and stage filter) and the tax
 * form breakdown, as CSV or XLSX. The list is streamed: read in keyset batches and written as it
 * is read, so that a year of forms never sits in memory; at most a few exports run at once.
 */
export const taxFormExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const base = '/companies/:companyId/retailers/:branchId/taxforms';

  // A close lets the exports under way finish before the database closes under them, for a third
  // of its grace period at most; one still running then is cut, and its browser says so.
  app.addHook('onClose', async () => {
    const until = Date.now() + app.config.SHUTDOWN_GRACE_MS / 3;
    while (app.exports.running > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  const formsSummary =
    'as a CSV or XLSX file (streamed); the CSV is written as the Accept-Language writes it (English: `,` and decimal points; the other languages: `;` and decimal commas; days as the language writes them). 503 with Retry-After while too many exports run';

  app.get(
    `${base}/export`,
    {
      onRequest: [app.authenticate, app.allow('exports')],
      compress: { customTypes: COMPRESSIBLE },
      schema: {
        tags: ['taxforms'],
        summary: `Every form of the list under its search and stage filter, newest first, ${formsSummary}`,
        security: [{ bearer: [] }],
        params: branchParams,
        querystring: formExportQuerySchema,
        produces,
      },
    },
    async (request, reply) => exportForms(request, reply, request.session!),
  );

  app.get(
    '/companies/:companyId/taxforms/export',
    {
      onRequest: [app.authenticate, app.allow('allBranches'), app.allow('exports')],
      compress: { customTypes: COMPRESSIBLE },
      schema: {
        tags: ['taxforms'],
        summary: `Every form of every branch under the search and stage filter, newest first, with each form's branch in the last column, ${formsSummary} (managers)`,
        security: [{ bearer: [] }],
        params: companyParams,
        querystring: formExportQuerySchema,
        produces,
      },
    },
    async (request, reply) =>
      exportForms(request, reply, { companyId: request.session!.companyId }),
  );

  app.get(
    `${base}/breakdown/export`,
    {
      onRequest: [app.authenticate, app.allow('exports')],
      compress: { customTypes: COMPRESSIBLE },
      schema: {
        tags: ['taxforms'],
        summary:
          'The tax form breakdown of a period (VAT by rate, then the totals) as a CSV (in the separator, decimal mark and days of the Accept-Language) or XLSX file',
        security: [{ bearer: [] }],
        params: branchParams,
        querystring: breakdownExportQuerySchema,
        produces,
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      assertBreakdownPeriod(from, to);
      const tenant = request.session!;
      const company = await getCompany(app.db, tenant.companyId);
      const breakdown = await vatByRate(app.db, tenant, from, to);
      // A few rows: written whole, then sent with its length (the browser shows a share).
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (chunk: Buffer) => chunks.push(chunk));
      await writeTable({
        format,
        language: request.language,
        columns: breakdownColumns(request.t),
        sheetName: request.t('export.breakdownSheet'),
        batches: oneBatch(
          breakdownCells(
            { from, to, currency: company.currency, ...breakdown },
            request.t('export.total'),
          ),
        ),
        out,
      });
      return attachment(reply, format, `tax-form-breakdown-${from}-${to}`).send(
        Buffer.concat(chunks),
      );
    },
  );

  /** Streams the forms of `scope` (a branch, or the whole company) under the request's filters. */
  async function exportForms(
    request: Pick<FastifyRequest, 'session' | 't' | 'language'> & { query: FormExportQuery },
    reply: FastifyReply,
    scope: FormScope,
  ) {
    const tenant = request.session!;
    const { format, search, stage } = request.query;
    const today = dayIn(tenant.timeZone);
    const company = await getCompany(app.db, tenant.companyId);
    const countryNames = await countryNamesById(app.db, request.language);
    const withBranch = scope.branchId === undefined;
    const context = { t: request.t, countryNames, today, currency: company.currency, withBranch };
    const rows = exportFormBatches(app.db, scope, {
      search,
      stage,
      today,
      timeZone: tenant.timeZone,
    });
    const out = new PassThrough();
    await startExport(reply, {
      format,
      language: request.language,
      columns: formColumns(request.t, { withBranch }),
      sheetName: request.t('export.formsSheet'),
      batches: mapBatches(rows, (row) => formCells(row, context)),
      out,
    });
    const name = withBranch ? `tax-forms-all-branches-${today}` : `tax-forms-${today}`;
    return attachment(reply, format, name).send(out);
  }

  /**
   * Starts writing the file once the export limiter gives it a turn; answers (throws) 503 with
   * Retry-After before any header is sent when it cannot have one. The writing goes on after
   * the handler returns, while the reply streams `out`; a failure half-way ends the download.
   */
  async function startExport(reply: FastifyReply, table: TableExport) {
    let begin!: () => void;
    const begun = new Promise<void>((resolve) => (begin = resolve));
    let started = false;
    const written = app.exports.run(async () => {
      started = true;
      begin();
      await writeTable(table);
    });
    // The reply listens to `out` once sent; until then a failure must not go unheard.
    table.out.on('error', () => {});
    written.catch((error: unknown) => {
      // Refused before it started: the handler answers the refusal, `out` was never sent.
      if (!started) return;
      if (!table.out.destroyed) {
        reply.log.error({ err: error }, 'an export failed half-way');
        table.out.destroy(error as Error);
      }
    });
    await Promise.race([begun, written]);
  }
};

async function* mapBatches<Row, Cells>(
  batches: AsyncIterable<Row[]>,
  map: (row: Row) => Cells,
): AsyncGenerator<Cells[]> {
  for await (const batch of batches) yield batch.map(map);
}

async function* oneBatch<Cells>(rows: Cells[]): AsyncGenerator<Cells[]> {
  yield rows;
}
