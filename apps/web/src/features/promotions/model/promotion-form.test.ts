import type { Promotion } from '@taxfree/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROMOTION, normaliseTime, toFormValues } from './promotion-form';

const STORED: Promotion = {
  promotion_id: 4,
  title: 'Summer sale',
  description: 'Twenty percent off',
  image: 'a1b2c3d4e5f60718293a4b5c6d7e8f90.jpg',
  path: null,
  start_date: '2026-06-01',
  end_date: '2026-06-30',
  notification_schedule: '2026-05-30 14:30:05',
  notification_schedule_date: null,
  notification_schedule_time: null,
  shopping_behavior: 'fashion,families',
  targeted_nationality: 'HRV,SVN',
  created_at: '2026-05-01T10:00:00Z',
};

describe('the promotion panel values', () => {
  it('split the notification schedule into its date and its time', () => {
    expect(toFormValues(STORED)).toMatchObject({
      notification_schedule_date: '2026-05-30',
      notification_schedule_time: '14:30:05',
      shopping_behavior: 'fashion,families',
      targeted_nationality: 'HRV,SVN',
    });
  });

  it('prefer the split fields when the server sends them', () => {
    const values = toFormValues({
      ...STORED,
      notification_schedule_date: '2026-05-29',
      notification_schedule_time: '08:00',
    });
    expect(values.notification_schedule_date).toBe('2026-05-29');
    expect(values.notification_schedule_time).toBe('08:00:00');
  });

  it('show the placeholder picture when the promotion has none, and zero dates as empty', () => {
    const values = toFormValues({ ...STORED, image: null, start_date: '0000-00-00' });
    expect(values.image).toBe('promotion_dummy.jpg');
    expect(values.start_date).toBe('');
  });

  it('start a new promotion at midnight with the placeholder picture', () => {
    expect(EMPTY_PROMOTION.notification_schedule_time).toBe('00:00:00');
    expect(EMPTY_PROMOTION.image).toBe('promotion_dummy.jpg');
  });

  it('read times with or without seconds', () => {
    expect(normaliseTime('9:5')).toBe('00:00:00');
    expect(normaliseTime('23:59')).toBe('23:59:00');
    expect(normaliseTime('23:59:59')).toBe('23:59:59');
    expect(normaliseTime(null)).toBe('00:00:00');
  });
});
