import { fireEvent, screen, within } from '@testing-library/react';
import { tabbable } from 'tabbable';
import { describe, expect, it } from 'vitest';
import { renderNewForm } from './issue-form-test-server';

/**
 * The stops Tab makes from the scan input to the Issue button, both excluded. jsdom lays nothing
 * out, so visibility is not judged (every element counts as displayed).
 */
async function tabStopsFromScanToIssue(): Promise<HTMLElement[]> {
  const scan = await screen.findByRole('textbox', { name: /Scan passport/ });
  const issue = screen.getByRole('button', { name: 'Issue Form' });
  const stops = tabbable(document.body, { displayCheck: 'none' }) as HTMLElement[];
  return stops.slice(stops.indexOf(scan) + 1, stops.indexOf(issue));
}

/** A stop's name, as the clerk hears it: its label, or its text. */
function nameOf(element: HTMLElement): string {
  const label = element.id ? document.querySelector(`label[for="${element.id}"]`) : null;
  return (element.getAttribute('aria-label') ?? label?.textContent ?? element.textContent ?? '')
    .replace(/\s*\*$/, '')
    .trim();
}

const isField = (element: HTMLElement) => ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);

/**
 * 27 stops before the scan box, the passport suggestion and the eligibility summary were
 * reworked, all fields but "Add more"; 28 with the receipt's scan box, which spares the clerk
 * with a reader the invoice's date and amount. The count may fall, never rise.
 */
const MOST_STOPS = 28;

describe('the keyboard path through a new form', () => {
  it('stops at fields only between the scan input and the Issue button', async () => {
    renderNewForm();
    const stops = await tabStopsFromScanToIssue();
    expect(stops.length).toBeLessThanOrEqual(MOST_STOPS);
    expect(stops.filter((stop) => !isField(stop)).map(nameOf)).toEqual(['Add more']);
    expect(stops.slice(0, 3).map(nameOf)).toEqual(['Name', 'Surname', 'Passport number']);
  });

  it('goes from the scan input to the name even when the input holds a scan', async () => {
    renderNewForm();
    const scan = await screen.findByRole('textbox', { name: /Scan passport/ });
    fireEvent.change(scan, { target: { value: 'NOT A ZONE' } });
    fireEvent.keyDown(scan, { key: 'Enter', code: 'Enter' });
    await within(screen.getByRole('region', { name: 'Traveller' })).findByRole('alert');
    // Enter reads the scan: its button is for the mouse, no Tab stop of its own.
    expect(screen.getByRole('button', { name: 'Read scan' }).hasAttribute('disabled')).toBe(false);
    const stops = await tabStopsFromScanToIssue();
    expect(stops.length).toBeLessThanOrEqual(MOST_STOPS);
    expect(nameOf(stops[0]!)).toBe('Name');
  });
});
