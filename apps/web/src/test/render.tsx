import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Providers } from '@/app/providers';
import { startAt, TestRouter } from './router';

type Options = Omit<RenderOptions, 'wrapper'> & { route?: string };

/** Renders inside the app's providers (Mantine in test mode, a fresh query cache, a router). */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: Options = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  startAt(route);
  const rendered = render(ui, {
    wrapper: ({ children }) => (
      <Providers env="test">
        <QueryClientProvider client={queryClient}>
          <TestRouter>{children}</TestRouter>
        </QueryClientProvider>
      </Providers>
    ),
    ...options,
  });
  return { ...rendered, queryClient };
}
