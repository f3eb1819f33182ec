import { screen } from '@testing-library/react';
import hrCommon from '@taxfree/domain/locales/hr/common.json';
import hrStart from '@taxfree/domain/locales/hr/start.json';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { i18n } from '@/lib/i18n';
import { LANGUAGE_STORAGE_KEY } from '@/lib/language';
import { mockFetch, requestOf } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordScreen } from './reset-password-screen';

describe('the screen a link to set a password opens', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('opens in the language of the e-mail the link came in, and keeps it', async () => {
    i18n.addResourceBundle('hr', 'common', { ...hrStart, ...hrCommon }, true, true);
    const fetchMock = mockFetch({ body: { status: 'success', message: 'OK' } });
    renderWithProviders(
      <Switch>
        <Route path="/resetPassword">
          <ResetPasswordScreen />
        </Route>
      </Switch>,
      { route: '/resetPassword?token=abcdefghijklmnopqrstuvwxyz012345&lang=hr' },
    );
    expect(
      await screen.findByRole('heading', { name: hrStart.auth.resetPassword.title }),
    ).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hr');
    expect(requestOf(fetchMock).url).toContain('/resetPassword/abcdefghijklmnopqrstuvwxyz012345');
  });
});
