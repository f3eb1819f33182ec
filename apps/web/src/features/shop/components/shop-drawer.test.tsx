import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readSession } from '@/lib/session';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ShopDrawer } from './shop-drawer';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn() }));
vi.mock('@/lib/notify', () => ({
  notifySuccess: notify.success,
  notifyError: notify.error,
  notifyWarning: notify.warning,
}));

const SHOP_PATH = '/api/v2/companies/7/retailers/9';
const PRODUCTS_PATH = '/api/v2/companies/7/products';

const shop = {
  retailer_branch_id: 9,
  branch_name: 'Riva',
  website: null,
  description: null,
  logo: null,
  path: null,
  location: '{"latitude":43.508,"longitude":16.44}',
  product_category: 'SHOES',
  address: null,
  city: null,
  postcode: null,
  phone: null,
  email: null,
};
const categories = [
  { category_id: 'LEATHER', name: 'Leather goods' },
  { category_id: 'SHOES', name: 'Shoes' },
];

type Reply = { status?: number; body?: unknown } | 'network';

/** GET answers the shop and the categories; PUT answers `put`. */
function serve(put: Reply) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let reply: Exclude<Reply, 'network'> = { status: 404, body: { status: 'error', message: '' } };
    if (url.pathname === SHOP_PATH && init?.method === 'PUT') {
      if (put === 'network') throw new TypeError('Failed to fetch');
      reply = put;
    } else if (url.pathname === SHOP_PATH) {
      reply = { body: { status: 'success', message: 'OK', data: shop } };
    } else if (url.pathname === PRODUCTS_PATH) {
      reply = { body: { status: 'success', message: 'OK', data: categories } };
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDrawer() {
  const session = readSession();
  if (!session) throw new Error('No test session');
  const onClose = vi.fn();
  renderWithProviders(<ShopDrawer session={session} opened onClose={onClose} />, {
    route: '/shopUpdate',
  });
  return onClose;
}

const nameField = () => screen.findByRole('textbox', { name: /^Shop name/ });
const putBody = (fetchMock: ReturnType<typeof serve>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
};

describe('ShopDrawer', () => {
  beforeEach(() => {
    storeTestSession({ account_no: '100100' });
    Object.values(notify).forEach((mock) => mock.mockClear());
  });

  it('shows the saved shop, then saves categories as ids and the location as JSON text', async () => {
    const fetchMock = serve({
      body: { status: 'success', message: 'Shop information updated successfully', data: shop },
    });
    const onClose = renderDrawer();

    expect(await nameField()).toHaveProperty('value', 'Riva');
    expect(await screen.findByText('Shoes')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveProperty('value', '43.508');

    const website = screen.getByRole('textbox', { name: 'Website' });
    fireEvent.change(website, { target: { value: 'www.riva.example' } });
    fireEvent.blur(website);
    await waitFor(() => expect(website).toHaveProperty('value', 'https://www.riva.example'));
    const longitude = screen.getByRole('textbox', { name: 'Longitude' });
    fireEvent.change(longitude, { target: { value: '16.5' } });
    fireEvent.blur(longitude);

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(putBody(fetchMock)).toEqual({
      branch_name: 'Riva',
      website: 'https://www.riva.example',
      description: null,
      logo: null,
      product_category: 'SHOES',
      location: '{"latitude":43.508,"longitude":16.5}',
    });
    expect(notify.success).toHaveBeenCalledWith('Shop information updated successfully');
  });

  it('requires a name and a real web address before saving', async () => {
    const fetchMock = serve({ body: { status: 'success', message: '' } });
    renderDrawer();

    fireEvent.change(await nameField(), { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Website' }), {
      target: { value: 'not a website' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Shop name is required')).toBeTruthy();
    expect(await screen.findByText(/Please enter a valid web address/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('gives an error toast with the server message when the update is refused', async () => {
    serve({ status: 409, body: { status: 'error', message: 'The shop was changed meanwhile' } });
    const onClose = renderDrawer();

    await nameField();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('The shop was changed meanwhile'),
    );
    expect(notify.warning).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('gives a warning toast when the call itself fails', async () => {
    serve('network');
    renderDrawer();

    await nameField();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(notify.warning).toHaveBeenCalled());
    expect(notify.error).not.toHaveBeenCalled();
  });
});
