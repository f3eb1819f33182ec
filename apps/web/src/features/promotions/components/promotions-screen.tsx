import { useDebouncedValue } from '@mantine/hooks';
import type { Promotion } from '@taxfree/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { ContentList, ContentToolbar } from '@/components/content-list';
import { PageTitle } from '@/components/page-title';
import { useItemPanel } from '@/hooks/use-item-panel';
import { useSession } from '@/hooks/use-session';
import { notifySuccess } from '@/lib/notify';
import { useDeletePromotion, usePromotions } from '../api/promotions';
import { PromotionCard } from './promotion-card';
import { PromotionDrawer } from './promotion-drawer';

/** Typing pauses this long before the list is searched (SPEC 9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** The Promotions screen (SPEC 2): search, count, add, and a card grid loaded as one scrolls. */
export function PromotionsScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search is a new query key, so it starts again from page 1.
  const promotions = usePromotions(session, { search: debouncedSearch });
  const { target, openNew, openEdit, close } = useItemPanel('promotion');
  const remove = useDeletePromotion(session);

  const { mutate: deletePromotion } = remove;
  const onDelete = useCallback(
    async (promotion: Promotion) => {
      const isConfirmed = await confirmDialog({
        message: t('promotions.delete.message'),
        isDanger: true,
      });
      if (!isConfirmed) return;
      deletePromotion(promotion.promotion_id, {
        onSuccess: () => notifySuccess(t('promotions.deleted')),
      });
    },
    [deletePromotion, t],
  );

  return (
    <>
      <PageTitle>{t('pages.promotions')}</PageTitle>
      <ContentToolbar
        search={search}
        onSearchChange={setSearch}
        searchLabel={t('promotions.search.label')}
        searchPlaceholder={t('promotions.search.placeholder')}
        addLabel={t('promotions.add')}
        onAdd={openNew}
      />
      <ContentList
        query={promotions}
        hint={(shown, total) => t('promotions.hint', { shown, count: total })}
        emptyText={t('promotions.empty')}
        listLabel={t('promotions.list')}
        loadingMoreText={t('promotions.loadingMore')}
        itemKey={(promotion) => promotion.promotion_id}
        renderItem={(promotion) => (
          <PromotionCard
            promotion={promotion}
            onEdit={(item) => openEdit(item.promotion_id)}
            onDelete={(item) => void onDelete(item)}
          />
        )}
      />
      <PromotionDrawer target={target} onClose={close} />
    </>
  );
}
