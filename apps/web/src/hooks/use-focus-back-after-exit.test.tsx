import { Drawer, MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusBackAfterExit } from './use-focus-back-after-exit';
import { useOpenedAfterMount } from './use-opened-after-mount';

/** A panel whose scan box takes the focus whenever its data arrives, as the issue form's does. */
function Panel({ withFocusBack }: { withFocusBack: boolean }) {
  const [opened, setOpened] = useState(false);
  const isOpen = useOpenedAfterMount(opened);
  const focusBack = useFocusBackAfterExit(isOpen);
  return (
    <MantineProvider>
      <button type="button" onClick={() => setOpened(true)}>
        Open
      </button>
      <Drawer
        opened={isOpen}
        onClose={() => setOpened(false)}
        onExitTransitionEnd={withFocusBack ? focusBack : undefined}
        transitionProps={{ duration: 50 }}
        title="Panel"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <input aria-label="Scan" />
      </Drawer>
    </MantineProvider>
  );
}

/** Opens the panel from its button, closes it, and focuses the scan box as it closes. */
async function closeAsDataArrives() {
  const opener = screen.getByRole('button', { name: 'Open' });
  act(() => opener.focus());
  fireEvent.click(opener);
  const close = await screen.findByRole('button', { name: 'Close' });
  await waitFor(() =>
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true),
  );
  act(() => close.focus());
  fireEvent.click(close);
  act(() => screen.getByRole('textbox', { name: 'Scan', hidden: true }).focus());
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return opener;
}

describe('a panel whose content takes the focus as it closes', () => {
  it('gives the focus back to what opened it once it has left', async () => {
    render(<Panel withFocusBack />);
    const opener = await closeAsDataArrives();
    expect(document.activeElement).toBe(opener);
  });

  it("loses it without the hook: Mantine's own return gives up when the focus moved", async () => {
    render(<Panel withFocusBack={false} />);
    const opener = await closeAsDataArrives();
    expect(document.activeElement).not.toBe(opener);
  });
});
