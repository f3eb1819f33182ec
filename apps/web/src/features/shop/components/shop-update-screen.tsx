import { Button, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { PageTitle } from '@/components/page-title';
import { useReturnAfterSave } from '@/hooks/use-return-after-save';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import type { Session } from '@/lib/session';
import { useShop } from '@/lib/shop-data';
import { ShopForm } from './shop-form';

/** The shop as the server has it, then its form; a failure to read it, with a retry. */
function ShopContent({ session }: { session: Session }) {
  const { t } = useTranslation();
  const shop = useShop(session);
  const returnAfterSave = useReturnAfterSave();

  if (shop.isPending) return <PageLoader />;
  if (shop.isError) {
    return (
      <Stack>
        <FormAlert title={t('shop.loadFailed')}>{errorMessage(shop.error)}</FormAlert>
        <Button variant="default" onClick={() => void shop.refetch()} loading={shop.isFetching}>
          {t('actions.retry')}
        </Button>
      </Stack>
    );
  }
  // Once saved, back to where the clerk came from (the issue panel that asked for the company's
  // legal identity, say); opened first in the tab, the page stays with what was saved.
  return <ShopForm session={session} shop={shop.data} onSaved={() => void returnAfterSave()} />;
}

/**
 * `/shopUpdate` (SPEC 2): the shop's information, a page of its own: logo, name, website,
 * description, product categories, map location and the company's legal identity.
 */
export function ShopUpdateScreen() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <PageTitle>{t('pages.shopUpdate')}</PageTitle>
      {session && (
        <Paper withBorder radius="md" p="lg" maw={720}>
          <ShopContent session={session} />
        </Paper>
      )}
    </>
  );
}
