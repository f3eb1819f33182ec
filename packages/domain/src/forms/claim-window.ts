import { claimDue } from '../countries/country-rules.ts';
import { findCountryRules } from '../countries/country-table.ts';
import { awaitsStampedForm, type FormState } from './lifecycle.rules.ts';
import { dayIn } from './wire-fields.schema.ts';

/**
 * The last day the traveller may bring a form, stamped by customs, back to the shop of `country`:
 * counted from the day it was issued (in the shop's time zone) or from its day of sale, as the
 * country's window says; null where the country sets none, and once the shop no longer waits for
 * the form (received, paid, cancelled or expired). The form status panel, the public status page
 * and the worklist all read it here.
 */
export function formClaimDue(
  country: string,
  form: FormState & { issuedAt: Date | string; dateOfSales: string; timeZone: string },
): string | null {
  const rules = findCountryRules(country);
  if (rules === null || !awaitsStampedForm(form, dayIn(form.timeZone))) return null;
  const issuedAt = typeof form.issuedAt === 'string' ? new Date(form.issuedAt) : form.issuedAt;
  if (Number.isNaN(issuedAt.getTime())) return null;
  return claimDue(rules, {
    issuedOn: dayIn(form.timeZone, issuedAt),
    soldOn: form.dateOfSales,
  });
}
