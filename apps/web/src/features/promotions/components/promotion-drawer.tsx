import { Button, Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/form-alert';
import { PageLoader } from '@/components/page-loader';
import { useSession } from '@/hooks/use-session';
import { errorMessage } from '@/lib/error-handler';
import { usePromotion } from '../api/promotions';
import { EMPTY_PROMOTION, toFormValues } from '../model/promotion-form';
import { PromotionForm } from './promotion-form';
import classes from './promotions.module.css';

type PromotionDrawerProps = {
  /** 'new' adds a promotion, an id updates that one, null keeps the panel closed. */
  target: 'new' | number | null;
  onClose: () => void;
};

/** The promotion side panel (SPEC 2): Save for a new promotion, Update for a stored one. */
export function PromotionDrawer({ target, onClose }: PromotionDrawerProps) {
  const { t } = useTranslation();
  const session = useSession();
  const promotionId = typeof target === 'number' ? target : null;
  const promotion = usePromotion(session, promotionId);

  return (
    <Drawer
      opened={target !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={promotionId === null ? t('promotions.panel.add') : t('promotions.panel.edit')}
      classNames={{ title: classes.drawerTitle }}
    >
      {target === 'new' && (
        <PromotionForm promotionId={null} defaultValues={EMPTY_PROMOTION} onSaved={onClose} />
      )}
      {promotionId !== null && promotion.isPending && <PageLoader />}
      {promotionId !== null && promotion.isError && (
        <FormAlert>
          {errorMessage(promotion.error)}{' '}
          <Button variant="default" size="xs" ml="xs" onClick={() => void promotion.refetch()}>
            {t('actions.retry')}
          </Button>
        </FormAlert>
      )}
      {promotionId !== null && promotion.data && (
        <PromotionForm
          key={promotionId}
          promotionId={promotionId}
          defaultValues={toFormValues(promotion.data)}
          onSaved={onClose}
        />
      )}
    </Drawer>
  );
}
