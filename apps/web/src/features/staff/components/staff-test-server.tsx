import { ModalsProvider } from '@mantine/modals';
import { screen, within } from '@testing-library/react';
import type { BranchSummary, StaffUser } from '@taxfree/domain';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { StaffScreen } from './staff-screen';

/** The fake server of the Staff screen's tests: the company's users and branches. */

export const USERS_PATH = '/api/v2/companies/7/users';
export const BRANCHES_PATH = '/api/v2/companies/7/retailers';
export const LAST_MANAGER =
  'Your company needs at least one active manager: make someone else a manager first.';

export function makeUser(id: number, overrides: Partial<StaffUser> = {}): StaffUser {
  return {
    user_id: id,
    username: `user${id}`,
    name: `User ${id}`,
    email: `user${id}@shop.example`,
    mobile: null,
    role: 'clerk',
    branch_id: 9,
    branch_name: 'Main Square',
    active: true,
    last_sign_in: null,
    must_change_password: false,
    password_pending: false,
    ...overrides,
  };
}

export const USERS = [
  // The signed-in manager (user 3 in the test session).
  makeUser(3, { username: 'ana', name: 'Ana Kovač', role: 'manager' }),
  makeUser(5, {
    username: 'ivo',
    name: 'Ivo Babić',
    branch_id: 11,
    branch_name: 'Airport',
    // 14:05 on the shop's clock (Zagreb, an hour ahead of UTC in November).
    last_sign_in: '2026-11-27T13:05:00Z',
  }),
];
export const BRANCHES: BranchSummary[] = [
  { retailer_branch_id: 9, branch_name: 'Main Square', address: 'Trg 1', city: 'Zagreb' },
  { retailer_branch_id: 11, branch_name: 'Airport', address: null, city: 'Zagreb' },
];

type Reply = { status?: number; body?: unknown };
export const ok = (data: unknown): Reply => ({ body: { status: 'success', message: 'OK', data } });
export const refusal = (status: number, code: string, message: string, errors?: unknown) => ({
  status,
  body: { status: 'error', code, message, errors },
});

/** Answers the list calls, and each write by its method and path with the reply given. */
export function serve(writes: Record<string, Reply> = {}, users: StaffUser[] = USERS) {
  const fetchMock = mockFetchRoutes(() => undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const reply =
      method === 'GET' && url.pathname === USERS_PATH
        ? ok(users)
        : method === 'GET' && url.pathname === BRANCHES_PATH
          ? ok(BRANCHES)
          : (writes[`${method} ${url.pathname}`] ?? refusal(404, 'NOT_FOUND', 'Not found'));
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return fetchMock;
}

/** The bodies sent with `method` to a path ending in `path`, in order. */
export function sent(fetchMock: ReturnType<typeof serve>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && String(input).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

export function renderScreen() {
  renderWithProviders(
    <ModalsProvider>
      <StaffScreen />
    </ModalsProvider>,
    { route: '/staff' },
  );
}

/** A user's row of the table, found by name as an end-to-end test would. */
export const userRow = async (name: string) =>
  within(await screen.findByRole('row', { name: new RegExp(name) }));
