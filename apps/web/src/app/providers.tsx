import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appTheme } from './theme';

const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

type ProvidersProps = {
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
};

/**
 * Where toasts appear, loaded with the first toast: the login page does not pay for it. Toasts
 * raised before it arrives wait in the notifications store and show as soon as it mounts.
 */
function LazyToaster() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  return isNeeded ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Mantine without runtime <style> tags (CSS variables and global classes come from the static
 * stylesheets) and the toasts (top centre, SPEC 8). The query cache belongs to the signed-in
 * shell, which provides it.
 */
export function Providers({ children, env }: ProvidersProps) {
  const { t } = useTranslation();
  const theme = useMemo(() => appTheme(t('actions.close')), [t]);
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
      env={env}
    >
      <LazyToaster />
      {children}
    </MantineProvider>
  );
}
