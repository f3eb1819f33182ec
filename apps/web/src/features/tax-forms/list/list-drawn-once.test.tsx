import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LIST_PATH, makeForm, renderList } from './list-test-server';

const SETTINGS_PATH = '/api/v2/companies/7/settings/tfsSettingDetails';

/** The API's answers, the shop's settings held back until `release()`. */
function serveWithSettingsHeld() {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = (data: unknown, total?: number) =>
    new Response(
      JSON.stringify({
        status: 'success',
        message: 'OK',
        data,
        ...(total === undefined ? {} : { metadata: { total } }),
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === LIST_PATH) return answer([makeForm(1), makeForm(2)], 2);
      if (pathname === `${LIST_PATH}/currency`) return answer({ currency: 'EUR' });
      if (pathname === SETTINGS_PATH) {
        await held;
        return answer({ general_setting: { multiple_invoice_required: 0 } });
      }
      return new Response(JSON.stringify({ status: 'error', message: 'Not found' }), {
        status: 404,
      });
    }),
  );
  return { release };
}

describe('the refund form list', () => {
  it('is drawn once the settings that choose its columns are known, not before', async () => {
    const { release } = serveWithSettingsHeld();
    // Signed in to a shop in Croatia mode: single invoices list their reference.
    renderList();

    // The rows have come; the settings have not: no table yet, whose columns would then move.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('table')).toBeNull();

    release();
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Invoice reference' })).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('keeps the stage column as wide as its longest stage, in no cell text or name', async () => {
    const { release } = serveWithSettingsHeld();
    release();
    renderList();
    const table = await screen.findByRole('table');

    const header = within(table).getByRole('columnheader', { name: 'Stage' });
    expect(header.textContent).toBe('Stage');
    // Every stage the stage filter beside the list names, in the interface's language.
    const stages = within(screen.getByRole('combobox', { name: 'Stage' }))
      .getAllByRole('option')
      .slice(1)
      .map((option) => option.textContent);
    const sizes = [...header.querySelectorAll('[data-label]')];
    expect(sizes.map((size) => size.getAttribute('data-label'))).toEqual(stages);
    expect(stages).toContain('Validated by customs');
  });
});
