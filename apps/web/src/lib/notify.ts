import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { i18n } from './i18n';

/** Success and login toasts last one second (SPEC 9). */
export const SUCCESS_TOAST_MS = 1000;
const PROBLEM_TOAST_MS = 5000;

type ToastOptions = { title?: ReactNode; autoClose?: number | false; id?: string };

function closeLabel() {
  return { 'aria-label': i18n.t('actions.close') };
}

export function notifySuccess(message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    id: options.id,
    message,
    title: options.title,
    color: 'teal',
    autoClose: options.autoClose ?? SUCCESS_TOAST_MS,
    position: 'top-center',
    closeButtonProps: closeLabel(),
  });
}

export function notifyError(message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    id: options.id,
    message,
    title: options.title ?? i18n.t('toast.error'),
    color: 'red',
    autoClose: options.autoClose ?? PROBLEM_TOAST_MS,
    position: 'top-center',
    closeButtonProps: closeLabel(),
  });
}

export function notifyWarning(message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    id: options.id,
    message,
    title: options.title ?? i18n.t('toast.warning'),
    color: 'orange',
    autoClose: options.autoClose ?? PROBLEM_TOAST_MS,
    position: 'top-center',
    closeButtonProps: closeLabel(),
  });
}
