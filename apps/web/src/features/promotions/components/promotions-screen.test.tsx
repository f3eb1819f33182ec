import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Promotion } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { PromotionsScreen } from './promotions-screen';

const BRANCH = '/api/v2/companies/7/retailers/9';

function makePromotion(id: number, overrides: Partial<Promotion> = {}): Promotion {
  return {
    promotion_id: id,
    title: `Offer ${id}`,
    description: 'Twenty percent off every summer dress, linen shirt and straw hat.',
    image: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
    path: null,
    start_date: '2026-06-01',
    end_date: '2026-06-30',
    notification_schedule: '2026-05-30 14:30:05',
    notification_schedule_date: '2026-05-30',
    notification_schedule_time: '14:30:05',
    shopping_behavior: '',
    targeted_nationality: '',
    created_at: '2026-05-01T10:00:00Z',
    ...overrides,
  };
}

function serve(promotions: Promotion[]) {
  return mockFetchRoutes((url) => {
    if (url.pathname === `${BRANCH}/promotions`) {
      const page = Number(url.searchParams.get('page'));
      const perPage = Number(url.searchParams.get('perPage'));
      return {
        body: {
          status: 'success',
          message: 'OK',
          data: promotions.slice((page - 1) * perPage, page * perPage),
          metadata: { total: promotions.length },
        },
      };
    }
    if (url.pathname === '/api/v2/companies/7/promotions/categories') {
      return { body: { status: 'success', message: 'OK', data: [] } };
    }
    if (url.pathname === `${BRANCH}/taxforms/countries`) {
      return { body: { status: 'success', message: 'OK', data: [] } };
    }
    return undefined;
  });
}

describe('PromotionsScreen', () => {
  it('asks for eight promotions a page and shows them as cards', async () => {
    storeTestSession({ account_no: '100100' });
    const fetchMock = serve([makePromotion(1), makePromotion(2)]);
    renderWithProviders(<PromotionsScreen />, { route: '/promoList' });

    const list = await screen.findByRole('list', { name: 'Promotion list' });
    expect(screen.getByText('Displaying 2 of 2 results')).toBeTruthy();
    const card = within(list).getByRole('article', { name: 'Offer 1' });
    expect(within(card).getByText('01/06/2026 – 30/06/2026')).toBeTruthy();
    expect(
      within(card).getByText('Twenty percent off every summer dress, linen shirt…'),
    ).toBeTruthy();
    expect(card.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/100100/7/ushop/a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
    );
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('perPage')).toBe('8');
    expect(url.searchParams.get('page')).toBe('1');
  });

  it('says so when there are none', async () => {
    storeTestSession();
    serve([]);
    renderWithProviders(<PromotionsScreen />, { route: '/promoList' });
    expect(await screen.findByText('Promotions not found')).toBeTruthy();
  });

  it('refuses to save a new promotion without a picture and the required fields', async () => {
    storeTestSession();
    const fetchMock = serve([]);
    renderWithProviders(<PromotionsScreen />, { route: '/promoList?panel=new' });

    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    expect(await screen.findByText('This value is required.')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Notification date is required')).toBeTruthy();

    // Validated as the clerk types: the end may not come before the start.
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2026-06-10' } });
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-06-01' } });
    await waitFor(() =>
      expect(screen.getByText('The end date cannot be before the start date')).toBeTruthy(),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(0);
  });

  it('opens a stored promotion with its schedule split into date and time', async () => {
    storeTestSession();
    const stored = makePromotion(5);
    mockFetchRoutes((url) => {
      if (url.pathname === `${BRANCH}/promotions/5`) {
        return { body: { status: 'success', message: 'OK', data: stored } };
      }
      if (url.pathname === `${BRANCH}/promotions`) {
        return {
          body: { status: 'success', message: 'OK', data: [stored], metadata: { total: 1 } },
        };
      }
      return { body: { status: 'success', message: 'OK', data: [] } };
    });
    renderWithProviders(<PromotionsScreen />, { route: '/promoList?panel=edit&promotion=5' });

    expect(await screen.findByRole('button', { name: 'Update' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>(/Offer Title/).value).toBe('Offer 5');
    expect(screen.getByLabelText<HTMLInputElement>(/Notification Schedule/).value).toBe(
      '30/05/2026',
    );
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Hours' }).value).toBe('14');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Minutes' }).value).toBe('30');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Seconds' }).value).toBe('05');
  });
});
