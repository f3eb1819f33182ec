import { screen } from '@testing-library/react';
import type { TaxFormListItem } from '@taxfree/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FormCards } from './tax-form-cards';
import type { FormColumn } from './tax-form-columns';
import { FormsTable } from './tax-forms-table';
import { makeForm } from './list-test-server';

/**
 * The list drawn with one traveller column that counts, per form, how often it is written; `redraw`
 * draws it again with other forms or columns.
 */
function drawCounted(List: typeof FormsTable, forms: TaxFormListItem[]) {
  const writes = new Map<number, number>();
  const columns: FormColumn[] = [
    {
      id: 'traveller',
      label: 'Traveller',
      value: (form: TaxFormListItem) => {
        writes.set(form.id, (writes.get(form.id) ?? 0) + 1);
        return form.traveler_surname;
      },
    },
  ];
  const onAction = vi.fn();
  const { rerender } = renderWithProviders(
    <List forms={forms} columns={columns} onAction={onAction} />,
  );
  const redraw = (next: { forms?: TaxFormListItem[]; columns?: FormColumn[] }) =>
    rerender(
      <List forms={next.forms ?? forms} columns={next.columns ?? columns} onAction={onAction} />,
    );
  return { columns, writes, redraw };
}

describe.each([
  ['table', FormsTable],
  ['cards', FormCards],
])('the list as %s, a page further down', (_, List) => {
  it('draws the new page’s forms and leaves the ones above as they were', () => {
    const firstPage = [makeForm(1), makeForm(2)];
    const { writes, redraw } = drawCounted(List, firstPage);
    const drawnFirst = writes.get(1);
    expect(drawnFirst).toBeGreaterThan(0);

    redraw({ forms: [...firstPage, makeForm(3)] });

    expect(screen.getByText('Horvat 3')).toBeTruthy();
    expect(writes.get(1)).toBe(drawnFirst);
    expect(writes.get(3)).toBe(drawnFirst);
  });

  it('draws every form again when the columns change (a new language)', () => {
    const { columns, writes, redraw } = drawCounted(List, [makeForm(1), makeForm(2)]);
    const drawnFirst = writes.get(1)!;

    redraw({ columns: [...columns] });

    expect(writes.get(1)).toBe(drawnFirst * 2);
  });
});
