import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ChangePasswordForm } from './change-password-form';

function typeNewPassword(value: string) {
  fireEvent.change(screen.getByLabelText(/^New password/), { target: { value } });
}

describe('the password strength meter', () => {
  it('shows nothing until a password is typed, then how weak it is and why', async () => {
    storeTestSession({ name: 'Ana Kovač', username: 'ana.k', account_no: '100100' });
    renderWithProviders(<ChangePasswordForm isSubmitting={false} onSubmit={() => undefined} />);
    expect(screen.queryByRole('progressbar', { name: 'Password strength' })).toBeNull();

    typeNewPassword('12345678');
    expect(
      await screen.findByText('Weak: This password is among the most used ones: choose another'),
    ).toBeTruthy();

    typeNewPassword('ana.k100100');
    expect(await screen.findByText(/Do not use your name, username/)).toBeTruthy();

    typeNewPassword('plava-riva-kiša-7');
    expect(await screen.findByText(/^(Good|Strong)$/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Password strength' })).toBeTruthy();
  });

  it('gives its level alone once the field says why the password is refused', async () => {
    storeTestSession({ name: 'Ana Kovač', username: 'ana.k', account_no: '100100' });
    const reason = 'This password is among the most used ones: choose another';
    // The server refuses it, on its field, with the reason the meter gives.
    renderWithProviders(
      <ChangePasswordForm
        isSubmitting={false}
        onSubmit={(_values, setError) => setError('password', { message: reason })}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Old password/), { target: { value: 'old' } });
    typeNewPassword('12345678');
    fireEvent.change(screen.getByLabelText(/^Confirm password/), {
      target: { value: '12345678' },
    });
    expect(await screen.findByText(`Weak: ${reason}`)).toBeTruthy();
    fireEvent.submit(screen.getByLabelText(/^New password/).closest('form')!);
    expect(await screen.findByText('Weak')).toBeTruthy();
    expect(screen.getAllByText(new RegExp(reason))).toHaveLength(1);
  });
});
