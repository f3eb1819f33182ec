import { ModalsProvider } from '@mantine/modals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@taxfree/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { WebhooksSection } from './webhooks-section';
import { spyOnToasts, type Toasts } from '@/test/toasts';

let notify: Toasts;

const HOOKS = '/api/v2/companies/7/webhooks';
const SECRET = 'whsec_c2VjcmV0LXNob3duLW9uY2UtZm9yLXRoZS10ZXN0cw==';

const hook = (id: number, overrides: Partial<Webhook> = {}): Webhook => ({
  id,
  url: `https://shop${id}.example.com/hooks`,
  events: ['taxform.issued', 'taxform.cancelled'],
  status: 'active',
  failing_since: null,
  created_at: '2026-11-27T13:05:00Z',
  created_by: 'Ana Kovač',
  previous_secret_until: null,
  ...overrides,
});

const delivery = (id: number, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  message_id: `msg_${id}`,
  event: 'taxform.issued',
  tax_form_id: 40 + id,
  status: 'delivered',
  attempts: 1,
  response_status: 200,
  failure: null,
  error: null,
  created_at: '2026-11-28T08:30:00Z',
  last_attempt_at: '2026-11-28T08:30:00Z',
  next_attempt_at: null,
  ...overrides,
});

type Reply = { status?: number; body?: unknown };
const ok = (data: unknown): Reply => ({ body: { status: 'success', message: 'OK', data } });

/** The company's webhooks, and each write and log page by method, path and query. */
function serve(webhooks: Webhook[], replies: Record<string, Reply> = {}) {
  const fetchMock = mockFetchRoutes(() => undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const reply =
      method === 'GET' && url.pathname === HOOKS
        ? ok(webhooks)
        : (replies[`${method} ${url.pathname}${url.search}`] ?? {
            status: 404,
            body: { status: 'error', code: 'NOT_FOUND', message: 'Not found' },
          });
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return fetchMock;
}

/** The bodies sent with `method` to a path ending in `path`, in order. */
const sent = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && String(input).endsWith(path))
    .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : null));

function renderSection() {
  renderWithProviders(
    <ModalsProvider>
      <WebhooksSection companyId="7" />
    </ModalsProvider>,
    { route: '/integrations' },
  );
}

const row = async (url: string) =>
  within(await screen.findByRole('row', { name: new RegExp(url) }));

