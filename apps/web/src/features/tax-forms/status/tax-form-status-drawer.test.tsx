import { screen, within } from '@testing-library/react';
import type { FormStat } from '@taxfree/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetchRoutes } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { storeTestSession } from '@/test/session';
import { formatShopTime as onShopClock } from './audit-entry-text';
import { FormStatusDrawer } from './tax-form-status-drawer';

const STAT_PATH = '/api/v2/companies/7/retailers/9/taxforms/stat/12';

function serveStat(stat: Partial<FormStat>) {
  return mockFetchRoutes((url) =>
    url.pathname === STAT_PATH
      ? {
          body: {
            status: 'success',
            message: 'OK',
            data: {
              id: 12,
              barcode: '100700000012',
              status: 'FORM_SUBMITTED',
              cancelled: '0',
              stages: [],
              ...stat,
            },
          },
        }
      : undefined,
  );
}

/** Each step's label and whether it reads as done. */
async function steps() {
  const stepper = await screen.findByLabelText('Form stages');
  return within(stepper)
    .getAllByRole('button')
    .map((step) => ({
      text: step.textContent ?? '',
      done: step.hasAttribute('data-completed'),
    }));
}

function renderDrawer() {
  return renderWithProviders(<FormStatusDrawer formId={12} opened onClose={() => {}} />);
}

describe('FormStatusDrawer', () => {
  // The counter's computer keeps another clock than the shop: New York's, six hours behind.
  beforeEach(() => {
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('shows four steps in Croatia mode, done up to the current stage, with their times', async () => {
    storeTestSession({ ushopSetting: 'true', country: 'HR' });
    serveStat({
      status: 'FORM_VALIDATED',
      stages: [
        { stage: 'FORM_SUBMITTED', created_at: '2026-03-05T08:15:00.000Z' },
        { stage: 'FORM_VALIDATED', created_at: '2026-03-06T13:40:00.000Z' },
      ],
    });
    renderDrawer();

    expect(await screen.findByText('100700000012')).toBeTruthy();
    const shown = await steps();
    expect(shown.map((s) => s.done)).toEqual([true, true, false, false]);
    expect(shown[0]!.text).toContain('Form Pending');
    expect(shown[0]!.text).toContain(onShopClock('2026-03-05T08:15:00.000Z', 'Europe/Zagreb'));
    expect(shown[0]!.text).toContain('09:15');
    expect(shown[0]!.text).toContain('Completed');
    expect(shown[1]!.text).toContain('validated by customs');
    expect(shown[1]!.text).toContain('14:40');
    expect(shown[2]!.text).toContain('received');
    expect(shown[2]!.text).toContain('Not reached yet');
    expect(shown[3]!.text).toContain('paid out');
    expect(screen.queryByText('This form has been cancelled.')).toBeNull();
  });

  it("tells each step's time on the shop's clock, as its history does, whatever the computer's", async () => {
    storeTestSession({ ushopSetting: 'true', country: 'RS' });
    serveStat({
      status: 'FORM_COLLECTED',
      stages: [
        // 23:30 in Belgrade (summer time), still the 14th in New York and in UTC.
        { stage: 'FORM_SUBMITTED', created_at: '2026-07-14T21:30:00.000Z' },
        { stage: 'FORM_VALIDATED', created_at: '2026-07-15T03:10:00.000Z' },
        // Recorded twice: the later one is when the form reached the stage last.
        { stage: 'FORM_COLLECTED', created_at: '2026-07-15T06:00:00.000Z' },
        { stage: 'FORM_COLLECTED', created_at: '2026-07-16T22:05:00.000Z' },
      ],
    });
    renderDrawer();

    const shown = await steps();
    const belgrade = (iso: string) => onShopClock(iso, 'Europe/Belgrade');
    expect(shown[0]!.text).toContain(belgrade('2026-07-14T21:30:00.000Z'));
    expect(shown[0]!.text).toContain('23:30');
    expect(shown[1]!.text).toContain('05:10');
    expect(shown[2]!.text).toContain(belgrade('2026-07-16T22:05:00.000Z'));
    expect(shown[2]!.text).toContain('00:05');
    expect(shown[2]!.text).not.toContain('08:00');
  });

  it('shows three steps without the customs step otherwise', async () => {
    storeTestSession({ ushopSetting: 'false' });
    serveStat({ status: 'FORM_COLLECTED', cancelled: '1' });
    renderDrawer();

    const shown = await steps();
    expect(shown).toHaveLength(3);
    expect(shown.map((s) => s.done)).toEqual([true, true, false]);
    expect(shown[0]!.text).toContain('Form Pending');
    expect(shown[1]!.text).toContain('received');
    expect(shown[2]!.text).toContain('paid out');
    expect(screen.getByText('This form has been cancelled.')).toBeTruthy();
  });

  it("shows the server's message when the stages cannot be read", async () => {
    storeTestSession();
    mockFetchRoutes(() => ({ status: 404, body: { status: 'error', message: 'Form not found' } }));
    renderDrawer();
    expect((await screen.findByRole('alert')).textContent).toContain('Form not found');
  });
});
