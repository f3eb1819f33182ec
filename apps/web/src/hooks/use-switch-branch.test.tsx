import { useQuery, useQueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHashSearch } from '@/lib/hash-location';
import { tenantKey } from '@/lib/tenant-key';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { useSession } from './use-session';
import { BRANCHES_KEY, useBranchOfOtherTabs, useSwitchBranch } from './use-switch-branch';

/** The branches each query was read for. */
const reads: Record<string, string[]> = {};
const read = (name: string, branchId: string) => {
  (reads[name] ??= []).push(branchId);
  return reads[name].length;
};

/** A screen on view reading its branch's forms, as the list does, and the company's branches. */
function Reader() {
  useBranchOfOtherTabs();
  const session = useSession()!;
  const tenant = { companyId: session.companyId, branchId: session.branchId };
  const forms = useQuery({
    queryKey: ['taxforms', 'list', tenantKey(tenant)],
    queryFn: () => read('forms', tenant.branchId),
    staleTime: Infinity,
  });
  const branches = useQuery({
    queryKey: [BRANCHES_KEY, '7'],
    queryFn: () => read('branches', tenant.branchId),
    staleTime: Infinity,
  });
  const cached = useQueryClient().getQueryData(['gallery', 'list', tenantKey(tenant)]);
  return (
    <output aria-label="reads">{`${forms.data ?? 0}/${branches.data ?? 0}/${String(cached)}`}</output>
  );
}

/** Another tab moving to a branch: the shared storage changes, and this tab hears of it. */
const otherTab = (key: string, oldValue: string, newValue: string) =>
  act(() => {
    localStorage.setItem(key, newValue);
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue }));
  });

describe('a branch chosen in another tab', () => {
  it("reads this tab's screen for the new branch, the branches aside, and forgets the others", async () => {
    storeTestSession({ branchId: '9' });
    const { queryClient } = renderWithProviders(<Reader />);
    const shown = screen.getByRole('status', { name: 'reads' });
    await waitFor(() => expect(shown.textContent).toBe('1/1/undefined'));
    // A screen not on view, the gallery of branch 11, read earlier.
    queryClient.setQueryData(['gallery', 'list', tenantKey({ companyId: '7', branchId: '11' })], 5);

    // Another key, or the same branch again, changes nothing.
    otherTab('name', 'Ana', 'Ivo');
    otherTab('branchId', '9', '9');
    expect(reads).toEqual({ forms: ['9'], branches: ['9'] });

    otherTab('branchId', '9', '11');
    await waitFor(() => expect(shown.textContent).toBe('2/1/undefined'));
    expect(reads).toEqual({ forms: ['9', '11'], branches: ['9'] });
  });
});

/** The branch switch, showing the address's query. */
function Switcher() {
  const moveTo = useSwitchBranch();
  const search = useHashSearch();
  return (
    <button type="button" onClick={() => moveTo({ id: 11, name: 'Riva Split' })}>
      {search}
    </button>
  );
}

describe('a branch chosen here', () => {
  it("closes the old branch's form and lets go of its mark, keeping the list's search", () => {
    storeTestSession({ branchId: '9' });
    renderWithProviders(<Switcher />, { route: '/?search=Ana&form=43&panel=status&highlight=43' });
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('?search=Ana');
  });

  it('keeps an address naming no form as it is', () => {
    storeTestSession({ branchId: '9' });
    renderWithProviders(<Switcher />, { route: '/?panel=issue' });
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('?panel=issue');
  });
});
