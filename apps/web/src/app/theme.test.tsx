import { Drawer, Modal, Select } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import hrStart from '@taxfree/domain/locales/hr/start.json';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Providers } from './providers';

function Panels() {
  return (
    <Providers env="test">
      <Drawer opened onClose={() => {}} title="A drawer">
        drawer
      </Drawer>
      <Modal opened onClose={() => {}} title="A dialog">
        dialog
      </Modal>
    </Providers>
  );
}

describe('the theme', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("names every drawer's and dialog's ✕ in the interface's language", async () => {
    render(<Panels />);
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(2);

    i18n.addResourceBundle('hr', 'common', hrStart, true, true);
    await act(() => i18n.changeLanguage('hr'));
    expect(screen.getAllByRole('button', { name: hrStart.actions.close })).toHaveLength(2);
  });

  it('draws a select’s options when its list opens, not while it is closed', async () => {
    const countries = Array.from({ length: 200 }, (_, i) => `Country ${i + 1}`);
    render(
      <Providers env="test">
        <Select label="Country" data={countries} />
      </Providers>,
    );
    expect(document.querySelectorAll('[data-combobox-option]')).toHaveLength(0);
    fireEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    expect(await screen.findByRole('option', { name: 'Country 200' })).toBeTruthy();
    expect(document.querySelectorAll('[data-combobox-option]')).toHaveLength(200);
  });
});
