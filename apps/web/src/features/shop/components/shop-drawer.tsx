import { Button, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { useShop } from '@/lib/shop-data';
import { ShopForm } from './shop-form';

type ShopDrawerProps = {
  session: Session;
  opened: boolean;
  onClose: () => void;
  /** Once the panel has slid out. */
  onClosed?: () => void;
};

/** The Shop information panel (SPEC 2): the shop as the server has it, then its form. */
export function ShopDrawer({ session, opened, onClose, onClosed }: ShopDrawerProps) {
  const { t } = useTranslation();
  const shop = useShop(session);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      position="right"
      size="lg"
      title={t('shop.title')}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {shop.isPending ? (
        <PageLoader />
      ) : shop.isError ? (
        <Stack>
          <FormAlert title={t('shop.loadFailed')}>{errorMessage(shop.error)}</FormAlert>
          <Button variant="default" onClick={() => void shop.refetch()} loading={shop.isFetching}>
            {t('actions.retry')}
          </Button>
        </Stack>
      ) : (
        <ShopForm session={session} shop={shop.data} onSaved={onClose} />
      )}
    </Drawer>
  );
}
