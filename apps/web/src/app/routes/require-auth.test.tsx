import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { renderWithProviders } from '@/test/render';
import { RequireAuth } from './require-auth';

function renderAt(route: string) {
  return renderWithProviders(
    <Switch>
      <Route path="/login">
        <p>login screen</p>
      </Route>
      <Route path="/changePassword">
        <p>change password screen</p>
      </Route>
      <Route path="/gallery">
        <RequireAuth>
          <p>gallery screen</p>
        </RequireAuth>
      </Route>
    </Switch>,
    { route },
  );
}

describe('RequireAuth', () => {
  it('sends a visitor without a token to the login', () => {
    renderAt('/gallery');
    expect(screen.getByText('login screen')).toBeTruthy();
  });

  it('lets a signed-in user through', () => {
    localStorage.setItem('authToken', 'tok');
    renderAt('/gallery');
    expect(screen.getByText('gallery screen')).toBeTruthy();
  });

  it('holds a first login at the password change', () => {
    localStorage.setItem('authToken', 'tok');
    localStorage.setItem('firstLogin', '1');
    renderAt('/gallery');
    expect(screen.getByText('change password screen')).toBeTruthy();
  });
});
