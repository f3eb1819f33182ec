import { useDrawnInSlices } from '@/hooks/use-drawn-in-slices';
import { useLanguage } from '@/hooks/use-language';
import { useCurrency, useTfsSettings } from '@/lib/company-data';
import type { Session } from '@/lib/session';
import { useShop } from '@/lib/shop-data';
import { type Tenant, useCountries, useTaxFormDetail } from '../api/issue-form-api';

/**
 * What the issue form needs before it is drawn: the settings, the countries in the clerk's
 * language, the currency, the shop and, to update one, the form. `drawn` turns true once all have
 * come, the form then drawn in slices (useDrawnInSlices). It waits for the currency too, though
 * the form does without it: an answer arriving while the form is drawn in slices would have React
 * draw it all again in one piece.
 */
export function useIssueFormData(session: Session, tenant: Tenant, formId: number | null) {
  const [language] = useLanguage();
  const settings = useTfsSettings(session.companyId);
  const countries = useCountries(tenant, language);
  const currency = useCurrency(tenant);
  const detail = useTaxFormDetail(tenant, formId);
  const shop = useShop(tenant);
  const currencySettled = currency.status !== 'pending' || currency.fetchStatus === 'idle';
  const loaded = Boolean(
    settings.data &&
    countries.data &&
    shop.data &&
    currencySettled &&
    (formId === null || detail.data),
  );
  const drawn = useDrawnInSlices(loaded) && loaded;
  return { settings, countries, currency, detail, shop, drawn };
}
