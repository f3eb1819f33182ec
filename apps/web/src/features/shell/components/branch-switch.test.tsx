import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Menu } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { BranchMenuItems, BranchSwitch } from './branch-switch';

const branch = (id: number, name: string) => ({
  retailer_branch_id: id,
  branch_name: name,
  address: null,
  city: null,
});

function answerBranches(branches: ReturnType<typeof branch>[]) {
  return mockFetchRoutes((url) =>
    url.pathname === '/api/v2/companies/7/retailers'
      ? { body: { status: 'success', message: 'OK', data: branches } }
      : undefined,
  );
}

describe('the branch switch', () => {
  it("moves a manager's screens to another branch of the company", async () => {
    storeTestSession({
      retailerInfo: JSON.stringify({ retailer_branch_id: 9, branch_name: 'Ilica Zagreb' }),
    });
    answerBranches([branch(9, 'Ilica Zagreb'), branch(11, 'Riva Split')]);
    renderWithProviders(<BranchSwitch />);

    const select = (await screen.findByRole('combobox', { name: 'Branch' })) as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe('Ilica Zagreb');
    fireEvent.change(select, { target: { value: '11' } });

    await waitFor(() => expect(localStorage.getItem('branchId')).toBe('11'));
    expect(JSON.parse(localStorage.getItem('retailerInfo')!)).toMatchObject({
      retailer_branch_id: 11,
      branch_name: 'Riva Split',
    });
    await waitFor(async () =>
      expect(
        ((await screen.findByRole('combobox', { name: 'Branch' })) as HTMLSelectElement)
          .selectedOptions[0]?.textContent,
      ).toBe('Riva Split'),
    );
  });

  it('is not offered to a clerk, nor for a company of one branch', async () => {
    storeTestSession({ role: 'clerk' });
    const calls = answerBranches([branch(9, 'Ilica Zagreb'), branch(11, 'Riva Split')]);
    const { unmount } = renderWithProviders(<BranchSwitch />);
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
    expect(calls).not.toHaveBeenCalled();
    unmount();

    storeTestSession();
    const one = answerBranches([branch(9, 'Ilica Zagreb')]);
    renderWithProviders(<BranchSwitch />);
    await waitFor(() => expect(one).toHaveBeenCalled());
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
  });
});

describe('the branch choice in the user menu', () => {
  it('marks the branch worked in and moves to another', async () => {
    storeTestSession({
      retailerInfo: JSON.stringify({ retailer_branch_id: 9, branch_name: 'Ilica Zagreb' }),
    });
    answerBranches([branch(9, 'Ilica Zagreb'), branch(11, 'Riva Split')]);
    renderWithProviders(
      <Menu opened>
        <Menu.Dropdown>
          <BranchMenuItems />
        </Menu.Dropdown>
      </Menu>,
    );

    const current = await screen.findByRole('menuitem', { name: 'Ilica Zagreb' });
    expect(current.getAttribute('aria-current')).toBe('true');
    const other = screen.getByRole('menuitem', { name: 'Riva Split' });
    expect(other.getAttribute('aria-current')).toBeNull();
    fireEvent.click(other);
    await waitFor(() => expect(localStorage.getItem('branchId')).toBe('11'));
  });
});
