import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, dayIn, manualFormAmounts, taxFormPayloadSchema } from '@taxfree/domain';
import { issuePayload } from '../../../../test/support/factories.ts';
import { formColumns } from './tax-form-write.repository.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('formColumns', () => {
  it('stores a form without a date of sale as sold on the shop’s day, not on UTC’s', () => {
    // 23:30 UTC is already the next day in Zagreb.
    const utcDay = new Date().toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${addDays(utcDay, -1)}T23:30:00Z`));
    const payload = taxFormPayloadSchema.parse(
      issuePayload({ today: utcDay, taxform: { date_of_sales: '' } }),
    );
    expect(payload.taxform.date_of_sales).toBeNull();

    const form = {
      payload,
      computed: manualFormAmounts(payload),
      exportDeadline: null,
      travellerLanguage: null,
      today: dayIn('Europe/Zagreb'),
    };
    const columns = formColumns(form, '000010000000017', crypto.randomBytes(32));
    expect(columns.dateOfSales).toBe(utcDay);
  });
});
