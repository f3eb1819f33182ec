import * as z from 'zod/mini';
import { requiredImageSchema } from '../content/image.rules.ts';
import { wireDate } from '../forms/wire-fields.schema.ts';
import { endNotBeforeStart } from '../promotions/promotion.schema.ts';
import { multiLineText, oneLineText } from '../content/plain-text.rules.ts';

/**
 * The gallery panel (SPEC 2, 3 "Gallery item", 5 "Gallery"), sent as `{gallery: {...}}`.
 * Fields: title*, description, image* (the upload's stored name; gallery_dummy.jpg is refused with
 * 'This value is required.'), start_date and end_date (optional 'yyyy-mm-dd', end not before start).
 */
export const galleryInputSchema = z
  .object({
    title: z
      .string({ error: 'titleRequired' })
      .check(
        z.trim(),
        z.minLength(1, 'titleRequired'),
        z.maxLength(200, 'textTooLong'),
        oneLineText,
      ),
    description: z.pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(5000, 'textTooLong'), multiLineText)),
      z.transform((value: string | null | undefined) => value || null),
    ),
    image: requiredImageSchema,
    start_date: wireDate,
    end_date: wireDate,
  })
  .check(z.superRefine(endNotBeforeStart));
export type GalleryInput = z.input<typeof galleryInputSchema>;
export type GalleryValues = z.output<typeof galleryInputSchema>;

/** The body of `POST …/gallery` and `PUT …/gallery/{id}`. */
export const galleryPayloadSchema = z.object({ gallery: galleryInputSchema });

/** One gallery item as the API answers it. */
export const galleryItemSchema = z.object({
  gallery_id: z.number().check(z.int()),
  title: z.string(),
  description: z.nullable(z.string()),
  /** Stored file name; null shows gallery_dummy.jpg. */
  image: z.nullable(z.string()),
  /** Where the image is served; null shows gallery_dummy.jpg. */
  path: z.nullable(z.string()),
  start_date: z.nullable(z.string()),
  end_date: z.nullable(z.string()),
  created_at: z.string(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;
