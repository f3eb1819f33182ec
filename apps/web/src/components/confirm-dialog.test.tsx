import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CONFIRM_TIMEOUT_MS, confirmDialog } from './confirm-dialog';

function renderModals() {
  renderWithProviders(<ModalsProvider>{null}</ModalsProvider>);
}

describe('confirmDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks with YES and NO, and resolves true for YES', async () => {
    renderModals();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = confirmDialog({ message: 'Do you want to delete this promotion?' });
    });
    expect(await screen.findByText('Are you sure?')).toBeTruthy();
    expect(screen.getByText('Do you want to delete this promotion?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'YES' }));
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false for NO', async () => {
    renderModals();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ message: 'Delete?' });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'NO' }));
    await expect(answer).resolves.toBe(false);
  });

  it('gives up after 20 seconds, as a NO', async () => {
    vi.useFakeTimers();
    renderModals();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = confirmDialog({ message: 'Delete?' });
    });
    act(() => {
      vi.advanceTimersByTime(CONFIRM_TIMEOUT_MS);
    });
    await expect(answer).resolves.toBe(false);
  });
});