describe('WebhooksSection', () => {
  beforeEach(() => {
    notify = spyOnToasts();
  });

  it('lists each webhook with its events in plain words, and tells of one that is failing', async () => {
    serve([
      hook(1, { previous_secret_until: '2026-11-29T09:00:00Z' }),
      hook(2, { status: 'failing', failing_since: '2026-11-28T07:00:00Z' }),
    ]);
    renderSection();

    const active = await row('https://shop1.example.com/hooks');
    expect(active.getByText('A form is issued')).toBeTruthy();
    expect(active.getByText('A form is cancelled')).toBeTruthy();
    expect(active.getByText('Active')).toBeTruthy();
    expect(active.getByText('The previous secret also signs until 29/11/2026 10:00')).toBeTruthy();
    expect(active.getByText('27/11/2026 14:05 by Ana Kovač')).toBeTruthy();

    const failing = await row('https://shop2.example.com/hooks');
    expect(failing.getByText('Failing')).toBeTruthy();
    expect(failing.getByText('since 28/11/2026 08:00')).toBeTruthy();
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Deliveries were given up')).toBeTruthy();
    expect(within(alert).getByText(/^The system at https:\/\/shop2\.example\.com/)).toBeTruthy();
  });

  it('changes a webhook’s events, keeping its secret', async () => {
    const replies: Record<string, Reply> = { [`PATCH ${HOOKS}/1`]: ok(null) };
    const fetchMock = serve([hook(1)], replies);
    renderSection();
    const shown = await row('https://shop1.example.com/hooks');
    fireEvent.click(
      shown.getByRole('button', { name: 'Edit the webhook to https://shop1.example.com/hooks' }),
    );
    const panel = await screen.findByRole('dialog', { name: 'Edit webhook' });
    expect(within(panel).getByRole('textbox', { name: /^URL/ })).toHaveProperty(
      'value',
      'https://shop1.example.com/hooks',
    );
    const cancelled = within(panel).getByRole('checkbox', { name: /A form is cancelled/ });
    expect(cancelled).toHaveProperty('checked', true);
    fireEvent.click(cancelled);
    fireEvent.click(within(panel).getByRole('checkbox', { name: /A form is corrected/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent(fetchMock, 'PATCH', `${HOOKS}/1`)).toEqual([
        { url: 'https://shop1.example.com/hooks', events: ['taxform.issued', 'taxform.updated'] },
      ]),
    );
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'The webhook to https://shop1.example.com/hooks was saved. Its secret stays the same.',
      ),
    );
  });

  it('says so when there is none', async () => {
    serve([]);
    renderSection();
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
  });

  it('adds a webhook, puts the server’s refusal on its field, then shows the secret once', async () => {
    const refused = {
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields',
        errors: [{ field: 'url', message: 'This address points into a private network' }],
      },
    };
    const replies: Record<string, Reply> = { [`POST ${HOOKS}`]: refused };
    const fetchMock = serve([], replies);
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const panel = await screen.findByRole('dialog', { name: 'New webhook' });
    const url = within(panel).getByRole('textbox', { name: /^URL/ });
    const submit = within(panel).getByRole('button', { name: 'Add webhook' });

    fireEvent.change(url, { target: { value: 'shop.example.com' } });
    for (const name of ['A form is issued', 'A form is corrected', 'A form is cancelled']) {
      fireEvent.click(within(panel).getByRole('checkbox', { name: new RegExp(name) }));
    }
    fireEvent.click(submit);
    expect(await within(panel).findByText(/Enter the full address/)).toBeTruthy();
    expect(
      within(panel).getByRole('checkbox', { name: /A form moves to another stage/ }),
    ).toHaveProperty('checked', true);

    fireEvent.change(url, { target: { value: 'http://10.0.0.5/hooks' } });
    fireEvent.click(submit);
    expect(
      await within(panel).findByText('This address points into a private network'),
    ).toBeTruthy();
    expect(sent(fetchMock, 'POST', HOOKS)).toEqual([
      { url: 'http://10.0.0.5/hooks', events: ['taxform.stage_changed'] },
    ]);

    replies[`POST ${HOOKS}`] = ok({ id: 4, secret: SECRET });
    fireEvent.click(submit);
    expect(await within(panel).findByTestId('webhook-secret')).toHaveProperty(
      'textContent',
      SECRET,
    );
    expect(within(panel).getByText('Copy the signing secret now')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Copy secret' })).toBeTruthy();
  });

  it('rotates the secret once the manager confirms, and shows the new one', async () => {
    const rotate = `POST ${HOOKS}/1/rotateSecret`;
    const fetchMock = serve([hook(1)], { [rotate]: ok({ id: 1, secret: SECRET }) });
    renderSection();
    const found = await row('https://shop1.example.com/hooks');

    const askToRotate = () =>
      fireEvent.click(
        found.getByRole('button', { name: 'Rotate the secret of https://shop1.example.com/hooks' }),
      );
    askToRotate();
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'POST', '/rotateSecret')).toEqual([]);

    askToRotate();
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    const shown = await screen.findByRole('dialog', { name: 'New signing secret' });
    expect(within(shown).getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(sent(fetchMock, 'POST', '/rotateSecret')).toEqual([null]);
  });

  it('reads the delivery log a page at a time, and redelivers one', async () => {
    const log = `GET ${HOOKS}/1/deliveries`;
    const fullPage = Array.from({ length: 50 }, (_, i) =>
      delivery(100 - i, { created_at: '2026-11-28T09:00:00Z' }),
    );
    const failed = delivery(3, {
      event: 'webhook.test',
      status: 'failed',
      attempts: 8,
      response_status: null,
      failure: 'refused',
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    const fetchMock = serve([hook(1)], {
      [`${log}?perPage=50`]: ok(fullPage),
      [`${log}?perPage=50&before=51`]: ok([failed]),
      [`POST ${HOOKS}/1/deliveries/3/redeliver`]: ok(null),
    });
    renderSection();
    const found = await row('https://shop1.example.com/hooks');
    fireEvent.click(
      found.getByRole('button', { name: 'Delivery log of https://shop1.example.com/hooks' }),
    );

    const panel = await screen.findByRole('dialog', { name: 'Delivery log' });
    const table = await within(panel).findByRole('table', { name: 'Deliveries' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    const newest = within(within(table).getAllByRole('row')[1]!);
    expect(newest.getByText('28/11/2026 10:00')).toBeTruthy();
    expect(newest.getByText('Delivered')).toBeTruthy();
    expect(newest.getByText('200')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Load older' }));
    const oldest = await within(panel).findByRole('row', { name: /Test event/ });
    expect(within(oldest).getByText('Failed')).toBeTruthy();
    expect(within(oldest).getByText('Connection refused: is the system running?')).toBeTruthy();
    expect(within(oldest).getByText('No answer')).toBeTruthy();
    expect(within(oldest).getByText('connect ECONNREFUSED 127.0.0.1:9')).toBeTruthy();
    // The last page was not full: nothing older.
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Load older' })).toBeNull(),
    );

    fireEvent.click(
      within(oldest).getByRole('button', { name: 'Redeliver Test event, 28/11/2026 09:30' }),
    );
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('The event is sent again in a moment.'),
    );
    expect(sent(fetchMock, 'POST', '/deliveries/3/redeliver')).toEqual([null]);
  });
});
