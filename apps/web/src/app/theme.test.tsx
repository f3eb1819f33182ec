import { Drawer, Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
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
});
