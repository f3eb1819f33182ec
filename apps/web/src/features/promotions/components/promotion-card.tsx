import type { Promotion } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import { ContentCard } from '@/components/content-card';
import { ReadMore } from '@/components/read-more';
import { useSession } from '@/hooks/use-session';
import { formatDate } from '@/lib/format';
import { DUMMY_IMAGES, shopImageUrl } from '@/lib/shop-images';

/** Promotion descriptions are cut shorter than other long texts (SPEC 2 and 9). */
export const PROMOTION_DESCRIPTION_LENGTH = 50;

type PromotionCardProps = {
  promotion: Promotion;
  onEdit: (promotion: Promotion) => void;
  onDelete: (promotion: Promotion) => void;
};

export function PromotionCard({ promotion, onEdit, onDelete }: PromotionCardProps) {
  const { t } = useTranslation();
  const session = useSession();
  const start = formatDate(promotion.start_date);
  const end = formatDate(promotion.end_date);
  return (
    <ContentCard
      title={promotion.title}
      imageSrc={shopImageUrl(session, promotion.path || promotion.image, DUMMY_IMAGES.promotion)}
      imageAlt=""
      period={start || end ? t('promotions.card.period', { start, end }) : undefined}
      description={
        <ReadMore text={promotion.description} length={PROMOTION_DESCRIPTION_LENGTH} size="sm" />
      }
      editLabel={t('promotions.card.edit', { title: promotion.title })}
      deleteLabel={t('promotions.card.delete', { title: promotion.title })}
      onEdit={() => onEdit(promotion)}
      onDelete={() => onDelete(promotion)}
    />
  );
}
