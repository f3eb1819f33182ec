import { addDays, dayIn } from '@taxfree/domain';
import { mockFetchRoutes } from '@/test/fetch';

/** The test shop's today (the session has no country: the portal's first market, Zagreb). */
export const TODAY = dayIn('Europe/Zagreb');
/** The form was issued three days ago; its goods may leave until a week from now. */
export const ISSUE_DAY = addDays(TODAY, -3);
export const DEADLINE = addDays(TODAY, 7);

const BRANCH = '/api/v2/companies/7/retailers/9/taxforms';
export const STAGES_PATH = `${BRANCH}/12/stages`;
export const MAIL_PATH = `${BRANCH}/12/mail`;

type Reply = { status?: number; body?: unknown };

/** Form 12 as the detail call answers it: issued, a cash refund of 25.00 to the traveller. */
export function formDetail(changes: Record<string, unknown> = {}) {
  return {
    id: 12,
    barcode: '100700000012',
    status: 'FORM_SUBMITTED',
    traveler_name: 'Ana',
    traveler_surname: 'Horvat',
    traveler_email: 'ana@example.com',
    date_of_sales: ISSUE_DAY,
    customer_refund: 25,
    cancelled: '0',
    ilr: 1,
    export_deadline: DEADLINE,
    expired: false,
    method_of_refund: 'option6',
    ...changes,
  };
}

/**
 * Answers form 12's detail, history and the branch's currency like the server, and a stage or
 * mail call with `post` (each answer in turn; the last one repeats).
 */
export function serveForm({
  detail = {},
  stages = [{ stage: 'FORM_SUBMITTED', created_at: `${ISSUE_DAY}T09:15:00+01:00` }],
  post = [],
  list = [],
}: {
  detail?: Record<string, unknown>;
  stages?: Record<string, unknown>[];
  post?: Reply[];
  list?: Record<string, unknown>[];
} = {}) {
  const form = formDetail(detail);
  let posted = 0;
  const ok = (data: unknown) => ({ body: { status: 'success', message: 'OK', data } });
  return mockFetchRoutes((url) => {
    switch (url.pathname) {
      case `${BRANCH}/12`:
        return ok({ taxforms: form, invoice: [], products: [] });
      case `${BRANCH}/stat/12`:
        return ok({ id: 12, barcode: form.barcode, status: form.status, cancelled: '0', stages });
      case `${BRANCH}/currency`:
        return ok({ currency: 'EUR' });
      case BRANCH:
        return {
          body: { status: 'success', message: 'OK', data: list, metadata: { total: list.length } },
        };
      case STAGES_PATH:
      case MAIL_PATH: {
        const reply = post[Math.min(posted, post.length - 1)] ?? {};
        posted += 1;
        return reply;
      }
      default:
        return undefined;
    }
  });
}

/** The bodies and headers of the calls made to `path`, in order. */
export function callsTo(fetchMock: ReturnType<typeof serveForm>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => ({
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
      headers: new Headers(init?.headers),
    }));
}
