import type { GalleryItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { ReadMore } from '@/components/read-more';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { DUMMY_IMAGES, shopImageUrl } from '@/lib/shop-images';

type GalleryCardProps = {
  item: GalleryItem;
  onEdit: (item: GalleryItem) => void;
  onDelete: (item: GalleryItem) => void;
};

/** A gallery card: image, dates, edit and delete, title, and the description when there is one. */
export function GalleryCard({ item, onEdit, onDelete }: GalleryCardProps) {
  const { t } = useTranslation();
  const session = useSession();
  const start = formatDate(item.start_date);
  const end = formatDate(item.end_date);
  const description = item.description?.trim();
  return (
    <ContentCard
      title={item.title}
      imageSrc={shopImageUrl(session, item.path || item.image, DUMMY_IMAGES.gallery)}
      imageAlt=""
      period={start || end ? t('gallery.card.period', { start, end }) : undefined}
      description={description ? <ReadMore text={description} size="sm" /> : null}
      editLabel={t('gallery.card.edit', { title: item.title })}
      deleteLabel={t('gallery.card.delete', { title: item.title })}
      onEdit={() => onEdit(item)}
      onDelete={() => onDelete(item)}
    />
  );
}
