import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate } from '@/lib/format';
import { makeForm, mockPhoneWidth, renderList, serveList } from './list-test-server';

const terms = (card: HTMLElement) =>
  within(card)
    .queryAllByRole('term')
    .map((term) => term.textContent);

describe('a form on a phone', () => {
  it('is a compact card: barcode and stage, traveller, date, refund and gross, and the Action menu', async () => {
    mockPhoneWidth();
    serveList({ forms: [makeForm(1), makeForm(2)] });
    renderList();

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const card = within(list).getByRole('article', { name: '100700000001' });
    expect(within(card).getByRole('heading', { level: 2, name: '100700000001' })).toBeTruthy();
    expect(within(card).getByText('Issued')).toBeTruthy();
    expect(within(card).getByText('Ana Horvat 1')).toBeTruthy();
    expect(within(card).getByText(formatDate('2026-03-05'))).toBeTruthy();
    await waitFor(() => expect(within(card).getByText(formatAmount(200, 'EUR'))).toBeTruthy());
    expect(within(card).getByText(formatAmount(1234.5, 'EUR'))).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Action for form 100700000001' })).toBeTruthy();

    // Only four fields show; the name and the date need no visible label, the amounts have one.
    expect(terms(card)).toEqual(['Traveller', 'Date of sale', 'Refund amount', 'Gross amount']);
  });

  it('keeps the other fields behind More details, one card at a time', async () => {
    mockPhoneWidth();
    serveList({ forms: [makeForm(1), makeForm(2)] });
    renderList();

    const list = await screen.findByRole('list', { name: 'Refund form list' });
    const first = within(list).getByRole('article', { name: '100700000001' });
    const second = within(list).getByRole('article', { name: '100700000002' });
    await waitFor(() => expect(within(first).getByText(formatAmount(200, 'EUR'))).toBeTruthy());
    expect(terms(first)).not.toContain('VAT amount');

    const toggle = within(first).getByRole('button', { name: 'More details of form 100700000001' });
    expect(toggle.textContent).toBe('More details');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);

    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(first.contains(details)).toBe(true);
    expect(terms(first)).toEqual([
      'Traveller',
      'Date of sale',
      'Refund amount',
      'Gross amount',
      'Issuing country',
      'E-mail',
      'VAT amount',
      'Net amount',
      'Invoice reference',
    ]);
    expect(within(details).getByText('Bosnia and Herzegovina')).toBeTruthy();
    expect(within(details).getByText('ana1@mail.example')).toBeTruthy();
    expect(within(details).getByText(formatAmount(246.9, 'EUR'))).toBeTruthy();
    expect(within(details).getByText(formatAmount(987.6, 'EUR'))).toBeTruthy();
    expect(terms(second)).toHaveLength(4);

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(terms(first)).toHaveLength(4);
  });
});
