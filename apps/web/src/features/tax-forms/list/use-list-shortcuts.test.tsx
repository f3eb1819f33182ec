import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeForm, renderList, serveList } from './list-test-server';

const location = () => screen.getByRole('status', { name: 'location' }).textContent;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search forms' });
const press = (target: Element, key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(target, {
    key,
    code: key === '/' ? 'Slash' : `Key${key.toUpperCase()}`,
    ...init,
  });

async function renderReadyList(route?: string) {
  serveList({ forms: [makeForm(1), makeForm(2)] });
  renderList(route);
  await screen.findByText('Displaying 2 of 2 results', {}, { timeout: 3000 });
}

describe('the keyboard shortcuts of the refund form list', () => {
  it('opens a new form with n', async () => {
    await renderReadyList();
    press(document.body, 'n');
    await waitFor(() => expect(location()).toBe('?panel=issue'));
  });

  it('opens a new form with Alt+N, whatever character Alt makes of it', async () => {
    await renderReadyList();
    // On a Mac, Alt+N types a tilde.
    fireEvent.keyDown(document.body, { key: '˜', code: 'KeyN', altKey: true });
    await waitFor(() => expect(location()).toBe('?panel=issue'));
  });

  it('goes to the search box with /, and with Shift+7 where that is how "/" is typed', async () => {
    await renderReadyList();
    const event = press(document.body, '/');
    expect(event).toBe(false);
    expect(document.activeElement).toBe(searchBox());

    searchBox().blur();
    press(document.body, '/', { shiftKey: true, code: 'Digit7' });
    expect(document.activeElement).toBe(searchBox());
  });

  it('leaves the keys alone while typing in a field', async () => {
    await renderReadyList();
    const search = searchBox();
    search.focus();
    expect(press(search, 'n')).toBe(true);
    expect(press(search, '/')).toBe(true);
    const stage = screen.getByRole('combobox', { name: 'Stage' });
    stage.focus();
    press(stage, 'n');
    press(stage, '/');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('');
    expect(document.activeElement).toBe(stage);
  });

  it('leaves the keys alone with a modifier held, or while a menu is open', async () => {
    await renderReadyList();
    press(document.body, 'n', { ctrlKey: true });
    press(document.body, 'n', { metaKey: true });

    fireEvent.click(screen.getByRole('button', { name: 'Action for form 100700000001' }));
    const menu = await screen.findByRole('menu');
    press(within(menu).getAllByRole('menuitem')[0]!, 'n');
    press(document.body, '/');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('');
    expect(document.activeElement).not.toBe(searchBox());
  });

  it('leaves the keys alone while a panel is open', async () => {
    await renderReadyList('/refundForms?form=1&panel=status');
    await screen.findByRole('dialog', {}, { timeout: 3000 });
    press(document.body, 'n');
    press(document.body, '/');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location()).toBe('?form=1&panel=status');
    expect(document.activeElement).not.toBe(searchBox());
  });

  it('names the keys on their targets, and shows them', async () => {
    await renderReadyList();
    const issue = screen.getByRole('button', { name: 'Issue Form' });
    expect(issue.getAttribute('aria-keyshortcuts')).toBe('N Alt+N');
    expect(searchBox().getAttribute('aria-keyshortcuts')).toBe('/');
    // The key in the empty search box, gone once something is typed.
    const hint = searchBox().parentElement!.querySelector('kbd');
    expect(hint?.textContent).toBe('/');
    fireEvent.change(searchBox(), { target: { value: 'Horvat' } });
    expect(searchBox().parentElement!.querySelector('kbd')).toBeNull();

    fireEvent.mouseEnter(issue);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Keyboard shortcut N');
    expect(within(tooltip).getByText('N').tagName).toBe('KBD');
  });
});
