import type { TaxFormListItem } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { formsOfPages } from './tax-forms';

const form = (id: number) => ({ id, barcode: String(id).padStart(15, '0') }) as TaxFormListItem;

describe('the forms of the loaded pages', () => {
  it('holds each form once when a form issued meanwhile pushed one onto the next page', () => {
    // Page 1 was read as 9..5; then form 10 was issued, so page 2 starts with 5 again.
    const pages = [
      { items: [9, 8, 7, 6, 5].map(form), total: 9 },
      { items: [5, 4, 3, 2, 1].map(form), total: 10 },
    ];
    expect(formsOfPages(pages).map((f) => f.id)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('keeps the order of the pages', () => {
    expect(formsOfPages([{ items: [3, 1, 2].map(form), total: 3 }]).map((f) => f.id)).toEqual([
      3, 1, 2,
    ]);
    expect(formsOfPages([])).toEqual([]);
  });
});
