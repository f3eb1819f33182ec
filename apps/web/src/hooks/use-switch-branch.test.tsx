import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BRANCHES_KEY, useBranchOfOtherTabs } from './use-switch-branch';

/** How many times each query was read. */
const reads: Record<string, number> = {};
const read = (name: string) => (reads[name] = (reads[name] ?? 0) + 1);

/** Shows how many times each query was read. */
function Reader() {
  useBranchOfOtherTabs();
  const forms = useQuery({
    queryKey: ['taxforms', 'list'],
    queryFn: () => read('forms'),
    staleTime: Infinity,
  });
  const branches = useQuery({
    queryKey: [BRANCHES_KEY, '7'],
    queryFn: () => read('branches'),
    staleTime: Infinity,
  });
  return <output aria-label="reads">{`${forms.data ?? 0}/${branches.data ?? 0}`}</output>;
}

const storage = (key: string, oldValue: string, newValue: string) =>
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
  });

describe('a branch chosen in another tab', () => {
  it("reads this tab's screens again, the branches aside", async () => {
    renderWithProviders(<Reader />);
    const shown = screen.getByRole('status', { name: 'reads' });
    await waitFor(() => expect(shown.textContent).toBe('1/1'));

    // Another key, or the same branch again, changes nothing.
    storage('name', 'Ana', 'Ivo');
    storage('branchId', '9', '9');
    expect(reads).toEqual({ forms: 1, branches: 1 });

    storage('branchId', '9', '11');
    await waitFor(() => expect(shown.textContent).toBe('2/1'));
  });
});
