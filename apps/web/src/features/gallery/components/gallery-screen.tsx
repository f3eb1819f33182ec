import { useDebouncedValue } from '@mantine/hooks';
import type { GalleryItem } from '@taxfree/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '@/components/confirm-dialog';
import { ContentList, ContentToolbar } from '@/components/content-list';
import { PageTitle } from '@/components/page-title';
import { useItemPanel } from '@/hooks/use-item-panel';
import { useSession } from '@/hooks/use-session';
import { notifySuccess } from '@/lib/notify';
import { useDeleteGalleryItem, useGallery } from '../api/gallery';
import { GalleryCard } from './gallery-card';
import { GalleryDrawer } from './gallery-drawer';

/** Typing pauses this long before the list is searched (SPEC 9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** The Gallery screen (SPEC 2): the Promotions screen's layout, for the shop's pictures. */
export function GalleryScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // A new search is a new query key, so it starts again from page 1.
  const gallery = useGallery(session, { search: debouncedSearch });
  const { target, openNew, openEdit, close } = useItemPanel('image');
  const remove = useDeleteGalleryItem(session);

  const { mutate: deleteItem } = remove;
  const onDelete = useCallback(
    async (item: GalleryItem) => {
      const isConfirmed = await confirmDialog({
        message: t('gallery.delete.message'),
        isDanger: true,
      });
      if (!isConfirmed) return;
      deleteItem(item.gallery_id, { onSuccess: () => notifySuccess(t('gallery.deleted')) });
    },
    [deleteItem, t],
  );

  return (
    <>
      <PageTitle>{t('pages.gallery')}</PageTitle>
      <ContentToolbar
        search={search}
        onSearchChange={setSearch}
        searchLabel={t('gallery.search.label')}
        searchPlaceholder={t('gallery.search.placeholder')}
        addLabel={t('gallery.add')}
        onAdd={openNew}
      />
      <ContentList
        query={gallery}
        hint={(shown, total) => t('gallery.hint', { shown, count: total })}
        emptyText={t('gallery.empty')}
        listLabel={t('gallery.list')}
        loadingMoreText={t('gallery.loadingMore')}
        itemKey={(item) => item.gallery_id}
        renderItem={(item) => (
          <GalleryCard
            item={item}
            onEdit={(picked) => openEdit(picked.gallery_id)}
            onDelete={(picked) => void onDelete(picked)}
          />
        )}
      />
      <GalleryDrawer target={target} onClose={close} />
    </>
  );
}
