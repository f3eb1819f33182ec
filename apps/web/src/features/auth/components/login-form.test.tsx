import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LoginForm } from './login-form';

function typeThenClear(label: string) {
  const input = screen.getByLabelText(new RegExp(`^${label}`));
  fireEvent.change(input, { target: { value: 'x' } });
  fireEvent.change(input, { target: { value: '' } });
}

describe('LoginForm', () => {
  it('has the three fields, labelled and named for the server', () => {
    renderWithProviders(<LoginForm isSubmitting={false} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText(/^Account No/).getAttribute('name')).toBe('accountno');
    expect(screen.getByLabelText(/^Username/).getAttribute('name')).toBe('username');
    expect(screen.getByLabelText(/^Password/).getAttribute('name')).toBe('password');
  });

  it('says each blank field cannot be blank as the user types', async () => {
    renderWithProviders(<LoginForm isSubmitting={false} onSubmit={vi.fn()} />);

    typeThenClear('Account No');
    expect(await screen.findByText('Account No cannot be blank')).toBeTruthy();
    expect(screen.queryByText('Username cannot be blank')).toBeNull();

    typeThenClear('Username');
    expect(await screen.findByText('Username cannot be blank')).toBeTruthy();

    typeThenClear('Password');
    expect(await screen.findByText('Password cannot be blank')).toBeTruthy();
  });

  it('shows all three messages when sent empty, and does not send', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm isSubmitting={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Account No cannot be blank')).toBeTruthy();
    expect(screen.getByText('Username cannot be blank')).toBeTruthy();
    expect(screen.getByText('Password cannot be blank')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the filled-in values', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<LoginForm isSubmitting={false} onSubmit={onSubmit} />);
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fill('Account No', '100100');
    fill('Username', 'demo');
    fill('Password', 'demo1234');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      accountno: '100100',
      username: 'demo',
      password: 'demo1234',
    });
  });

  it('takes the user to the first missing field when sent incomplete', async () => {
    renderWithProviders(<LoginForm isSubmitting={false} onSubmit={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Account No/), { target: { value: '100100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Username cannot be blank')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Username/));
  });

  it("shows the server's message on the field it names", async () => {
    renderWithProviders(
      <LoginForm
        isSubmitting={false}
        onSubmit={(_values, setError) =>
          setError('password', { type: 'server', message: 'Incorrect password' })
        }
      />,
    );
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
    fill('Account No', '100100');
    fill('Username', 'demo');
    fill('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Incorrect password')).toBeTruthy();
  });
});
