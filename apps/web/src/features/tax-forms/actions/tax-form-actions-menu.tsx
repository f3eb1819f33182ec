import { Button, Menu } from '@mantine/core';
import { canCancel, canEdit, type TaxFormListItem } from '@taxfree/domain';
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IconBan,
  IconCash,
  IconChevronDown,
  IconInbox,
  IconListCheck,
  IconMail,
  IconPencil,
  IconPrinter,
  IconRubberStamp,
} from '@/components/icons';
import { MAIN_CONTENT_ID } from '@/components/skip-link';
import { STAGE_PANELS, type FormActionHandler, type FormPanel } from '../form/tax-form-panel';
import { nextStep, useShopToday } from '../form/step-block';
import classes from '../tax-forms.module.css';

const STAGE_ICONS = { validation: IconRubberStamp, receipt: IconInbox, refund: IconCash };

type FormActionsMenuProps = { form: TaxFormListItem; onAction: FormActionHandler };

type ActionItemsProps = FormActionsMenuProps & { buttonRef: RefObject<HTMLButtonElement | null> };

/**
 * The items of a row's menu: View/Update (to update while the form may be edited, to view once it
 * is cancelled or past customs; not once it has expired), Form Status, Print, the one next stage
 * to record (none once cancelled, expired or paid out), Send to traveller (not once cancelled) and,
 * when allowed, Cancel. Drawn only while the menu is open: a list of fifty rows does not judge
 * fifty forms nor write three hundred labels for menus nobody opened.
 */
function ActionItems({ form, onAction, buttonRef }: ActionItemsProps) {
  const { t } = useTranslation();
  const today = useShopToday();
  const isCancelled = form.cancelled === '1';
  const state = {
    stage: form.status,
    cancelled: isCancelled,
    exportDeadline: form.export_deadline,
  };
  // An expired form can no longer be changed, nor viewed from here; a cancelled or validated one
  // (which can no longer be cancelled either) opens to be read.
  const mayEdit = !form.expired && canEdit(state, today);
  const mayOpen = mayEdit || !canCancel(state);
  const next = nextStep(form, today);
  const stagePanel = next ? STAGE_PANELS[next] : null;
  const StageIcon = stagePanel ? STAGE_ICONS[stagePanel] : null;
  const icon = { size: 16, 'aria-hidden': true } as const;
  // The panel an item opens notes the focused element, and returns the focus there on closing:
  // the row's Action button, not the item, which is gone by then.
  const act = (panel: FormPanel) => () => {
    buttonRef.current?.focus();
    onAction(panel, form);
  };

  return (
    <>
      {mayOpen && (
        <Menu.Item leftSection={<IconPencil {...icon} />} onClick={act('edit')}>
          {t('refundForms.actions.edit')}
        </Menu.Item>
      )}
      <Menu.Item leftSection={<IconListCheck {...icon} />} onClick={act('status')}>
        {t('refundForms.actions.status')}
      </Menu.Item>
      <Menu.Item leftSection={<IconPrinter {...icon} />} onClick={act('print')}>
        {t('refundForms.actions.print')}
      </Menu.Item>
      {stagePanel && StageIcon && (
        <Menu.Item leftSection={<StageIcon {...icon} />} onClick={act(stagePanel)}>
          {t(`refundForms.actions.${stagePanel}`)}
        </Menu.Item>
      )}
      {!isCancelled && (
        <Menu.Item leftSection={<IconMail {...icon} />} onClick={act('mail')}>
          {t('refundForms.actions.mail')}
        </Menu.Item>
      )}
      {canCancel(state) && (
        <Menu.Item
          className={classes.danger}
          leftSection={<IconBan {...icon} />}
          onClick={act('cancel')}
        >
          {t('refundForms.actions.cancel')}
        </Menu.Item>
      )}
    </>
  );
}

/** A row's Action menu, its items drawn as it opens. */
export function FormActionsMenu({ form, onAction }: FormActionsMenuProps) {
  const { t } = useTranslation();
  const buttonRef = useRef<HTMLButtonElement>(null);

  return (
    // Drawn in the main landmark (not at the end of the body, outside every landmark), yet outside
    // the table's sideways-scrolling box, which would clip it.
    <Menu
      position="bottom-end"
      shadow="md"
      width={240}
      withInitialFocusPlaceholder={false}
      portalProps={{ target: `#${MAIN_CONTENT_ID}` }}
    >
      <Menu.Target>
        <Button
          ref={buttonRef}
          variant="default"
          size="xs"
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('refundForms.actions.menu', { barcode: form.barcode })}
        >
          {t('refundForms.actions.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ActionItems form={form} onAction={onAction} buttonRef={buttonRef} />
      </Menu.Dropdown>
    </Menu>
  );
}
