// Renders a component inside the app's providers (Mantine in test mode with modals and toasts, a fresh
// QueryClient, a memory router).
import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
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
  // With a path pattern, every other URL renders a marker, so a test can follow where the component navigated.
  const routes = options.path
    ? [
        { path: options.path, element: ui },
        { path: '*', element: <div data-testid="other-route" /> },
      ]
    : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const result = render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
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
