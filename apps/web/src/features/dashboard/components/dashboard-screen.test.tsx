import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { DashboardScreen } from './dashboard-screen';

const EMPTY_WORKLIST = {
  currency: 'EUR',
  to_refund: { count: 0, items: [] },
  export_closing: { count: 0, items: [] },
  expired_this_month: { count: 0, items: [] },
};

const CLERKS_TODAY = [
  { user_id: 4, name: 'Ana Kovač', branch_name: 'Riva Split', forms: 12 },
  { user_id: 3, name: 'Ivan Horvat', branch_name: 'Ilica Zagreb', forms: 0 },
];

/** The counts of every branch of the company, for a manager who asks. */
const COMPANY_COUNTS = { today: 5, lastweek: 21, lastmonth: 60 };

function answerCounts(counts: { today: number; lastweek: number; lastmonth: number }) {
  return mockFetchRoutes((url) => {
    if (url.pathname === '/api/v2/companies/7/taxforms/byClerk') {
      return { body: { status: 'success', message: 'OK', data: CLERKS_TODAY } };
    }
    if (url.pathname === '/api/v2/companies/7/retailers/9/taxforms/count') {
      return { body: { status: 'success', message: 'OK', data: counts } };
    }
    if (url.pathname === '/api/v2/companies/7/taxforms/count') {
      return { body: { status: 'success', message: 'OK', data: COMPANY_COUNTS } };
    }
    if (url.pathname === '/api/v2/companies/7/retailers/9/taxforms/worklist') {
      return { body: { status: 'success', message: 'OK', data: EMPTY_WORKLIST } };
    }
    return undefined;
  });
}

/** The number a sighted user sees (the running one, hidden from assistive technology). */
function shownNumber(counter: HTMLElement) {
  return counter.querySelector('[aria-hidden="true"]')?.textContent;
}

