import type { ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { FileInput, Modal, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUsTexts, initTestI18n } from '../test/i18n';
import { App } from './App';
import { createQueryClient } from './query-client';
import type { createAppRouter } from './router';

beforeAll(() => initTestI18n());
afterEach(() => act(() => notifications.clean()));

function renderApp(page: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: page }]);
  return render(
    <App router={router as unknown as ReturnType<typeof createAppRouter>} queryClient={createQueryClient()} />,
  );
}

describe('App: what every page gets from the theme', () => {
  it('shows a toast, its container loading with the first one, with a named close button', async () => {
    renderApp(<p>page</p>);
    expect(await screen.findByText('page')).toBeInTheDocument();
    act(() => {
      notifications.show({ title: 'Saved', message: 'The language was saved' });
    });
    expect(await screen.findByText('The language was saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: enUsTexts['common.close'] })).toBeInTheDocument();
  });

  it('names the close button of a dialog and the clear button of an input', async () => {
    renderApp(
      <Modal opened onClose={() => {}} title="Send questionnaire">
        <FileInput label="File" clearable value={new File(['a'], 'history.csv')} />
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('button', { name: enUsTexts['common.close'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: enUsTexts['common.clear'] })).toBeInTheDocument();
  });

  it('makes a table scroll area a named region keyboard users can focus', async () => {
    renderApp(
      <Table.ScrollContainer minWidth={900}>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>cell</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>,
    );
    const region = await screen.findByRole('region', { name: enUsTexts['common.scrollableTable'] });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(screen.getByText('cell'));
  });
});
