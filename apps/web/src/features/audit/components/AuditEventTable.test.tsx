// The audit trail reads like a record (issue 37 point 10; docs/decisions/0080): actions in words with the code beneath,
// details as phrases (never JSON braces), users by name and e-mail, in English and in German; an unknown action
// (old data) shows its code.
import { screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { TAuditEvent } from '@bq/contracts/audit';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import deErrors from '../../../../../server/src/features/translations/data/DE_DE/ERROR.json';
import { initI18nWith } from '../../../lib/i18n';
import { initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { AuditEventTable } from './AuditEventTable';
import { AuditEventCards } from './AuditEventCards';

afterAll(() => initTestI18n());

function event(id: number, action: string, details: Record<string, unknown>, actorName: string | null = 'Alex Admin <alex.admin@demo.example>'): TAuditEvent {
  return {
    id: String(id), seq: id, occurredAt: '2026-11-27T10:00:00Z', actorKind: 'USER', actorId: '5b7c1e1a-0000-4000-8000-000000000001',
    actorName, action, clientToken: 'client-tok', resultToken: null, details, outcome: 'ALLOWED', requestId: 'r', ip: '10.0.0.1', userAgent: 'ua',
  };
}

const events = [
  event(4, 'dashboard.view', {}),
  event(3, 'client.list', { rows: 12, total: 40, filter: { productType: 'BQ_RISK', search: true } }),
  event(2, 'client.update', { fields: ['email', 'firstName'] }),
  event(1, 'fairness.adverse_impact_pdf', { format: 'pdf', nested: { a: 1, list: ['x', 'y'] } }, null),
  event(0, 'legacy.renamed_view', { reason: 'moved' }),
];

const rows = () => screen.getAllByTestId('audit-row');

describe('audit events in words', () => {
  it('shows actions in words with the code beneath, details as phrases and users by name, in English', async () => {
    await initTestI18n();
    renderWithProviders(<AuditEventTable events={events} />);
    const [view, list, update, pdf, legacy] = rows();
    expect(within(view!).getByTestId('audit-action-words')).toHaveTextContent("Viewed a client's dashboard");
    expect(within(view!).getByTestId('audit-action-code')).toHaveTextContent('dashboard.view');
    expect(within(view!).getByTestId('audit-actor-name')).toHaveTextContent(/^Alex Admin$/);
    expect(within(view!).getByTestId('audit-actor-email')).toHaveTextContent('alex.admin@demo.example');
    expect(within(view!).getByTestId('audit-actor-id')).toHaveTextContent('5b7c1e1a-0000-4000-8000-000000000001');
    expect(within(list!).getByTestId('audit-details')).toHaveTextContent('12 rows of 40');
    expect(within(list!).getByTestId('audit-details')).toHaveTextContent('Filter: product BQ_RISK, search yes');
    expect(within(update!).getByTestId('audit-details')).toHaveTextContent('Fields: e-mail, first name');
    expect(within(pdf!).getByTestId('audit-action-words')).toHaveTextContent('Downloaded the adverse-impact report (PDF)');
    expect(within(pdf!).getByTestId('audit-details')).toHaveTextContent('Format: PDF');
    expect(within(pdf!).getByTestId('audit-details')).toHaveTextContent('nested: a 1, list (x, y)');
    // An action without words (an older version's) shows its code, nothing else.
    expect(within(legacy!).queryByTestId('audit-action-words')).toBeNull();
    expect(within(legacy!).getByTestId('audit-action-code')).toHaveTextContent('legacy.renamed_view');
    expect(within(legacy!).getByTestId('audit-details')).toHaveTextContent('Reason: moved');
    expect(screen.getByTestId('audit-table').textContent).not.toMatch(/[{}]/);
  });

  it('says the same in German, in the cards too', async () => {
    await initI18nWith('DE_DE', { ...deBqui, ...deErrors } as Record<string, string>);
    renderWithProviders(<AuditEventCards events={events} />);
    const [view, list, update] = screen.getAllByTestId('audit-card');
    expect(within(view!).getByTestId('audit-action-words')).toHaveTextContent('Dashboard eines Kunden angesehen');
    expect(within(view!).getByTestId('audit-actor-name')).toHaveTextContent(/^Alex Admin$/);
    expect(within(list!).getByTestId('audit-details')).toHaveTextContent('12 Zeilen von 40');
    expect(within(update!).getByTestId('audit-details')).toHaveTextContent('Felder: E-Mail, Vorname');
    expect(screen.getByTestId('audit-cards').textContent).not.toMatch(/[{}]/);
  });
});
