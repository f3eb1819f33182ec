import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './tax-forms.module.css';

type FormDrawerProps = {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form's barcode beside the title, once the form has loaded. */
  barcode?: string | undefined;
  children: ReactNode;
};

/** A form's side panel from its Action menu: the action's name and the form's barcode on top. */
export function FormDrawer({ opened, onClose, title, barcode, children }: FormDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      lockScroll={false}
      title={
        <span className={classes.drawerTitle}>
          <span>{title}</span>
          {barcode && <span className={classes.barcodeDigits}>{barcode}</span>}
        </span>
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {children}
    </Drawer>
  );
}
