import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeForm, mockPhoneWidth, renderList, serveList } from './list-test-server';

/** One form at each stage the list tells apart, and one the server does not know. */
const FORMS = [
  makeForm(1),
  makeForm(2, { status: 'FORM_VALIDATED', ilr: 0 }),
  makeForm(3, { status: 'FORM_COLLECTED', ilr: 0 }),
  makeForm(4, { status: 'FORM_REFUNDED', ilr: 0 }),
  makeForm(5, { cancelled: '1', ilr: 0 }),
  // The server said so.
  makeForm(6, { export_deadline: '2026-01-31', expired: true }),
  // Its deadline passed after the server listed it: the shop's calendar says it has expired.
  makeForm(7, { export_deadline: '2020-01-31', expired: false }),
  // Cancelled before its deadline passed: cancelled, not expired.
  makeForm(8, { cancelled: '1', ilr: 0, export_deadline: '2020-01-31' }),
  makeForm(9, { status: 'FORM_LOST' }),
];

const EXPECTED: [number, string | null][] = [
  [1, 'Issued'],
  [2, 'Validated by customs'],
  [3, 'Received'],
  [4, 'Refunded'],
  [5, 'Cancelled'],
  [6, 'Expired'],
  [7, 'Expired'],
  [8, 'Cancelled'],
  [9, null],
];

const barcodeOf = (id: number) => makeForm(id).barcode;

describe("a form's stage in the list", () => {
  it('is a badge in its own column of the table, after the barcode', async () => {
    serveList({ forms: FORMS });
    renderList();

    const table = await screen.findByRole('table', {}, { timeout: 3000 });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // The traveller's e-mail is written under the name, in the same column.
    expect(headers.slice(0, 3)).toEqual(['Barcode', 'Stage', 'Traveller E-mail']);
    for (const [id, stage] of EXPECTED) {
      const row = within(table)
        .getByRole('rowheader', { name: barcodeOf(id) })
        .closest('tr')!;
      const stageCell = within(row).getAllByRole('cell')[0]!;
      expect(stageCell.textContent, barcodeOf(id)).toBe(stage ?? '');
    }
  });

  it('reads dark on a pale tint of its own colour, whatever the stage', async () => {
    serveList({ forms: FORMS.slice(0, 6) });
    renderList();

    await screen.findByRole('table', {}, { timeout: 3000 });
    const badges = document.querySelectorAll<HTMLElement>('[data-stage]');
    expect([...badges].map((badge) => badge.dataset.stage)).toEqual([
      'issued',
      'validated',
      'received',
      'refunded',
      'cancelled',
      'expired',
    ]);
    const tints = new Set<string>();
    for (const badge of badges) {
      expect(badge.getAttribute('data-variant')).toBe('light');
      // Shade 9 of green or orange on its shade 1 falls below WCAG AA (4.5:1); gray 9 does not.
      expect(badge.style.color).toBe('var(--mantine-color-gray-9)');
      tints.add(badge.style.getPropertyValue('--badge-bg'));
    }
    expect(tints.size).toBe(6);
  });

  it('is a badge beside the barcode on a phone card', async () => {
    mockPhoneWidth();
    serveList({ forms: FORMS });
    renderList();

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    for (const [id, stage] of EXPECTED) {
      const card = within(list).getByRole('article', { name: barcodeOf(id) });
      const heading = within(card).getByRole('heading', { level: 2 });
      const badge = heading.parentElement!.querySelector('[data-stage]');
      expect(badge?.textContent ?? null, barcodeOf(id)).toBe(stage);
    }
  });
});
