import { DUMMY_IMAGES, type GalleryItem } from '@taxfree/domain';
import { readDate } from '@/lib/dates';

/** What the panel edits. The dates are not shown there, but an update keeps them. */
export type GalleryFormValues = {
  title: string;
  description: string;
  image: string;
  start_date: string;
  end_date: string;
};

/** A new gallery image: no picture yet (the placeholder, which the schema refuses). */
export const EMPTY_GALLERY_ITEM: GalleryFormValues = {
  title: '',
  description: '',
  image: DUMMY_IMAGES.gallery,
  start_date: '',
  end_date: '',
};

export function toFormValues(item: GalleryItem): GalleryFormValues {
  return {
    title: item.title,
    description: item.description ?? '',
    image: item.image || DUMMY_IMAGES.gallery,
    start_date: readDate(item.start_date),
    end_date: readDate(item.end_date),
  };
}
