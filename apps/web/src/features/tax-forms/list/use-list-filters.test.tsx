import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate, useHashSearch } from '@/lib/hash-location';
import { startAt, TestRouter } from '@/test/router';
import { SEARCH_DEBOUNCE_MS, useListFilters } from './use-list-filters';

function SearchBox() {
  const { search, setSearch, query } = useListFilters();
  const urlSearch = useHashSearch();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <input
        aria-label="Search forms"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <output data-testid="query">{query.search}</output>
      <output data-testid="url">{urlSearch}</output>
    </>
  );
}

/** Renders at the last of `routes`, the others behind it in the history. */
function renderAt(...routes: string[]) {
  const [first = '/', ...later] = routes;
  startAt(first);
  for (const route of later) navigate(route);
  render(
    <TestRouter>
      <SearchBox />
    </TestRouter>,
  );
  return screen.getByRole<HTMLInputElement>('textbox', { name: 'Search forms' });
}

describe('the list search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps what is typed while an earlier pause reaches the URL', () => {
    const box = renderAt('/');
    fireEvent.change(box, { target: { value: 'Ke' } });
    // The pause after "Ke" ends just as the clerk types on: the router takes "Ke" into the URL
    // in a transition, which commits after the keystrokes that followed it.
    act(() => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
      fireEvent.change(box, { target: { value: 'Keyboard' } });
    });
    expect(screen.getByTestId('url').textContent).toBe('?search=Ke');
    expect(box.value).toBe('Keyboard');

    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(box.value).toBe('Keyboard');
    expect(screen.getByTestId('url').textContent).toBe('?search=Keyboard');
    expect(screen.getByTestId('query').textContent).toBe('Keyboard');
  });

  it('takes a search the URL brings', () => {
    const box = renderAt('/?search=Ana&stage=issued');
    expect(box.value).toBe('Ana');
    expect(screen.getByTestId('query').textContent).toBe('Ana');
  });

  it('takes the search Back brings, over what the box holds', () => {
    const box = renderAt('/', '/?search=Ana');
    expect(box.value).toBe('Ana');
    act(() => screen.getByRole('button', { name: 'Back' }).click());
    // The browser goes back in a task of its own, as a browser does.
    act(() => vi.advanceTimersByTime(1));
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: 'Marko' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByTestId('url').textContent).toBe('?search=Marko');
  });

  it('sends the words to the URL only once typing pauses', () => {
    const box = renderAt('/?stage=issued');
    fireEvent.change(box, { target: { value: 'Hod' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(screen.getByTestId('url').textContent).toBe('?stage=issued');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('url').textContent).toBe('?stage=issued&search=Hod');
  });
});
