import { type Language, writeMoment } from '@taxfree/domain';
import type { Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { translator } from '../../../lib/i18n.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { findLastFormChange } from '../read/tax-form-audit.repository.ts';

/**
 * The 409 of an update sent from a stale version: who changed the form after the clerk opened
 * it, and when, in the clerk's language and the shop's time zone, so the panel can say so.
 */
export async function changedFormError(
  tx: Tx,
  options: { tenant: Tenant; formId: number; language: Language; timeZone: string },
): Promise<AppError> {
  const { language } = options;
  const change = await findLastFormChange(tx, options.tenant, options.formId);
  // As the screens write moments: 01.12.2026 11:18.
  const time = change ? writeMoment(change.at, language, options.timeZone) : '';
  const name = change?.userName ?? translator(language)('changes.operator');
  return new AppError('FORM_CHANGED', { params: { name, time } });
}
