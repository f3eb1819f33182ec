import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Branch } from '@taxfree/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { storeTestSession } from '@/test/session';
import { spyOnToasts, type Toasts } from '@/test/toasts';
import { BRANCHES_PATH, USERS, USERS_PATH, ok, refusal, renderScreen } from './staff-test-server';

const AIRPORT_PATH = '/api/v2/companies/7/branches/11';

/**
 * The fake server of the branches: the list as it stands, changed by a `PUT` of the Airport
 * branch unless `refuse` answers it instead. Answers the bodies the `PUT`s sent.
 */
function serveBranches(refuse?: { status: number; body: unknown }) {
  let branches: Branch[] = [
    {
      retailer_branch_id: 9,
      branch_name: 'Main Square',
      address: 'Trg 1',
      city: 'Zagreb',
      postcode: '10000',
    },
    {
      retailer_branch_id: 11,
      branch_name: 'Airport',
      address: null,
      city: 'Zagreb',
      postcode: null,
    },
  ];
  const puts: unknown[] = [];
  const fetchMock = mockFetchRoutes(() => undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    let reply: { status?: number; body?: unknown } = refusal(404, 'NOT_FOUND', 'Not found');
    if (method === 'GET' && pathname === USERS_PATH) reply = ok(USERS);
    if (method === 'GET' && pathname === BRANCHES_PATH) reply = ok(branches);
    if (method === 'PUT' && pathname === AIRPORT_PATH) {
      const body = JSON.parse(String(init?.body)) as Partial<Branch>;
      puts.push(body);
      const changed = { address: null, city: null, postcode: null, ...body };
      if (!refuse) {
        branches = branches.map((b) => (b.retailer_branch_id === 11 ? { ...b, ...changed } : b));
      }
      reply = refuse ?? ok({ retailer_branch_id: 11, ...changed });
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return puts;
}

let notify: Toasts;

async function openAirport() {
  renderScreen();
  const table = await screen.findByRole('table', { name: 'Branches of your company' });
  fireEvent.click(within(table).getByRole('button', { name: 'Edit branch Airport' }));
  return screen.findByRole('dialog', { name: 'Edit branch' });
}

describe('editing a branch', () => {
  beforeEach(() => {
    storeTestSession({ role: 'manager', userId: '3' });
    notify = spyOnToasts();
  });

  it('opens the form filled in, sends the branch whole, says so and lists the change', async () => {
    const puts = serveBranches();
    const drawer = within(await openAirport());
    const field = (label: RegExp) => drawer.getByLabelText<HTMLInputElement>(label);
    expect(field(/^Branch name/).value).toBe('Airport');
    expect(field(/^Address/).value).toBe('');
    expect(field(/^City/).value).toBe('Zagreb');

    fireEvent.change(field(/^Branch name/), { target: { value: 'Zagreb Airport' } });
    fireEvent.change(field(/^Address/), { target: { value: 'Ulica Rudolfa Fizira 1' } });
    fireEvent.change(field(/^Postcode/), { target: { value: '10410' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));

    const usersRead = () =>
      vi
        .mocked(fetch)
        .mock.calls.filter(
          ([input, init]) =>
            new URL(String(input), 'http://localhost').pathname === USERS_PATH &&
            (init?.method ?? 'GET') === 'GET',
        ).length;
    const before = usersRead();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Branch updated'));
    // The staff list names each user's branch: it is read again.
    await waitFor(() => expect(usersRead()).toBeGreaterThan(before));
    expect(puts).toEqual([
      {
        branch_name: 'Zagreb Airport',
        address: 'Ulica Rudolfa Fizira 1',
        city: 'Zagreb',
        postcode: '10410',
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit branch' })).toBeNull());
    const row = within(await screen.findByRole('row', { name: /Zagreb Airport/ }));
    expect(row.getByText('Ulica Rudolfa Fizira 1')).toBeTruthy();
    expect(row.getByText('10410')).toBeTruthy();
  });

  it('puts the server’s refusal on its field and keeps the form open', async () => {
    const puts = serveBranches(
      refusal(400, 'VALIDATION_FAILED', 'Please check the fields', [
        { field: 'branch_name', message: 'Your company already has a branch of this name' },
      ]),
    );
    const drawer = within(await openAirport());
    fireEvent.change(drawer.getByLabelText(/^Branch name/), { target: { value: 'main square' } });
    fireEvent.click(drawer.getByRole('button', { name: 'Save' }));

    expect(await drawer.findByText('Your company already has a branch of this name')).toBeTruthy();
    expect(puts).toEqual([{ branch_name: 'main square', city: 'Zagreb' }]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit branch' })).toBeTruthy();
  });
});
