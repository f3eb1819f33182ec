import { Button, Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { useGalleryItem } from '../api/gallery';
import { EMPTY_GALLERY_ITEM, toFormValues } from '../model/gallery-form';
import { GalleryForm } from './gallery-form';

type GalleryDrawerProps = {
  /** 'new' adds an image, an id updates that one, null keeps the panel closed. */
  target: 'new' | number | null;
  onClose: () => void;
};

/** The gallery side panel (SPEC 2): Save for a new image, Update for a stored one. */
export function GalleryDrawer({ target, onClose }: GalleryDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const itemId = typeof target === 'number' ? target : null;
  const item = useGalleryItem(session, itemId);

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={itemId === null ? t('gallery.panel.add') : t('gallery.panel.edit')}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 600 } }}
    >
      {target === 'new' && (
        <GalleryForm itemId={null} defaultValues={EMPTY_GALLERY_ITEM} onSaved={onClose} />
      )}
      {itemId !== null && item.isPending && <PageLoader />}
      {itemId !== null && item.isError && (
        <FormAlert>
          {errorMessage(item.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void item.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {itemId !== null && item.data && (
        <GalleryForm
          key={itemId}
          itemId={itemId}
          defaultValues={toFormValues(item.data)}
          onSaved={onClose}
        />
      )}
    </Drawer>
  );
}
