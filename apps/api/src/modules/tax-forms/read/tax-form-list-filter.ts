import { and, between, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from 'drizzle-orm';
import { FORM_STAGES, filterDays, type FormListFilter } from '@taxfree/domain';
import { taxForms } from '../../../db/schema/index.ts';

const [ISSUED, VALIDATED, RECEIVED, REFUNDED] = FORM_STAGES;

/**
 * The list's stage filter in SQL, as of the shop's `today`: the same rules as the domain's
 * `matchesFilter` (the tests hold the two together). Undefined: every form.
 */
export function formFilterCondition(
  filter: FormListFilter | undefined,
  today: string,
): SQL | undefined {
  if (filter === undefined) return undefined;
  const days = filterDays(today);
  const live = eq(taxForms.cancelled, false);
  const onlyIssued = and(live, eq(taxForms.status, ISSUED));
  const expired = and(
    onlyIssued,
    isNotNull(taxForms.exportDeadline),
    lt(taxForms.exportDeadline, days.today),
  );
  switch (filter) {
    case 'issued':
      return and(
        onlyIssued,
        or(isNull(taxForms.exportDeadline), gte(taxForms.exportDeadline, days.today)),
      );
    case 'validated':
      return and(live, eq(taxForms.status, VALIDATED));
    case 'received':
      return and(live, eq(taxForms.status, RECEIVED));
    case 'refunded':
      return and(live, eq(taxForms.status, REFUNDED));
    case 'cancelled':
      return eq(taxForms.cancelled, true);
    case 'expired':
      return expired;
    case 'to_refund':
      return and(live, inArray(taxForms.status, [VALIDATED, RECEIVED]));
    case 'export_closing':
      return and(onlyIssued, between(taxForms.exportDeadline, days.today, days.closingUntil));
    case 'expired_this_month':
      return and(expired, gte(taxForms.exportDeadline, days.monthStart));
  }
}
