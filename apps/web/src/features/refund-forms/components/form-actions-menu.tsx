import { Button, Menu } from '@mantine/core';
import type { TaxFormListItem } from '@taxfree/domain';
import { useTranslation } from 'react-i18next';
import {
  IconBan,
  IconChevronDown,
  IconListCheck,
  IconPencil,
  IconPrinter,
} from '@/components/icons';
import type { FormActionHandler } from './form-panel';
import classes from './refund-forms.module.css';

/** A form may be cancelled while it is not cancelled and customs has not validated it (SPEC 2). */
export function canCancel(form: Pick<TaxFormListItem, 'cancelled' | 'ilr'>): boolean {
  return form.cancelled === '0' && form.ilr === 1;
}

type FormActionsMenuProps = { form: TaxFormListItem; onAction: FormActionHandler };

/** A row's Action menu: View/Update, Form Status, Print and, when allowed, Cancel. */
export function FormActionsMenu({ form, onAction }: FormActionsMenuProps) {
  const { t } = useTranslation();
  const icon = { size: 16, 'aria-hidden': true } as const;

  return (
    <Menu position="bottom-end" shadow="md" width={200} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('refundForms.actions.menu', { barcode: form.barcode })}
        >
          {t('refundForms.actions.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil {...icon} />} onClick={() => onAction('edit', form)}>
          {t('refundForms.actions.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconListCheck {...icon} />}
          onClick={() => onAction('status', form)}
        >
          {t('refundForms.actions.status')}
        </Menu.Item>
        <Menu.Item leftSection={<IconPrinter {...icon} />} onClick={() => onAction('print', form)}>
          {t('refundForms.actions.print')}
        </Menu.Item>
        {canCancel(form) && (
          <Menu.Item
            className={classes.danger}
            leftSection={<IconBan {...icon} />}
            onClick={() => onAction('cancel', form)}
          >
            {t('refundForms.actions.cancel')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
