import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeForm, mockPhoneWidth, renderList, serveList } from './list-test-server';
import { HIGHLIGHT_MS } from './use-highlighted-form';

const FORMS = [makeForm(1), makeForm(2), makeForm(3)];
const location = () => screen.getByRole('status', { name: 'location' }).textContent;

/** The test setup's stand-in for scrolling, its calls from earlier tests forgotten. */
function spyOnScrolling() {
  return vi.spyOn(Element.prototype, 'scrollIntoView').mockClear();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the form just issued', () => {
  it('is marked and brought into view, and the mark leaves the URL a few seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const scrolled = spyOnScrolling();
    serveList({ forms: FORMS });
    renderList('/refundForms?highlight=2');

    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    expect(within(table).getByRole('rowheader', { name: '100700000002 new form' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: '100700000001' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: '100700000003' })).toBeTruthy();
    const marked = within(table)
      .getByRole('rowheader', { name: /100700000002/ })
      .closest('tr');
    expect(scrolled.mock.contexts).toEqual([marked]);

    act(() => vi.advanceTimersByTime(HIGHLIGHT_MS - 500));
    expect(location()).toBe('?highlight=2');
    act(() => vi.advanceTimersByTime(500));
    await waitFor(() => expect(location()).toBe(''));
    expect(within(table).getByRole('rowheader', { name: '100700000002' })).toBeTruthy();
    expect(scrolled).toHaveBeenCalledTimes(1);
  });

  it('is no longer marked once the search changes, and other parameters stay', async () => {
    serveList({ forms: FORMS });
    renderList('/refundForms?highlight=2&stage=issued');
    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    expect(within(table).getByRole('rowheader', { name: '100700000002 new form' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search forms' }), {
      target: { value: 'Horvat 2' },
    });
    await waitFor(() => expect(location()).toBe('?stage=issued&search=Horvat+2'), {
      timeout: 2000,
    });
    expect(await screen.findByText('Displaying 1 of 1 result')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: '100700000002' })).toBeTruthy();
  });

  it('is marked on its card on a phone', async () => {
    mockPhoneWidth();
    const scrolled = spyOnScrolling();
    serveList({ forms: FORMS });
    renderList('/refundForms?highlight=3');

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    const card = within(list).getByRole('article', { name: '100700000003 new form' });
    expect(within(list).getByRole('article', { name: '100700000001' })).toBeTruthy();
    expect(scrolled.mock.contexts).toEqual([card]);
  });

  it('marks nothing for an id that is not a form id', async () => {
    const scrolled = spyOnScrolling();
    serveList({ forms: FORMS });
    renderList('/refundForms?highlight=2x');
    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    expect(within(table).queryByRole('rowheader', { name: /new form/ })).toBeNull();
    expect(scrolled).not.toHaveBeenCalled();
  });
});
