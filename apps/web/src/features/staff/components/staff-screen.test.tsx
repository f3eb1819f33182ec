import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeTestSession } from '@/test/session';
import {
  LAST_MANAGER,
  USERS,
  USERS_PATH,
  makeUser,
  ok,
  refusal,
  renderScreen,
  serve,
  sent,
  userRow,
} from './staff-test-server';
import { spyOnToasts, type Toasts } from '@/test/toasts';

let notify: Toasts;

describe('StaffScreen', () => {
  beforeEach(() => {
    storeTestSession({ role: 'manager', userId: '3' });
    notify = spyOnToasts();
  });
  it('lists the users with their role, branch, last sign-in and state, and the branches', async () => {
    serve();
    renderScreen();

    const ivo = await userRow('Ivo Babić');
    expect(ivo.getByText('ivo')).toBeTruthy();
    expect(ivo.getByText('Clerk')).toBeTruthy();
    expect(ivo.getByText('Airport')).toBeTruthy();
    expect(ivo.getByText('27/11/2026 14:05')).toBeTruthy();
    expect(ivo.getByText('Active')).toBeTruthy();
    expect(ivo.getByRole('button', { name: 'Deactivate' })).toBeTruthy();

    const ana = await userRow('Ana Kovač');
    expect(ana.getByText('Manager')).toBeTruthy();
    expect(ana.getByText('Never')).toBeTruthy();
    // No deactivating oneself.
    expect(ana.queryByRole('button', { name: 'Deactivate' })).toBeNull();

    const branches = await screen.findByRole('table', { name: 'Branches of your company' });
    expect(within(branches).getByText('Trg 1')).toBeTruthy();
  });

  it('says which users still have a first password to change, or an invitation to take up', async () => {
    serve({}, [
      ...USERS,
      makeUser(7, { name: 'Marta Jurić', must_change_password: true }),
      makeUser(8, { name: 'Luka Perić', password_pending: true }),
    ]);
    renderScreen();
    expect((await userRow('Marta Jurić')).getByText('First password not changed yet')).toBeTruthy();
    const luka = await userRow('Luka Perić');
    expect(luka.getByText('Invited: no password set yet')).toBeTruthy();
    expect(luka.queryByText('First password not changed yet')).toBeNull();
    expect((await userRow('Ivo Babić')).queryByText(/Invited/)).toBeNull();
  });

  it('tells a clerk the screen is a manager’s, and asks the server nothing', async () => {
    storeTestSession({ role: 'clerk' });
    const fetchMock = serve();
    renderScreen();
    expect(await screen.findByText('For managers only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a user' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deactivates a user only once the manager confirms, saying it signs them out', async () => {
    const fetchMock = serve({
      [`PATCH ${USERS_PATH}/5`]: ok({ ...USERS[1], active: false }),
    });
    renderScreen();
    const ivo = await userRow('Ivo Babić');

    fireEvent.click(ivo.getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Ivo Babić will be signed out at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'NO' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'PATCH', '/users/5')).toEqual([]);

    fireEvent.click(ivo.getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('User deactivated'));
    expect(sent(fetchMock, 'PATCH', '/users/5')).toEqual([{ active: false }]);
  });

  it('shows the server’s message when the last manager would be deactivated', async () => {
    const marta = makeUser(8, { name: 'Marta Jurić', role: 'manager' });
    serve(
      {
        [`PATCH ${USERS_PATH}/8`]: refusal(409, 'LAST_MANAGER', LAST_MANAGER),
      },
      [...USERS, marta],
    );
    renderScreen();

    fireEvent.click((await userRow('Marta Jurić')).getByRole('button', { name: 'Deactivate' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(notify.warning).toHaveBeenCalledWith(LAST_MANAGER));
  });

  it('shows the last manager refusal in the role dialog, which stays open', async () => {
    const marta = makeUser(8, { name: 'Marta Jurić', role: 'manager' });
    const fetchMock = serve(
      {
        [`PATCH ${USERS_PATH}/8`]: refusal(409, 'LAST_MANAGER', LAST_MANAGER),
      },
      [...USERS, marta],
    );
    renderScreen();

    const row = await userRow('Marta Jurić');
    fireEvent.click(row.getByRole('button', { name: 'Change role or branch' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^Role/), { target: { value: 'clerk' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect((await dialog.findByRole('alert')).textContent).toContain(LAST_MANAGER);
    expect(sent(fetchMock, 'PATCH', '/users/8')).toEqual([{ role: 'clerk' }]);
  });
});
