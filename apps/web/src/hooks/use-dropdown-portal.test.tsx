import { MantineProvider, Select } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDropdownPortal } from './use-dropdown-portal';

const drawn = vi.fn();

function Field() {
  drawn();
  const { ref: fieldRef, onOpen, comboboxProps } = useDropdownPortal();
  return (
    <Select
      ref={fieldRef}
      label="Rate"
      data={['5', '13', '25']}
      onDropdownOpen={onOpen}
      comboboxProps={comboboxProps}
    />
  );
}

describe('useDropdownPortal', () => {
  it('draws the list inside the landmark that holds the field, without drawing the field again as it mounts', async () => {
    render(
      <MantineProvider env="test">
        <main>
          <Field />
        </main>
      </MantineProvider>,
    );
    expect(drawn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('combobox', { name: 'Rate' }));
    const listbox = await screen.findByRole('listbox');
    expect(listbox.closest('main')).not.toBeNull();
  });
});
