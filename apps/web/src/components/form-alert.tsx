import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertCircle, IconInfoCircle } from './start-icons';

type FormAlertProps = { title?: ReactNode; children: ReactNode; tone?: 'error' | 'info' };

/** A message above a form: the server's error, or a notice handed over by the previous screen. */
export function FormAlert({ title, children, tone = 'error' }: FormAlertProps) {
  const isError = tone === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'blue'}
      variant="light"
      title={title}
      icon={isError ? <IconAlertCircle aria-hidden /> : <IconInfoCircle aria-hidden />}
      role={isError ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
