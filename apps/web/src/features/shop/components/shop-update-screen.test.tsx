import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShopDetail } from '@taxfree/domain';
import { Link, Route, Switch } from 'wouter';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ShopUpdateScreen } from './shop-update-screen';
import { spyOnToasts, type Toasts } from '@/test/toasts';

let notify: Toasts;

const SHOP_PATH = '/api/v2/companies/7/retailers/9';
const PRODUCTS_PATH = '/api/v2/companies/7/products';

const shop: ShopDetail = {
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
  legal_name: 'Galerija Split d.o.o.',
  legal_address: 'Riva 4, 21000 Split',
  vat_number: 'HR69435151530',
};
const categories = [
  { category_id: 'LEATHER', name: 'Leather goods' },
  { category_id: 'SHOES', name: 'Shoes' },
];

type Reply = { status?: number; body?: unknown } | 'network';

/** GET answers the shop (with `shopChanges`) and the categories; PUT answers `put`. */
function serve(put: Reply, shopChanges: Partial<ShopDetail> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let reply: Exclude<Reply, 'network'> = { status: 404, body: { status: 'error', message: '' } };
    if (url.pathname === SHOP_PATH && init?.method === 'PUT') {
      if (put === 'network') throw new TypeError('Failed to fetch');
      reply = put;
    } else if (url.pathname === SHOP_PATH) {
      reply = { body: { status: 'success', message: 'OK', data: { ...shop, ...shopChanges } } };
    } else if (url.pathname === PRODUCTS_PATH) {
      reply = { body: { status: 'success', message: 'OK', data: categories } };
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The page reached from the issue panel's link, so there is a screen to go back to. */
function renderFromIssuePanel() {
  renderWithProviders(
    <Switch>
      <Route path="/">
        <Link to="/shopUpdate">Fill in the legal identity</Link>
      </Route>
      <Route path="/shopUpdate">
        <ShopUpdateScreen />
      </Route>
    </Switch>,
    { route: '/?panel=issue' },
  );
  fireEvent.click(screen.getByRole('link', { name: 'Fill in the legal identity' }));
}

/** The page as the first screen of the tab (a bookmark, a reload). */
function renderPage() {
  renderWithProviders(
    <Switch>
      <Route path="/shopUpdate">
        <ShopUpdateScreen />
      </Route>
    </Switch>,
    { route: '/shopUpdate' },
  );
}

const heading = () => screen.queryByRole('heading', { level: 1, name: 'Shop information' });
const backOnIssuePanel = () => screen.findByRole('link', { name: 'Fill in the legal identity' });
const nameField = () => screen.findByRole('textbox', { name: /^Shop name/ });
const putBody = (fetchMock: ReturnType<typeof serve>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
};

describe('the Shop information page', () => {
  beforeEach(() => {
    storeTestSession({ account_no: '100100', country: 'HR' });
    notify = spyOnToasts();
  });

  it('is a page with its heading and the form in it, which stays once saved when opened first', async () => {
    serve({
      body: { status: 'success', message: 'Shop information updated successfully', data: shop },
    });
    renderPage();

    expect(heading()).toBeTruthy();
    expect(await nameField()).toHaveProperty('value', 'Riva');
    expect(screen.getByRole('group', { name: 'Location' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Shop information updated successfully'),
    );
    expect(heading()).toBeTruthy();
    expect(await nameField()).toHaveProperty('value', 'Riva');
  });

  it('shows the saved shop, then saves categories as ids and the location as JSON text', async () => {
    const fetchMock = serve({
      body: { status: 'success', message: 'Shop information updated successfully', data: shop },
    });
    renderFromIssuePanel();

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
    // Back where the clerk came from.
    expect(await backOnIssuePanel()).toBeTruthy();
    expect(heading()).toBeNull();
    expect(putBody(fetchMock)).toEqual({
      branch_name: 'Riva',
      website: 'https://www.riva.example',
      description: null,
      logo: null,
      product_category: 'SHOES',
      location: '{"latitude":43.508,"longitude":16.5}',
      legal_name: 'Galerija Split d.o.o.',
      legal_address: 'Riva 4, 21000 Split',
      vat_number: 'HR69435151530',
    });
    expect(notify.success).toHaveBeenCalledWith('Shop information updated successfully');
  });

  it('requires a name and a real web address before saving', async () => {
    const fetchMock = serve({ body: { status: 'success', message: '' } });
    renderPage();

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
    renderFromIssuePanel();

    await nameField();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('The shop was changed meanwhile'),
    );
    expect(notify.warning).not.toHaveBeenCalled();
    expect(heading()).toBeTruthy();
  });

  it('gives a warning toast when the call itself fails', async () => {
    serve('network');
    renderPage();

    await nameField();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(notify.warning).toHaveBeenCalled());
    expect(notify.error).not.toHaveBeenCalled();
  });

  it("fills in the company's legal identity, the VAT number checked by its country's rule", async () => {
    const fetchMock = serve(
      { body: { status: 'success', message: 'Shop information updated successfully', data: shop } },
      { legal_address: null, vat_number: null },
    );
    renderFromIssuePanel();
    const group = await screen.findByRole('group', { name: 'Legal identity' });
    const field = (name: RegExp) => within(group).getByRole('textbox', { name });
    expect(field(/^Legal name/)).toHaveProperty('value', 'Galerija Split d.o.o.');
    expect(within(group).getByText('OIB, 11 digits. It is saved with HR in front.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await within(group).findByText('Registered address is required')).toBeTruthy();
    expect(within(group).getByText('VAT number is required')).toBeTruthy();

    fireEvent.change(field(/^Registered address/), {
      target: { value: ' Riva 4,   21000 Split ' },
    });
    fireEvent.change(field(/^VAT number/), { target: { value: '69435151531' } });
    expect(
      await within(group).findByText(
        'This is not a valid OIB: 11 digits, the last one a check digit (HR in front is optional)',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(notify.success).not.toHaveBeenCalled());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(field(/^VAT number/), { target: { value: '694 351 515 30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await backOnIssuePanel()).toBeTruthy();
    expect(putBody(fetchMock)).toMatchObject({
      legal_name: 'Galerija Split d.o.o.',
      legal_address: 'Riva 4, 21000 Split',
      vat_number: 'HR69435151530',
    });
  });

  it("puts the server's refusal of the VAT number on its field", async () => {
    serve({
      status: 400,
      body: {
        status: 'error',
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid. Please check them and try again.',
        errors: [{ field: 'vat_number', message: 'Ovo nije valjani OIB' }],
      },
    });
    renderPage();
    await nameField();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Ovo nije valjani OIB')).toBeTruthy();
  });
});
