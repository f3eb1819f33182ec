import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ZoneConfirmation } from './zone-confirmation';

const ZONE =
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE184226B<<<<<10';

describe('a zone read by the camera', () => {
  it('is shown for the clerk to compare, with "Use this" ready for Enter', () => {
    const onUse = vi.fn();
    renderWithProviders(<ZoneConfirmation zone={ZONE} onUse={onUse} onReadAgain={vi.fn()} />);
    expect(screen.getByTestId('camera-zone').textContent).toBe(ZONE);
    const use = screen.getByRole('button', { name: 'Use this' });
    expect(document.activeElement).toBe(use);
    fireEvent.click(use);
    expect(onUse).toHaveBeenCalledTimes(1);
  });

  it('can be read again instead', () => {
    const onReadAgain = vi.fn();
    const onUse = vi.fn();
    renderWithProviders(<ZoneConfirmation zone={ZONE} onUse={onUse} onReadAgain={onReadAgain} />);
    fireEvent.click(screen.getByRole('button', { name: 'Read again' }));
    expect(onReadAgain).toHaveBeenCalledTimes(1);
    expect(onUse).not.toHaveBeenCalled();
  });
});
