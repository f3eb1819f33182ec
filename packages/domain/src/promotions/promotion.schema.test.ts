import { describe, expect, it } from 'vitest';
import {
  promotionInputSchema,
  promotionPayloadSchema,
  toPromotionPayload,
} from './promotion.schema.ts';

const image = `${'0123456789abcdef'.repeat(2)}.jpg`;
const valid = {
  title: 'Winter sale',
  description: 'Coats 30 % off',
  image,
  start_date: '2026-01-10',
  end_date: '2026-01-31',
  notification_schedule_date: '2026-01-09',
  notification_schedule_time: '09:30:00',
  shopping_behavior: 'fashion, luxury',
  targeted_nationality: 'USA,CHN',
};

const messages = (input: unknown) => {
  const result = promotionInputSchema.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the promotion panel', () => {
  it('accepts a complete promotion and joins its lists without spaces', () => {
    const result = promotionInputSchema.parse(valid);
    expect(result.shopping_behavior).toBe('fashion,luxury');
    expect(result.notification_schedule_time).toBe('09:30:00');
  });

  it('requires title, description, dates and the notification date', () => {
    expect(
      messages({ image, title: ' ', description: '', start_date: '', end_date: '' }),
    ).toMatchObject({
      title: 'titleRequired',
      description: 'descriptionRequired',
      start_date: 'startDateRequired',
      end_date: 'endDateRequired',
      notification_schedule_date: 'notificationDateRequired',
    });
  });

  it('refuses a promotion whose image is the placeholder or missing', () => {
    expect(messages({ ...valid, image: 'promotion_dummy.jpg' })).toEqual({ image: 'required' });
    expect(messages({ ...valid, image: '/images/promotion_dummy.jpg' })).toEqual({
      image: 'required',
    });
    expect(messages({ ...valid, image: '' })).toEqual({ image: 'required' });
    expect(messages({ ...valid, image: '../../etc/passwd' })).toEqual({ image: 'imageInvalid' });
  });

  it('refuses an end date before the start date, and accepts the same day', () => {
    expect(messages({ ...valid, end_date: '2026-01-09' })).toEqual({
      end_date: 'endDateBeforeStart',
    });
    expect(messages({ ...valid, end_date: '2026-01-10' })).toEqual({});
  });

  it('reads the time picker: 00–23 hours, 00–59 minutes and seconds, HH:mm and empty', () => {
    const time = (value: unknown) =>
      promotionInputSchema.safeParse({ ...valid, notification_schedule_time: value });
    expect(time('23:59:59').success).toBe(true);
    expect(time('00:00:00').success).toBe(true);
    expect(time('24:00:00').success).toBe(false);
    expect(time('12:60:00').success).toBe(false);
    expect(time('12:00:60').success).toBe(false);
    expect(time('12:30').data?.notification_schedule_time).toBe('12:30:00');
    expect(time('').data?.notification_schedule_time).toBe('00:00:00');
  });

  it('accepts only ISO3 codes as nationalities', () => {
    expect(messages({ ...valid, targeted_nationality: 'USA,us' })).toEqual({
      targeted_nationality: 'nationalityInvalid',
    });
  });
});

describe('the promotion payload', () => {
  it('sends the schedule joined by a space and reads it back split', () => {
    const payload = toPromotionPayload(promotionInputSchema.parse(valid));
    expect(payload.promotion.notification_schedule).toBe('2026-01-09 09:30:00');
    const parsed = promotionPayloadSchema.parse(payload);
    expect(parsed.promotion.notification_schedule_date).toBe('2026-01-09');
    expect(parsed.promotion.notification_schedule_time).toBe('09:30:00');
  });

  it('reads a schedule sent only as "yyyy-mm-dd HH:mm:ss", and lists sent as arrays', () => {
    const { notification_schedule_date: _d, notification_schedule_time: _t, ...rest } = valid;
    const parsed = promotionPayloadSchema.parse({
      promotion: {
        ...rest,
        notification_schedule: '2026-01-08 07:05:00',
        shopping_behavior: ['tech', 'fashion', 'tech'],
      },
    });
    expect(parsed.promotion).toMatchObject({
      notification_schedule_date: '2026-01-08',
      notification_schedule_time: '07:05:00',
      shopping_behavior: 'tech,fashion',
    });
  });
});
