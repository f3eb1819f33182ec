import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isShopPath } from '@/test/shop';
import { renderNewForm } from './issue-form-test-server';

describe('the issue form as it opens', () => {
  it('reads the shop once: its parts take the shop as the form has just read it', async () => {
    const fetchMock = renderNewForm();
    await screen.findByRole('textbox', { name: /receipt/i });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const shopReads = fetchMock.mock.calls.filter(([input]) =>
      isShopPath(new URL(String(input), 'http://localhost')),
    );
    expect(shopReads).toHaveLength(1);
  });
});
