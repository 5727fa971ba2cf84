// Renders a component inside the app's providers (Mantine in test mode, a fresh QueryClient, a memory router).
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { theme } from '../app/theme';

interface RenderOptions {
  /** Path the memory router starts at. */
  route?: string;
  /** Route path pattern the element is mounted at. */
  path?: string;
  queryClient?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }], {
    initialEntries: [options.route ?? '/'],
  });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Matches a field label exactly, allowing Mantine's required asterisk after it. */
export function exactLabel(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}
