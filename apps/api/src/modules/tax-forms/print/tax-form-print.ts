import fs from 'node:fs';
import type { Db } from '../../../db/client.ts';
import { findBranch } from '../../../db/repositories/branches.repository.ts';
import { getCompany } from '../../../db/repositories/companies.repository.ts';
import { countryNamesById } from '../../../db/repositories/countries.repository.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { FileStore } from '../../../lib/files/file-store.ts';
import { withStoredFiles } from '../../../lib/stored-files.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import type { WorkLimiter } from '../../../lib/work-limiter.ts';
import { formLanguageOf } from './pdf/form-text.ts';
import { renderTaxFormPdf } from './pdf/render-tax-form.ts';
import { signPrintLink } from './pdf/print-links.ts';
import {
  findPrintState,
  findTaxFormDetail,
  keepFormPdf,
  PdfAlreadyKept,
  recordPrint,
} from '../read/tax-form-detail.repository.ts';

export type PrintOptions = {
  db: Db;
  files: FileStore;
  /** Renders run at most as many at once as the machine has cores; the rest wait their turn. */
  renders: WorkLimiter;
  linkKey: Buffer;
  tenant: Tenant;
  userId: number;
  formId: number;
  /** The portal's public address (PUBLIC_URL): the form prints where the traveller follows it. */
  publicUrl?: string;
};

/**
 * Prints a form: its PDF is rendered once per version of the form and kept; every print after
 * that serves the stored bytes. Each print is counted and audited with the user: the first is the
 * original, every later one opens marked as a copy with its number. Answers the name of a link
 * under /uploads/electronic/ that works for an hour.
 */
export async function printTaxForm(options: PrintOptions): Promise<string> {
  const { db, tenant, formId } = options;
  const state = await findPrintState(db, tenant, formId);
  if (!state) throw new AppError('NOT_FOUND');
  const file =
    state.pdfFile && state.pdfVersion === state.version
      ? state.pdfFile
      : await renderAndKeep(options);
  const print = await recordPrint(
    db,
    { ...tenant, userId: options.userId },
    {
      formId,
      version: state.version,
    },
  );
  return signPrintLink(options.linkKey, { file, copy: print - 1 });
}

/** What rendering a form needs: a print's options without its user and link. */
export type RenderOptions = Omit<PrintOptions, 'userId' | 'linkKey'>;

/**
 * Renders the form's current version and stores it; answers the stored PDF's name. Not a print:
 * the e-mailed form renders through it too, and counts nothing.
 */
export async function renderAndKeep(options: RenderOptions): Promise<string> {
  const { db, files, tenant } = options;
  const detail = await findTaxFormDetail(db, tenant, options.formId);
  if (!detail) throw new AppError('NOT_FOUND');
  const company = await getCompany(db, tenant.companyId);
  const language = formLanguageOf(company.country);
  const [branch, localNames, englishNames] = await Promise.all([
    findBranch(db, tenant),
    countryNamesById(db, language),
    countryNamesById(db, 'en'),
  ]);
  const pdf = await options.renders.run(() =>
    renderTaxFormPdf(detail, {
      company,
      branchName: branch?.branchName ?? '',
      countryName: (id, name) =>
        id === null ? '' : ((name === 'en' ? englishNames : localNames).get(id) ?? ''),
      publicUrl: options.publicUrl,
    }),
  );
  const scratch = await files.scratch();
  try {
    const source = scratch.path('form.pdf');
    await fs.promises.writeFile(source, pdf);
    const file = {
      companyId: tenant.companyId,
      kind: 'pdf' as const,
      contentType: 'application/pdf',
      extension: 'pdf',
      temporary: false,
    };
    return await withStoredFiles(db, files, [{ file, source }], (tx, [stored]) =>
      keepFormPdf(tx, tenant, {
        formId: detail.form.id,
        version: detail.form.version,
        next: stored!,
      }),
    );
  } catch (error) {
    if (error instanceof PdfAlreadyKept) return error.file;
    throw error;
  } finally {
    await scratch.remove();
  }
}
