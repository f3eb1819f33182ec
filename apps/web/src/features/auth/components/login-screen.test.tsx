import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import { mockFetch, requestOf } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { LoginScreen } from './login-screen';

function renderLogin() {
  return renderWithProviders(
    <Switch>
      <Route path="/login">
        <LoginScreen />
      </Route>
      <Route path="/">
        <p>refund form list</p>
      </Route>
      <Route path="/changePassword">
        <p>change password screen</p>
      </Route>
    </Switch>,
    { route: '/login' },
  );
}

function submit(values: { accountno: string; username: string; password: string }) {
  fireEvent.change(screen.getByLabelText(/^Account No/), { target: { value: values.accountno } });
  fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: values.username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: values.password } });
  fireEvent.click(screen.getByRole('button', { name: 'Login' }));
}

const loginData = {
  token: 'tok',
  token_expiry: new Date(Date.now() + 3_600_000).toISOString(),
  company_id: 1,
  account_no: '100100',
  username: 'demo',
  name: 'Demo',
  image: null,
  user_master_id: 2,
  user_id: 3,
  retailerInfo: { retailer_branch_id: 4, country: 'HR', branch_name: 'Shop' },
  ushopSetting: 'true',
  firstLogin: 0,
  tfs_setting_info: { vat_setting: { product_rates: '25,13,5' } },
};

describe('LoginScreen', () => {
  it('shows the server message inline when the login fails', async () => {
    mockFetch({
      status: 401,
      body: {
        status: 'error',
        message: 'Invalid account number, username or password.',
        code: 'INVALID_CREDENTIALS',
      },
    });
    renderLogin();
    submit({ accountno: '100100', username: 'demo', password: 'wrong' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid account number, username or password.');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('sends the fixed login fields, stores the session and goes to the list', async () => {
    const fetchMock = mockFetch({
      body: { status: 'success', message: 'Login successful', data: loginData },
    });
    renderLogin();
    submit({ accountno: '100100', username: 'demo', password: 'demo1234' });
    expect(await screen.findByText('refund form list')).toBeTruthy();
    const { url, init } = requestOf(fetchMock);
    expect(url).toBe('/api/v2/authorization');
    expect(JSON.parse(String(init.body))).toMatchObject({
      accountno: '100100',
      username: 'demo',
      password: 'demo1234',
      apptype: 'WEB',
      environment: 'Production',
      isRetailerWebPortal: true,
    });
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  it('sends a first login on to change the password', async () => {
    mockFetch({
      body: {
        status: 'success',
        message: 'Login successful',
        data: { ...loginData, firstLogin: 1 },
      },
    });
    renderLogin();
    submit({ accountno: '100100', username: 'demo', password: 'demo1234' });
    expect(await screen.findByText('change password screen')).toBeTruthy();
  });

  it('links to the forgotten-password screen', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '#/forgotPassword',
    );
  });
});
