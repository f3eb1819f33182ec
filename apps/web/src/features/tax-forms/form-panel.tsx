import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './tax-forms.module.css';

type FormPanelProps = {
  opened: boolean;
  onClose: () => void;
  /** What the panel does: "Form Status", "Cancel form"… */
  title: ReactNode;
  /** The form's barcode, once it is known. */
  barcode: string | undefined;
  children: ReactNode;
};

/**
 * A panel about one form over the list (its status, a stage, cancelling, sending): a narrow drawer
 * on the right titled with what it does and the form's barcode.
 */
export function FormPanel({ opened, onClose, title, barcode, children }: FormPanelProps) {
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
    >
      {children}
    </Drawer>
  );
}
