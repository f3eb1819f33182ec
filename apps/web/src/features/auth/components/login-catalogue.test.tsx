import { fireEvent, screen } from '@testing-library/react';
import enStart from '@taxfree/domain/locales/en/start.json';
import enValidation from '@taxfree/domain/locales/en/validation.json';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { baseI18nOptions } from '@/lib/i18n';
import { mockFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { AuthLayout } from './auth-layout';
import { LoginScreen } from './login-screen';

/**
 * The texts the login page loads before anything else are start.json's (the rest of `common`
 * follows with the next screen): an instance holding only those, which records every key it lacks.
 * Not made the app's default instance, which the other files of this worker share.
 */
async function startOnly(missing: string[]) {
  const instance = i18next.createInstance();
  await instance.init({
    ...baseI18nOptions,
    lng: 'en',
    resources: { en: { common: enStart, validation: enValidation } },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => missing.push(`${namespace}:${key}`),
  });
  return instance;
}

describe('the login page', () => {
  it('shows, checks and refuses with the texts of start.json alone', async () => {
    const missing: string[] = [];
    renderWithProviders(
      <I18nextProvider i18n={await startOnly(missing)}>
        <AuthLayout>
          <LoginScreen />
        </AuthLayout>
      </I18nextProvider>,
      { route: '/login' },
    );
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.getByText('Powered by Tax Free Portal')).toBeTruthy();

    // Empty fields: each says what it wants.
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Account No cannot be blank')).toBeTruthy();

    // A refusal from the server, shown inline.
    mockFetch({
      status: 401,
      body: { status: 'error', message: 'Wrong password.', code: 'INVALID_CREDENTIALS' },
    });
    fireEvent.change(screen.getByLabelText(/^Account No/), { target: { value: '100100' } });
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'demo' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Login failed');

    expect(missing).toEqual([]);
  });

  it('would notice a text the login page shows from elsewhere', async () => {
    const missing: string[] = [];
    const instance = await startOnly(missing);
    instance.t('refundForms.list');
    expect(missing).toEqual(['common:refundForms.list']);
  });
});
