import { DUMMY_IMAGES, type Promotion } from '@taxfree/domain';
import { readDate } from '@/lib/dates';

/** What the panel edits: the fields of `promotionInputSchema`, all as text. */
export type PromotionFormValues = {
  title: string;
  description: string;
  image: string;
  start_date: string;
  end_date: string;
  notification_schedule_date: string;
  /** 'HH:mm:ss' */
  notification_schedule_time: string;
  /** Comma-joined category values. */
  shopping_behavior: string;
  /** Comma-joined ISO3 codes. */
  targeted_nationality: string;
};

export const MIDNIGHT = '00:00:00';

/** A new promotion: no picture yet (the placeholder, which the schema refuses), midnight. */
export const EMPTY_PROMOTION: PromotionFormValues = {
  title: '',
  description: '',
  image: DUMMY_IMAGES.promotion,
  start_date: '',
  end_date: '',
  notification_schedule_date: '',
  notification_schedule_time: MIDNIGHT,
  shopping_behavior: '',
  targeted_nationality: '',
};

/** 'HH:mm' or 'HH:mm:ss' as 'HH:mm:ss'; anything else as midnight. */
export function normaliseTime(value: string | null | undefined): string {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value?.trim() ?? '');
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : MIDNIGHT;
}

/**
 * A stored promotion as the panel's values. The schedule comes as 'yyyy-mm-dd HH:mm:ss' and is
 * split in two (SPEC 3); the split fields win when the server sends them as well.
 */
export function toFormValues(promotion: Promotion): PromotionFormValues {
  const [scheduleDate = '', scheduleTime = ''] = (promotion.notification_schedule ?? '')
    .trim()
    .split(/[\sT]+/);
  return {
    title: promotion.title,
    description: promotion.description,
    image: promotion.image || DUMMY_IMAGES.promotion,
    start_date: readDate(promotion.start_date),
    end_date: readDate(promotion.end_date),
    notification_schedule_date: readDate(promotion.notification_schedule_date || scheduleDate),
    notification_schedule_time: normaliseTime(promotion.notification_schedule_time || scheduleTime),
    shopping_behavior: promotion.shopping_behavior ?? '',
    targeted_nationality: promotion.targeted_nationality ?? '',
  };
}
