import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession } from '@/test/session';
import {
  BRANCHES_PATH,
  USERS_PATH,
  ok,
  refusal,
  renderScreen,
  serve,
  sent,
  userRow,
} from './staff-test-server';
import { spyOnToasts, type Toasts } from '@/test/toasts';

let notify: Toasts;

describe('StaffScreen forms', () => {
  beforeEach(() => {
    storeTestSession({ role: 'manager', userId: '3' });
    notify = spyOnToasts();
  });
  it('adds a user with the fields typed, and puts the server’s refusal on its field', async () => {
    const fetchMock = serve({
      [`POST ${USERS_PATH}`]: refusal(422, 'VALIDATION_FAILED', 'Please check the fields', [
        { field: 'password', message: 'This password is too easy to guess' },
      ]),
    });
    renderScreen();
    await screen.findByRole('table', { name: 'Users of your company' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a user' }));

    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Username/, 'marta');
    type(/^Name/, 'Marta Jurić');
    type(/^E-mail/, 'marta@shop.example');
    type(/^Role\b/, 'manager');
    type(/^Branch\b/, '11');
    type(/^First password/, 'summer2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This password is too easy to guess')).toBeTruthy();
    expect(sent(fetchMock, 'POST', USERS_PATH)).toEqual([
      {
        username: 'marta',
        name: 'Marta Jurić',
        email: 'marta@shop.example',
        role: 'manager',
        branch_id: 11,
        password_setup: 'first_password',
        password: 'summer2026',
      },
    ]);
    expect(screen.getByLabelText(/^First password/).getAttribute('aria-invalid')).toBe('true');
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('e-mails a link instead of a first password when chosen, and sends no password', async () => {
    const fetchMock = serve({ [`POST ${USERS_PATH}`]: ok({ user_id: 21 }) });
    renderScreen();
    await screen.findByRole('table', { name: 'Users of your company' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a user' }));
    const firstPassword = screen.getByRole('radio', { name: 'Give a first password' });
    const link = screen.getByRole('radio', { name: 'Send a link by e-mail to set one' });
    expect((firstPassword as HTMLInputElement).checked).toBe(true);

    const type = (label: RegExp, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type(/^Username/, 'marta');
    type(/^Name/, 'Marta Jurić');
    type(/^E-mail/, 'marta@shop.example');
    type(/^Branch\b/, '11');
    type(/^First password/, 'typed-then-dropped');

    fireEvent.click(link);
    expect(screen.queryByLabelText(/^First password/)).toBeNull();
    expect(screen.getByText('The user gets an e-mail with a link to set a password.')).toBeTruthy();
    fireEvent.click(firstPassword);
    expect(screen.getByLabelText(/^First password/)).toBeTruthy();
    fireEvent.click(link);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith(
        'User added. A link to set a password was sent to marta@shop.example.',
      ),
    );
    // Long enough to read the address, where a plain success toast lasts a second.
    expect(vi.mocked(notifications.show).mock.calls.at(-1)?.[0].autoClose).toBeGreaterThan(3000);
    expect(sent(fetchMock, 'POST', USERS_PATH)).toEqual([
      {
        username: 'marta',
        name: 'Marta Jurić',
        email: 'marta@shop.example',
        role: 'clerk',
        branch_id: 11,
        password_setup: 'email_link',
      },
    ]);
  });

  it('says at once everything an empty new user lacks, and sends nothing', async () => {
    const fetchMock = serve({});
    renderScreen();
    await screen.findByRole('table', { name: 'Users of your company' });
    fireEvent.click(screen.getByRole('button', { name: 'Add a user' }));
    // Leaving the first field says nothing yet: the Save button stays where the pointer is.
    fireEvent.focus(screen.getByLabelText(/^Username/));
    fireEvent.blur(screen.getByLabelText(/^Username/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).not.toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Username/).getAttribute('aria-invalid')).toBe('true'),
    );
    for (const label of [/^Name/, /^E-mail/, /^First password/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByText('Password cannot be blank')).toBeTruthy();
    expect(sent(fetchMock, 'POST', USERS_PATH)).toEqual([]);
  });

  it('gives a user a new first password', async () => {
    const fetchMock = serve({
      [`POST ${USERS_PATH}/5/password`]: ok({ user_id: 5 }),
    });
    renderScreen();

    fireEvent.click(
      (await userRow('Ivo Babić')).getByRole('button', { name: 'Give a new password' }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/^First password/), {
      target: { value: 'Velebit-Kuna-2026' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('New password given'));
    expect(sent(fetchMock, 'POST', '/users/5/password')).toEqual([
      { password: 'Velebit-Kuna-2026' },
    ]);
  });

  it('adds a branch with only the fields filled in', async () => {
    const fetchMock = serve({ [`POST ${BRANCHES_PATH}`]: ok({ retailer_branch_id: 12 }) });
    renderScreen();
    await screen.findByRole('table', { name: 'Branches of your company' });

    fireEvent.click(screen.getByRole('button', { name: 'Add a branch' }));
    fireEvent.change(screen.getByLabelText(/^Branch name/), { target: { value: 'Riva' } });
    fireEvent.change(screen.getByLabelText(/^City/), { target: { value: 'Split' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Branch added'));
    expect(sent(fetchMock, 'POST', BRANCHES_PATH)).toEqual([
      { branch_name: 'Riva', city: 'Split' },
    ]);
  });
});
