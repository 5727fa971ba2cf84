// The public frame offers a language switch.
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { initTestI18n } from '../test/i18n';
import { PublicLayout } from './PublicLayout';
import { theme } from './theme';

beforeAll(() => initTestI18n());

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        Component: PublicLayout,
        children: [
          { path: '/signup', element: <p>signup</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <MantineProvider theme={theme} env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('PublicLayout', () => {
  it('offers the language switch on a public page', async () => {
    renderAt('/signup');
    expect(await screen.findByText('signup')).toBeInTheDocument();
    expect(screen.getByTestId('language-select')).toBeInTheDocument();
  });

});
