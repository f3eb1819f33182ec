import * as z from 'zod/mini';
import { preprocess } from '../api/preprocess.ts';
import { queryInteger, querySearch } from '../api/query-params.ts';
import { requiredImageSchema } from '../content/image.rules.ts';
import { isTimeOfDay, joinList, requiredDateSchema, splitList } from '../content/fields.rules.ts';
import { multiLineText, oneLineText } from '../content/plain-text.rules.ts';

const text = (requiredKey: string, max: number) =>
  z
    .string({ error: requiredKey })
    .check(z.trim(), z.minLength(1, requiredKey), z.maxLength(max, 'textTooLong'));

/** A multi-select kept as comma-joined text (SPEC 7); each value checked by `valid`. */
const commaList = (valid: (value: string) => boolean, message: string) =>
  z
    .pipe(
      z.nullish(z.string().check(z.maxLength(4000, 'textTooLong'))),
      z.transform((value: string | null | undefined) => joinList(splitList(value))),
    )
    .check(
      oneLineText,
      z.refine((value) => splitList(value).every(valid), message),
    );

/** Start and end dates: the end may not be before the start. */
export function endNotBeforeStart(
  value: { start_date?: string | null; end_date?: string | null },
  ctx: z.core.$RefinementCtx,
) {
  if (value.start_date && value.end_date && value.end_date < value.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'endDateBeforeStart' });
  }
}

/**
 * The promotion panel (SPEC 2, 3 "Promotion", 5 "Promotion"), sent as `{promotion: {...}}`.
 * Fields: title*, description*, image* (the upload's stored name; promotion_dummy.jpg is refused
 * with 'This value is required.'), start_date* and end_date* ('yyyy-mm-dd', end not before start),
 * notification_schedule_date* ('yyyy-mm-dd'), notification_schedule_time ('HH:mm:ss', 00:00:00
 * when empty), shopping_behavior (comma-joined category values of `promotions/categories`),
 * targeted_nationality (comma-joined ISO3 codes).
 */
export const promotionInputSchema = z
  .object({
    title: text('titleRequired', 200).check(oneLineText),
    description: text('descriptionRequired', 5000).check(multiLineText),
    image: requiredImageSchema,
    start_date: requiredDateSchema('startDateRequired'),
    end_date: requiredDateSchema('endDateRequired'),
    notification_schedule_date: requiredDateSchema('notificationDateRequired'),
    notification_schedule_time: z
      .pipe(
        z.nullish(z.string().check(z.trim())),
        z.transform((value: string | null | undefined) =>
          value ? (/^\d{2}:\d{2}$/.test(value) ? `${value}:00` : value) : '00:00:00',
        ),
      )
      .check(z.refine(isTimeOfDay, 'timeInvalid')),
    shopping_behavior: commaList((value) => value.length <= 64, 'invalidValue'),
    targeted_nationality: commaList((value) => /^[A-Z]{3}$/.test(value), 'nationalityInvalid'),
  })
  .check(z.superRefine(endNotBeforeStart));
export type PromotionInput = z.input<typeof promotionInputSchema>;
export type PromotionValues = z.output<typeof promotionInputSchema>;

/**
 * Accepts the wire's spellings too: `notification_schedule` 'yyyy-mm-dd HH:mm:ss' (date and time
 * separated by a space) instead of the split fields, and arrays instead of comma-joined lists.
 */
function fromWire(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const input = { ...(value as Record<string, unknown>) };
  const schedule = input.notification_schedule;
  if (typeof schedule === 'string' && !input.notification_schedule_date) {
    const [date, time] = schedule.trim().split(/\s+/);
    input.notification_schedule_date = date ?? '';
    input.notification_schedule_time ??= time;
  }
  delete input.notification_schedule;
  for (const key of ['shopping_behavior', 'targeted_nationality']) {
    if (Array.isArray(input[key])) input[key] = (input[key] as unknown[]).map(String).join(',');
  }
  return input;
}

/** The body of `POST …/promotions` and `PUT …/promotions/{id}`. */
export const promotionPayloadSchema = z.object({
  promotion: preprocess(fromWire, promotionInputSchema),
});

/** What the browser sends for the panel's values: `{promotion}` with the schedule joined by a space. */
export function toPromotionPayload(values: PromotionValues) {
  const { notification_schedule_date, notification_schedule_time, ...rest } = values;
  return {
    promotion: {
      ...rest,
      notification_schedule: `${notification_schedule_date} ${notification_schedule_time}`,
      notification_schedule_date,
      notification_schedule_time,
    },
  };
}

/** One promotion as the API answers it. */
export const promotionSchema = z.object({
  promotion_id: z.number().check(z.int()),
  title: z.string(),
  description: z.string(),
  /** Stored file name; null shows promotion_dummy.jpg. */
  image: z.nullable(z.string()),
  /** Where the image is served; null shows promotion_dummy.jpg. */
  path: z.nullable(z.string()),
  start_date: z.string(),
  end_date: z.string(),
  /** 'yyyy-mm-dd HH:mm:ss', and the same split in two. */
  notification_schedule: z.nullable(z.string()),
  notification_schedule_date: z.nullable(z.string()),
  notification_schedule_time: z.nullable(z.string()),
  shopping_behavior: z.string(),
  targeted_nationality: z.string(),
  created_at: z.string(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** `GET /api/v2/companies/{companyId}/promotions/categories`: Shopping Behavior's options. */
export const promotionCategorySchema = z.object({ value: z.string(), label: z.string() });
export type PromotionCategory = z.infer<typeof promotionCategorySchema>;

/** `?perPage=8&page=1&search=`: the promotions' and gallery's list query (SPEC 7, 9). */
export const contentListQuerySchema = z.object({
  page: queryInteger(1, 100_000, 1),
  perPage: queryInteger(1, 100, 8),
  search: querySearch,
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;
