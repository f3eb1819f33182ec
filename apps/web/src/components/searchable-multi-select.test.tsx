import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import {
  joinList,
  SearchableMultiSelect,
  splitList,
  type SearchableMultiSelectProps,
} from './searchable-multi-select';

const COUNTRIES = [
  { value: 'HRV', label: 'Croatia' },
  { value: 'DEU', label: 'Germany' },
  { value: 'FRA', label: 'France' },
];

function Field(props: Partial<SearchableMultiSelectProps> & { onPick?: (v: string[]) => void }) {
  const { onPick, ...rest } = props;
  const [value, setValue] = useState<string[]>(props.value ?? []);
  return (
    <SearchableMultiSelect
      label="Targeted Nationality"
      data={COUNTRIES}
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onPick?.(next);
      }}
    />
  );
}

function search(text: string) {
  const input = screen.getByLabelText('Targeted Nationality', { selector: 'input' });
  fireEvent.focus(input);
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: text } });
}

describe('SearchableMultiSelect', () => {
  it('offers the options that match and keeps the chosen ones', () => {
    const onPick = vi.fn();
    renderWithProviders(<Field onPick={onPick} />);
    search('fr');
    fireEvent.click(screen.getByRole('option', { name: 'France' }));
    expect(onPick).toHaveBeenCalledWith(['FRA']);
  });

  it('shows its hint while nothing is chosen, and leaves the chosen pills the room after', () => {
    renderWithProviders(<Field placeholder="Search and choose" />);
    const input = () => screen.getByLabelText('Targeted Nationality', { selector: 'input' });
    expect(input().getAttribute('placeholder')).toBe('Search and choose');
    search('fr');
    fireEvent.click(screen.getByRole('option', { name: 'France' }));
    expect(input().getAttribute('placeholder')).toBeNull();
  });

  it('says when nothing matches', () => {
    renderWithProviders(<Field />);
    search('zzz');
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it('says when the options could not be loaded, or are still loading', () => {
    const { unmount } = renderWithProviders(<Field data={[]} isError />);
    search('a');
    expect(screen.getAllByText('The results could not be loaded').length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<Field data={[]} isLoading />);
    search('a');
    expect(screen.getAllByText('Searching…').length).toBeGreaterThan(0);
  });

  it('asks for more or fewer characters', () => {
    const { unmount } = renderWithProviders(<Field minSearchLength={3} />);
    search('c');
    expect(screen.getAllByText('Please enter 2 or more characters').length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<Field maxSearchLength={3} />);
    search('croat');
    expect(screen.getAllByText('Please delete 2 characters').length).toBeGreaterThan(0);
  });

  it('offers nothing more once the most allowed are chosen', () => {
    renderWithProviders(<Field maxValues={2} value={['HRV', 'DEU']} />);
    search('');
    expect(screen.queryByRole('option', { name: 'France' })).toBeNull();
    expect(screen.getAllByText('You can only select 2 items').length).toBeGreaterThan(0);
  });
});

describe('comma-separated lists', () => {
  it('split and join as the API keeps them', () => {
    expect(splitList('HRV, DEU,,FRA ')).toEqual(['HRV', 'DEU', 'FRA']);
    expect(splitList(null)).toEqual([]);
    expect(joinList(['HRV', ' DEU', ''])).toBe('HRV,DEU');
  });
});
