import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { theme } from './theme';

const Toaster = lazy(async () => ({ default: (await import('@/components/toaster')).Toaster }));

type ProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
};

/**
 * Mantine without runtime <style> tags (CSS variables and global classes come from the static
 * stylesheets), the query cache, and the toasts (top centre, SPEC 8).
 */
export function Providers({ children, queryClient = appQueryClient, env }: ProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      forceColorScheme="light"
      withCssVariables={false}
      withGlobalClasses={false}
      env={env}
    >
      <QueryClientProvider client={queryClient}>
        <Suspense>
          <Toaster />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
