import type { ReactNode } from 'react';
import { Container } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { GoToTop } from '@/components/go-to-top';
import { queryClient } from '../api/query-client';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/skip-link';
import { TopNav } from './top-nav';

/**
 * The frame of every screen past the login: the query cache, top navigation, content, go-to-top.
 */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: t('actions.yes'), cancel: t('actions.no') }}>
        <SkipLink />
        <TopNav />
        <Container component="main" id={MAIN_CONTENT_ID} tabIndex={-1} size="xl" py="lg">
          {children}
        </Container>
        <GoToTop />
      </ModalsProvider>
    </QueryClientProvider>
  );
}
