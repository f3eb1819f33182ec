import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Link, Route, Switch } from 'wouter';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { ProfileScreen } from './profile-screen';
import { spyOnToasts, type Toasts } from '@/test/toasts';

let notify: Toasts;

const USER_PATH = '/api/v2/companies/7/users/3';
const PASSWORD_PATH = '/api/v2/companies/7/users/password';

const user = {
  user_id: 3,
  username: 'demo',
  name: 'Marko Horvat',
  email: 'marko@shop.example',
  mobile: '+385 91 111 2222',
  country: 'HR',
  image: null,
  path: null,
  thumb_path: null,
  passportNumber: null,
};

type Reply = { status?: number; body?: unknown };

function serve(replies: { put?: Reply; password?: Reply } = {}) {
  return mockFetchRoutes((url) => {
    if (url.pathname === USER_PATH)
      return { body: { status: 'success', message: 'OK', data: user } };
    if (url.pathname === PASSWORD_PATH) return replies.password;
    return undefined;
  });
}

function serveWithPut(put: Reply) {
  const fetchMock = mockFetchRoutes(() => undefined);
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const reply: Reply =
      url.pathname === USER_PATH
        ? init?.method === 'PUT'
          ? put
          : { body: { status: 'success', message: 'OK', data: user } }
        : { status: 404, body: { status: 'error', message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  return fetchMock;
}

/** The page as the first screen of the tab (a bookmark, a reload). */
function renderPage(route = '/profile') {
  renderWithProviders(
    <Switch>
      <Route path="/profile">
        <ProfileScreen />
      </Route>
    </Switch>,
    { route },
  );
}

/** The page reached from the list by the user menu's link, so there is a screen to go back to. */
function renderFromList() {
  renderWithProviders(
    <Switch>
      <Route path="/refundForms">
        <Link to="/profile">Edit Profile</Link>
      </Route>
      <Route path="/profile">
        <ProfileScreen />
      </Route>
    </Switch>,
    { route: '/refundForms' },
  );
  fireEvent.click(screen.getByRole('link', { name: 'Edit Profile' }));
}

const heading = () => screen.queryByRole('heading', { level: 1, name: 'Edit Profile' });

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

describe('the Profile page', () => {
  beforeEach(() => {
    storeTestSession({ account_no: '100100', name: 'demo' });
    notify = spyOnToasts();
  });

  it('is a page with its heading and two tabs, the form in the page, not in a panel', async () => {
    serve();
    renderPage();

    expect(heading()).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Change Password' })).toBeTruthy();
    await waitFor(() => expect(field('Name')).toHaveProperty('value', 'Marko Horvat'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('saves name, e-mail, mobile and picture through PUT …/users/{userId} and goes back', async () => {
    const saved = { ...user, name: 'Ana Kovač', path: '/uploads/100100/7/ushop/a.png' };
    const fetchMock = serveWithPut({
      body: { status: 'success', message: 'Profile updated successfully', data: saved },
    });
    renderFromList();

    await waitFor(() => expect(field('Name')).toHaveProperty('value', 'Marko Horvat'));
    fireEvent.change(field('Name'), { target: { value: 'Ana Kovač' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // Back on the screen the page was opened from.
    expect(await screen.findByRole('link', { name: 'Edit Profile' })).toBeTruthy();
    expect(heading()).toBeNull();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    const { thumb, ...profile } = JSON.parse(String(put?.[1]?.body)) as Record<string, unknown>;
    expect(profile).toEqual({
      name: 'Ana Kovač',
      email: 'marko@shop.example',
      mobile: '+385 91 111 2222',
      image: null,
      country: 'HR',
    });
    // The menu's small picture is asked for (the flag's wire form is the schema's to choose).
    expect(thumb === true || thumb === 1).toBe(true);
    expect(notify.success).toHaveBeenCalledWith('Profile updated successfully');
    expect(localStorage.getItem('name')).toBe('Ana Kovač');
    expect(localStorage.getItem('image')).toBe('/uploads/100100/7/ushop/a.png');
  });

  it('checks the e-mail and the mobile before anything is sent', async () => {
    const fetchMock = serveWithPut({ body: { status: 'success', message: '' } });
    renderPage();

    await waitFor(() => expect(field('Name')).toHaveProperty('value', 'Marko Horvat'));
    fireEvent.change(field('Email'), { target: { value: 'not-an-address' } });
    fireEvent.change(field('Mobile'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Mobile number is required')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('shows a refused save in a red alert and stays on the page', async () => {
    serveWithPut({ status: 409, body: { status: 'error', message: 'This e-mail is taken' } });
    renderFromList();

    await waitFor(() => expect(field('Name')).toHaveProperty('value', 'Marko Horvat'));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The profile could not be saved');
    expect(alert.textContent).toContain('This e-mail is taken');
    expect(heading()).toBeTruthy();
  });

  it('changes the password through the password call, showing a failure in the alert', async () => {
    const fetchMock = serve({
      password: { status: 400, body: { status: 'error', message: 'The old password is wrong' } },
    });
    renderPage('/profile?tab=password');

    fireEvent.change(await screen.findByLabelText(/Old password/), {
      target: { value: 'old-secret' },
    });
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), {
      target: { value: 'new-secret-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The old password is wrong');
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(PASSWORD_PATH));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      oldPassword: 'old-secret',
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
    });
    expect(heading()).toBeTruthy();
  });

  it('says the password was changed and, opened first in the tab, empties its fields', async () => {
    serve({ password: { body: { status: 'success', message: 'Password changed successfully' } } });
    renderPage('/profile?tab=password');

    fireEvent.change(await screen.findByLabelText(/Old password/), {
      target: { value: 'old-secret' },
    });
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), {
      target: { value: 'new-secret-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Password changed successfully'),
    );
    await waitFor(() => expect(screen.getByLabelText(/Old password/)).toHaveProperty('value', ''));
    expect(screen.getByLabelText(/New password/)).toHaveProperty('value', '');
    expect(heading()).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Change Password', selected: true })).toBeTruthy();
  });
});
