import type { TaxFormListItem } from '@taxfree/domain';
import { vi } from 'vitest';
import { useHashSearch } from '@/lib/hash-location';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TaxFormsScreen } from './tax-forms-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';
export const LIST_PATH = `${BRANCH}/taxforms`;

/** A listed form as the API answers it: issued, not cancelled, its export window open. */
export function makeForm(id: number, overrides: Partial<TaxFormListItem> = {}): TaxFormListItem {
  return {
    id,
    barcode: `1007${String(id).padStart(8, '0')}`,
    status: 'FORM_SUBMITTED',
    traveler_name: 'Ana',
    traveler_surname: `Horvat ${id}`,
    traveler_email: `ana${id}@mail.example`,
    issued_govt: 42,
    issued_govt_name: 'Bosnia and Herzegovina',
    date_of_sales: '2026-03-05',
    invoice_reference_number: `R-2026-${id}`,
    gross_amount: 1234.5,
    vat_amount: 246.9,
    net_amount: 987.6,
    refund_amount: 200,
    customer_refund: 200,
    cancelled: '0',
    ilr: 1,
    export_deadline: '2099-01-31',
    expired: false,
    ...overrides,
  };
}

type ListServer = {
  forms: TaxFormListItem[];
  /** The issuing country's name in each language, as the server names it for Accept-Language. */
  countryNames?: Record<string, string>;
};

/** Answers the list (filtered by `search`), the currency and the settings like the API. */
export function serveList({ forms, countryNames }: ListServer) {
  const ok = (data: unknown, total?: number) => ({
    status: 'success',
    message: 'OK',
    data,
    ...(total === undefined ? {} : { metadata: { total } }),
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const language = new Headers(init?.headers).get('Accept-Language') ?? 'en';
    let body: unknown = { status: 'error', message: 'Not found' };
    if (url.pathname === LIST_PATH) {
      const search = url.searchParams.get('search') ?? '';
      const found = forms
        .filter((form) => `${form.barcode} ${form.traveler_surname}`.includes(search))
        .map((form) => ({
          ...form,
          issued_govt_name: countryNames?.[language] ?? form.issued_govt_name,
        }));
      body = ok(found, found.length);
    } else if (url.pathname === `${LIST_PATH}/currency`) {
      body = ok({ currency: 'EUR' });
    } else if (url.pathname === '/api/v2/companies/7/settings/tfsSettingDetails') {
      body = ok({ general_setting: { multiple_invoice_required: 0 } });
    }
    const status = (body as { status: string }).status === 'error' ? 404 : 200;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The list calls made, with the language each asked in. */
export function listCalls(fetchMock: ReturnType<typeof serveList>) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      language: new Headers(init?.headers).get('Accept-Language'),
    }))
    .filter(({ url }) => url.pathname === LIST_PATH);
}

const LOCATION = 'location';

function Location() {
  const search = useHashSearch();
  return <output aria-label={LOCATION}>{search}</output>;
}

/** The list screen signed in, at `route`, with the URL's query shown in a `location` output. */
export function renderList(route = '/refundForms') {
  storeTestSession();
  return renderWithProviders(
    <>
      <TaxFormsScreen />
      <Location />
    </>,
    { route },
  );
}

export { mockPhoneWidth } from '@/test/media-query';
