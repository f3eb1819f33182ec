import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { DashboardScreen } from './dashboard-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';
const ANSWERS: Record<string, unknown> = {
  [`${BRANCH}/taxforms/count`]: { today: 2, lastweek: 5, lastmonth: 9 },
  [`${BRANCH}/taxforms/worklist`]: {
    currency: 'EUR',
    to_refund: { count: 0, items: [] },
    export_closing: { count: 0, items: [] },
    expired_this_month: { count: 0, items: [] },
  },
  '/api/v2/companies/7/taxforms/byClerk': [],
};

/** The API's answers, the worklist's held back until `release()`. */
function serveWithWorklistHeld() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === `${BRANCH}/taxforms/worklist`) await held;
      const data = ANSWERS[pathname];
      return new Response(
        JSON.stringify(
          data === undefined
            ? { status: 'error', message: 'Not found' }
            : { status: 'success', message: 'OK', data },
        ),
        { status: data === undefined ? 404 : 200, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return { release };
}

describe('home', () => {
  it('draws its sections together once each has answered, none pushing another down', async () => {
    storeTestSession();
    const { release } = serveWithWorklistHeld();
    renderWithProviders(<DashboardScreen />);

    // The counts and the clerks have answered; the worklist has not: nothing drawn but the title.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getByRole('heading', { level: 1, name: 'Issued Forms' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Today' })).toBeNull();
    expect(screen.getByRole('status')).toBeTruthy();

    release();
    expect(await screen.findByRole('region', { name: 'Today' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Worklist' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Today at the counter' })).toBeTruthy();
  });
});
