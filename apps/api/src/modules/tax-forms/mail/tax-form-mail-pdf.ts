import { AppError } from '../../../lib/app-error.ts';
import { findPrintedForm } from '../../../lib/stored-files.ts';
import { electronicCopyLabel, markCopy } from '../print/pdf/mark-copy.ts';
import { renderAndKeep, type RenderOptions } from '../print/tax-form-print.ts';
import { findPrintState } from '../read/tax-form-detail.repository.ts';

/**
 * The form's PDF for its e-mail: the current version as a print opens it (rendered and kept when
 * no print has kept it yet, so that the clerk's first print serves the same document), marked on
 * every page as an electronic copy. Nothing is counted: the clerk's first print stays the original.
 */
export async function emailedFormPdf(options: RenderOptions): Promise<Buffer> {
  const state = await findPrintState(options.db, options.tenant, options.formId);
  if (!state) throw new AppError('NOT_FOUND');
  const name =
    state.pdfFile && state.pdfVersion === state.version
      ? state.pdfFile
      : await renderAndKeep(options);
  const file = await findPrintedForm(options.db, name);
  const content = file ? await options.files.open(file) : null;
  if (!file || !content) throw new Error(`the stored PDF ${name} has no content`);
  const original = Buffer.concat((await content.toArray()) as Buffer[]);
  return options.renders.run(() => markCopy(original, electronicCopyLabel(file.country)));
}
