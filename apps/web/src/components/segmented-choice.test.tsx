import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SegmentedChoice } from './segmented-choice';

const OPTIONS = [
  { value: 'branch', label: 'This branch' },
  { value: 'all', label: 'All branches' },
] as const;

function Scope() {
  const [scope, setScope] = useState<'branch' | 'all'>('branch');
  return (
    <>
      <SegmentedChoice label="Whose forms" value={scope} options={OPTIONS} onChange={setScope} />
      <output>{scope}</output>
    </>
  );
}

describe('SegmentedChoice', () => {
  it('is a named group of radio buttons, the chosen one checked', () => {
    render(<Scope />);
    const group = screen.getByRole('radiogroup', { name: 'Whose forms' });
    const radios = [...group.querySelectorAll('input')];
    expect(radios.map((radio) => radio.checked)).toEqual([true, false]);
    // One name for the group, so the browser moves between them with the arrow keys.
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
  });

  it('answers the option chosen, and checks it', () => {
    render(<Scope />);
    fireEvent.click(screen.getByRole('radio', { name: 'All branches' }));
    expect(screen.getByRole('status').textContent).toBe('all');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'All branches' }).checked).toBe(
      true,
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'This branch' }).checked).toBe(
      false,
    );
  });
});
