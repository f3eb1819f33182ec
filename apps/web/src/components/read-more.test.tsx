import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReadMore, truncate } from './read-more';

const long = 'a'.repeat(120);

describe('truncate', () => {
  it('cuts at 100 characters by default and adds an ellipsis', () => {
    expect(truncate(long)).toBe(`${'a'.repeat(100)}…`);
  });

  it('cuts where asked', () => {
    expect(truncate(long, 50)).toBe(`${'a'.repeat(50)}…`);
  });

  it('leaves short text alone', () => {
    expect(truncate('short')).toBe('short');
    expect(truncate('x'.repeat(100))).toBe('x'.repeat(100));
  });
});

describe('ReadMore', () => {
  it('shows the cut text with Read More, and the whole text with Read Less', () => {
    renderWithProviders(<ReadMore text={long} />);
    expect(screen.getByText(`${'a'.repeat(100)}…`)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Read More' }));
    expect(screen.getByText(long)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Read Less' }));
    expect(screen.getByText(`${'a'.repeat(100)}…`)).toBeTruthy();
  });

  it('cuts promotion descriptions at 50', () => {
    renderWithProviders(<ReadMore text={long} length={50} />);
    expect(screen.getByText(`${'a'.repeat(50)}…`)).toBeTruthy();
  });

  it('offers no link when the text is short', () => {
    renderWithProviders(<ReadMore text="A short description" />);
    expect(screen.getByText('A short description')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