describe('DashboardScreen', () => {
  it("shows a manager today's forms per user of every branch, and a clerk nothing of it", async () => {
    storeTestSession();
    answerCounts({ today: 12, lastweek: 12, lastmonth: 12 });
    const { unmount } = renderWithProviders(<DashboardScreen />);
    const card = await screen.findByRole('table', { name: 'Today at the counter' });
    await waitFor(() => expect(within(card).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(card).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ana Kovač', 'Riva Split', '12']);
    expect(within(second!).getAllByRole('cell').at(-1)!.textContent).toBe('0');
    unmount();

    storeTestSession({ role: 'clerk' });
    const calls = answerCounts({ today: 1, lastweek: 1, lastmonth: 1 });
    renderWithProviders(<DashboardScreen />);
    await screen.findByRole('region', { name: 'Last month' });
    expect(screen.queryByRole('table', { name: 'Today at the counter' })).toBeNull();
    expect(calls.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('byClerk'),
    );
  });

  it('counts every branch for a manager who asks, and offers a clerk no such choice', async () => {
    storeTestSession();
    const calls = answerCounts({ today: 1, lastweek: 3, lastmonth: 15 });
    const { unmount } = renderWithProviders(<DashboardScreen />);
    const lastMonth = () => screen.findByRole('region', { name: 'Last month' });
    const scope = await screen.findByRole('radiogroup', { name: 'Whose forms to count' });
    expect(within(await lastMonth()).getByText('0.5 a day on average')).toBeTruthy();

    fireEvent.click(within(scope).getByRole('radio', { name: 'All branches' }));
    // The last month of every branch: 60 forms, 2 a day.
    expect(await within(await lastMonth()).findByText('2 a day on average')).toBeTruthy();
    const asked = calls.mock.calls.map(
      ([input]) => new URL(String(input), 'http://localhost').pathname,
    );
    expect(asked).toContain('/api/v2/companies/7/taxforms/count');
    // The worklist keeps its own choice.
    const worklistScope = screen.getByRole('radiogroup', { name: 'Whose forms' });
    expect(
      within(worklistScope).getByRole<HTMLInputElement>('radio', { name: 'This branch' }).checked,
    ).toBe(true);
    unmount();

    storeTestSession({ role: 'clerk' });
    const clerkCalls = answerCounts({ today: 1, lastweek: 3, lastmonth: 15 });
    renderWithProviders(<DashboardScreen />);
    await screen.findByRole('region', { name: 'Last month' });
    expect(screen.queryByRole('radiogroup', { name: 'Whose forms to count' })).toBeNull();
    expect(clerkCalls.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('/companies/7/taxforms/count'),
    );
  });

  it("counts each counter up, its bar showing its share of the last month's forms", async () => {
    storeTestSession();
    answerCounts({ today: 3, lastweek: 12, lastmonth: 25 });
    renderWithProviders(<DashboardScreen />);

    expect(screen.getByRole('heading', { level: 1, name: 'Issued Forms' })).toBeTruthy();
    const lastMonth = await screen.findByRole('region', { name: 'Last month' });
    const today = screen.getByRole('region', { name: 'Today' });
    const lastWeek = screen.getByRole('region', { name: 'Last week' });

    // 25 steps of 10 ms; a busy machine may take longer to render them.
    await waitFor(() => expect(shownNumber(lastMonth)).toBe('25'), { timeout: 5000 });
    expect(shownNumber(today)).toBe('3');
    expect(shownNumber(lastWeek)).toBe('12');

    const todayBar = within(today).getByRole('meter', {
      name: "Today: share of the last 30 days' forms",
    });
    expect(todayBar.getAttribute('aria-valuenow')).toBe('12');
    expect(todayBar.getAttribute('aria-valuetext')).toBe('12%');
    expect(within(today).getByText("12% of the last 30 days' forms")).toBeTruthy();
    const weekBar = within(lastWeek).getByRole('meter', {
      name: "Last week: share of the last 30 days' forms",
    });
    expect(weekBar.getAttribute('aria-valuenow')).toBe('48');
    expect(within(lastWeek).getByText("48% of the last 30 days' forms")).toBeTruthy();
    // The last month is the whole the others are part of: it says its average day instead.
    expect(within(lastMonth).queryByRole('meter')).toBeNull();
    expect(within(lastMonth).queryByRole('progressbar')).toBeNull();
    expect(within(lastMonth).getByText('0.8 a day on average')).toBeTruthy();
  });

  it('draws the bar as far as the running number has come', async () => {
    storeTestSession();
    answerCounts({ today: 100, lastweek: 100, lastmonth: 200 });
    renderWithProviders(<DashboardScreen />);

    const today = await screen.findByRole('region', { name: 'Today' });
    const width = () =>
      today
        .querySelector<HTMLElement>('[role="meter"] > *')
        ?.style.getPropertyValue('--progress-section-size');
    expect(width()).not.toBe('50%');
    await waitFor(() => expect(shownNumber(today)).toBe('100'), { timeout: 5000 });
    expect(width()).toBe('50%');
  });

  it('says so when no form was issued in the last month, with empty bars', async () => {
    storeTestSession();
    answerCounts({ today: 0, lastweek: 0, lastmonth: 0 });
    renderWithProviders(<DashboardScreen />);

    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getByRole('meter').getAttribute('aria-valuenow')).toBe('0');
    expect(within(today).getByText('No forms issued in the last 30 days')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Last month' })).getByText('0 a day on average'),
    ).toBeTruthy();
  });

  it('gives screen readers the final value from the start', async () => {
    storeTestSession();
    answerCounts({ today: 4, lastweek: 90, lastmonth: 180 });
    renderWithProviders(<DashboardScreen />);

    const lastMonth = await screen.findByRole('region', { name: 'Last month' });
    // While the visible number still runs, the final value is already there to be read.
    expect(Number(shownNumber(lastMonth))).toBeLessThan(180);
    expect(within(lastMonth).getByText('180').closest('[aria-hidden="true"]')).toBeNull();
  });

  it('shows the server message when the counts cannot be loaded', async () => {
    storeTestSession();
    mockFetchRoutes((url) =>
      url.pathname.endsWith('/taxforms/count')
        ? {
            status: 500,
            body: { status: 'error', message: 'Counts unavailable', code: 'INTERNAL' },
          }
        : {
            body: {
              status: 'success',
              message: 'OK',
              data: url.pathname.endsWith('/byClerk') ? [] : EMPTY_WORKLIST,
            },
          },
    );
    renderWithProviders(<DashboardScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Counts unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('leads to the reports and to the shop screens', async () => {
    storeTestSession();
    answerCounts({ today: 0, lastweek: 0, lastmonth: 0 });
    renderWithProviders(<DashboardScreen />);

    const reports = await screen.findByRole('region', { name: 'Reports' });
    const shop = screen.getByRole('region', { name: 'Your shop' });
    const href = (region: HTMLElement, name: RegExp) =>
      within(region).getByRole('link', { name }).getAttribute('href');
    expect(href(reports, /Form statistics/)).toBe('#/formStats');
    expect(href(reports, /Tax form breakdown/)).toBe('#/taxformBreakdown');
    expect(href(shop, /Shop information/)).toBe('#/shopUpdate');
    expect(href(shop, /Promotions/)).toBe('#/promoList');
    expect(href(shop, /Gallery/)).toBe('#/gallery');
  });
});
