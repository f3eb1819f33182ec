import * as z from 'zod/mini';

/**
 * Placeholders the web app shows while a record has no picture of its own (SPEC 3, 9). They are
 * files of the web app, never stored uploads: a saved record keeps `null` instead.
 */
export const DUMMY_IMAGES = {
  logo: 'logo_dummy.jpg',
  promotion: 'promotion_dummy.jpg',
  gallery: 'gallery_dummy.jpg',
  avatar: 'default-avatar.svg',
} as const;

const dummyNames = new Set<string>(Object.values(DUMMY_IMAGES));

/** Whether a value names a placeholder rather than an uploaded picture (a path or URL counts too). */
export function isDummyImage(value: string | null | undefined): boolean {
  if (!value) return true;
  const name = value.split(/[/\\]/).pop() ?? '';
  return dummyNames.has(name.split('?')[0] ?? '');
}

/** The name the upload answers (`data.image0`): 128 random bits in hex and the format's extension. */
export const STORED_IMAGE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

export function isStoredImageName(value: string): boolean {
  return STORED_IMAGE_NAME.test(value);
}

/**
 * A picture field as a form sends it: the stored name of an upload; empty or a placeholder
 * means "none" and becomes `null`.
 */
export const optionalImageSchema = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(255, 'imageInvalid'))),
    z.transform((value: string | null | undefined) =>
      value && !isDummyImage(value) ? value : null,
    ),
  )
  .check(z.refine((value) => value === null || isStoredImageName(value), 'imageInvalid'));

/** A picture that must be there and must not be the placeholder ('This value is required.'). */
export const requiredImageSchema = z.string({ error: 'required' }).check(
  z.trim(),
  z.maxLength(255, 'imageInvalid'),
  z.refine((value) => !isDummyImage(value), 'required'),
  z.refine((value) => isDummyImage(value) || isStoredImageName(value), 'imageInvalid'),
);

/** What the upload (`POST /core-service/fileupload/temp`) answers: `image0`, `image1`, … → stored names. */
export const uploadResultSchema = z.record(z.string().check(z.regex(/^image\d{1,2}$/)), z.string());
export type UploadResult = z.infer<typeof uploadResultSchema>;

/** Where a stored picture is served: built from the account number, the company id and `ushop` (SPEC 7). */
export function storedImagePath(
  accountNo: string,
  companyId: number | string,
  name: string,
): string {
  return `/uploads/${encodeURIComponent(accountNo)}/${encodeURIComponent(String(companyId))}/ushop/${encodeURIComponent(name)}`;
}
