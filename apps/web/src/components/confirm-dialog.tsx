import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n';

/** Confirmations dismiss themselves after 20 s, counting as NO (SPEC 9). */
export const CONFIRM_TIMEOUT_MS = 20_000;

type ConfirmOptions = {
  /** Defaults to "Are you sure?". */
  title?: ReactNode;
  message: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** A destructive action shows its confirm button in red. */
  isDanger?: boolean;
  /** Focus starts on the confirm button (Enter answers YES) rather than on the first control. */
  focusConfirm?: boolean;
  timeout?: number;
};

/**
 * Asks a YES/NO question; resolves `true` for YES, `false` for NO, closing, or the timeout.
 * Needs the ModalsProvider, which the signed-in app shell provides.
 */
export function confirmDialog(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let isSettled = false;
    const settle = (answer: boolean) => {
      if (isSettled) return;
      isSettled = true;
      window.clearTimeout(timer);
      resolve(answer);
    };
    const modalId = modals.openConfirmModal({
      title: options.title ?? i18n.t('confirm.title'),
      centered: true,
      children: <Text size="sm">{options.message}</Text>,
      labels: {
        confirm: options.confirmLabel ?? i18n.t('actions.yes'),
        cancel: options.cancelLabel ?? i18n.t('actions.no'),
      },
      confirmProps: {
        ...(options.isDanger && { color: 'red' }),
        ...(options.focusConfirm && { 'data-autofocus': true }),
      },
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
    const timer = window.setTimeout(() => {
      modals.close(modalId);
      settle(false);
    }, options.timeout ?? CONFIRM_TIMEOUT_MS);
  });
}
