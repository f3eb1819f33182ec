import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Switch, useLocation } from 'wouter';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { TopNav } from './top-nav';

/** Stands in for the screen under the bar: tells where the bar led. */
function Shown() {
  const [pathname] = useLocation();
  return <output aria-label="shown">{pathname}</output>;
}

function renderAt(route: string, role = 'manager') {
  storeTestSession({ name: 'Ana Kovač', role });
  mockFetchRoutes(() => undefined);
  renderWithProviders(
    <>
      <TopNav />
      <Switch>
        <Route>
          <Shown />
        </Route>
      </Switch>
    </>,
    { route },
  );
}

/** The bar of a wide screen: the first of the two navigations (the folded one comes second). */
const wideBar = () => within(screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!);
const shown = () => screen.getByRole('status', { name: 'shown' }).textContent;

/** Opens one of the bar's menus; answers its items by name, with where each leads and whether current. */
async function openMenu(name: string) {
  const button = wideBar().getByRole('button', { name });
  // A click focuses the button it lands on, as browsers do.
  button.focus();
  fireEvent.click(button);
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => ({
      name: item.textContent,
      href: item.getAttribute('href'),
      current: item.getAttribute('aria-current'),
    }));
}

describe('the top bar', () => {
  it('leads to Home and Refund Forms, marking the start page as the refund form list', () => {
    renderAt('/');
    const home = wideBar().getByRole('link', { name: 'Home' });
    const forms = wideBar().getByRole('link', { name: 'Refund Forms' });
    expect(home.getAttribute('href')).toBe('#/home');
    expect(home.getAttribute('aria-current')).toBeNull();
    expect(forms.getAttribute('href')).toBe('#/refundForms');
    expect(forms.getAttribute('aria-current')).toBe('page');
  });

  it('reaches the form statistics and the tax form breakdown under Reports', async () => {
    renderAt('/taxformBreakdown');
    expect(wideBar().getByRole('button', { name: 'Reports' }).hasAttribute('data-active')).toBe(
      true,
    );
    expect(await openMenu('Reports')).toEqual([
      { name: 'Form statistics', href: '#/formStats', current: null },
      { name: 'Tax form breakdown', href: '#/taxformBreakdown', current: 'page' },
      { name: 'All branches', href: '#/allBranches', current: null },
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Form statistics' }));
    expect(shown()).toBe('/formStats');
  });

  it('reaches the shop information, the staff, the promotions, the gallery and the integrations under Your shop', async () => {
    renderAt('/gallery');
    expect(wideBar().getByRole('button', { name: 'Reports' }).hasAttribute('data-active')).toBe(
      false,
    );
    expect(await openMenu('Your shop')).toEqual([
      { name: 'Shop information', href: '#/shopUpdate', current: null },
      { name: 'Staff', href: '#/staff', current: null },
      { name: 'Promotions', href: '#/promoList', current: null },
      { name: 'Gallery', href: '#/gallery', current: 'page' },
      { name: 'Integrations', href: '#/integrations', current: null },
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Shop information' }));
    expect(shown()).toBe('/shopUpdate');
    // The menu's button keeps the focus, not lost with the item.
    await waitFor(() =>
      expect(document.activeElement).toBe(wideBar().getByRole('button', { name: 'Your shop' })),
    );
  });

  it('offers a clerk no shop pages and no list of all branches: those are a manager’s', async () => {
    renderAt('/home', 'clerk');
    expect(wideBar().queryByRole('button', { name: 'Your shop' })).toBeNull();
    expect(wideBar().getByRole('link', { name: 'Refund Forms' })).toBeTruthy();
    expect((await openMenu('Reports')).map((item) => item.name)).toEqual([
      'Form statistics',
      'Tax form breakdown',
    ]);
  });

  it('offers the Staff screen to a manager and not to a clerk', async () => {
    renderAt('/staff');
    const items = await openMenu('Your shop');
    expect(items).toContainEqual({ name: 'Staff', href: '#/staff', current: 'page' });
    cleanup();

    renderAt('/home', 'clerk');
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await waitFor(() =>
      expect(screen.getAllByRole('navigation', { name: 'Main navigation' })).toHaveLength(2),
    );
    expect(screen.queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Staff' })).toBeNull();
  });

  it('leaves Edit Profile and Logout to the user menu', async () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('button', { name: /User menu/ }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit Profile', 'Logout']);
    expect(items[0]!.getAttribute('href')).toBe('#/profile');
  });

  it('holds every screen in the folded bar, which folds again on a choice', async () => {
    renderAt('/promoList');
    const burger = screen.getByRole('button', { name: 'Open navigation' });
    fireEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');

    // The folded bar slides open.
    const navigations = () => screen.getAllByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(navigations()).toHaveLength(2));
    const folded = within(navigations()[1]!);
    const links = folded
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '#/home'],
      ['Refund Forms', '#/refundForms'],
      ['Form statistics', '#/formStats'],
      ['Tax form breakdown', '#/taxformBreakdown'],
      ['All branches', '#/allBranches'],
      ['Shop information', '#/shopUpdate'],
      ['Staff', '#/staff'],
      ['Promotions', '#/promoList'],
      ['Gallery', '#/gallery'],
      ['Integrations', '#/integrations'],
    ]);
    const shop = within(folded.getByRole('group', { name: 'Your shop' }));
    expect(shop.getByRole('link', { name: 'Promotions' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(folded.getByRole('group', { name: 'Reports' })).toBeTruthy();

    fireEvent.click(folded.getByRole('link', { name: 'Tax form breakdown' }));
    expect(shown()).toBe('/taxformBreakdown');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Open navigation' }).getAttribute('aria-expanded'),
      ).toBe('false'),
    );
  });

  it('folds the bar again on a click elsewhere', async () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(screen.getByRole('button', { name: 'Close navigation' })).toBeTruthy();
    fireEvent.mouseDown(document.body);
    fireEvent.touchStart(document.body);
    expect(await screen.findByRole('button', { name: 'Open navigation' })).toBeTruthy();
  });

  it('folds the bar again on Escape, the focus back on its burger', async () => {
    renderAt('/home');
    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    const burger = await screen.findByRole('button', { name: 'Open navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(burger);
  });
});
