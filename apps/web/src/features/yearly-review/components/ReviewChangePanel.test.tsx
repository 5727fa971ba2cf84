// "Changed since the last review" (docs/decisions/0093 addendum): the class's move in plain words, the changed answers
// with both dates, the confirmed-unchanged case, and the dimension rows of the repeated-measurement comparison.
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TReviewChange } from '@bq/contracts/review-change';
import { initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { ReviewChangePanel } from './ReviewChangePanel';

beforeAll(() => initTestI18n());

const CHANGE: TReviewChange = {
  previous: { token: 'p1', finishedAt: '2025-11-20T10:00:00Z', riskClass: 5 },
  latest: { token: 'r1', finishedAt: '2026-12-05T10:00:00Z', riskClass: 2 },
  classMoved: 'down',
  answers: [{ itemKey: 'horizon_1', question: 'How many years from now do you expect to need most of this money?', previous: 'More than 10 years', latest: 'Less than 1 year' }],
  dimensions: [{ key: 'horizon', name: 'Horizon', first: 62, latest: 38, difference: -24, rci: -4.1, reliable: true, direction: 'down' }],
};

const render = (change: TReviewChange) => renderWithProviders(<ReviewChangePanel change={change} resultPath={(token) => `/BQ_RISK/client/c1/dashboard/${token}`} />);

describe('ReviewChangePanel', () => {
  it('says the class moved down, lists the changed answer under both dates, and links both results', () => {
    render(CHANGE);
    expect(screen.getByRole('region', { name: 'Changed since the last review' })).toBeInTheDocument();
    expect(screen.getByTestId('review-change-class')).toHaveTextContent('The suitable risk class moved down from 5 to 2: the client should now take less risk than at the last review.');
    const answers = screen.getByTestId('review-change-answers');
    expect(within(answers).getByRole('columnheader', { name: 'Before (11/20/2025)' })).toBeInTheDocument();
    expect(within(answers).getByRole('columnheader', { name: 'Now (12/05/2026)' })).toBeInTheDocument();
    expect(within(answers).getByRole('row', { name: /How many years.*More than 10 years.*Less than 1 year/ })).toBeInTheDocument();
    expect(screen.getByTestId('review-change-previous')).toHaveAttribute('href', '/BQ_RISK/client/c1/dashboard/p1');
    expect(within(screen.getByTestId('change-table')).getByRole('row', { name: /Horizon/ })).toHaveTextContent('Real decrease (|RCI| > 1.96)');
  });

  it('says unchanged when the client confirmed every answer', () => {
    render({ ...CHANGE, latest: { ...CHANGE.latest, riskClass: 5 }, classMoved: 'unchanged', answers: [], dimensions: [] });
    expect(screen.getByTestId('review-change-class')).toHaveTextContent('The suitable risk class is unchanged at 5.');
    expect(screen.getByTestId('review-change-no-answers')).toHaveTextContent('The client confirmed every answer unchanged.');
    expect(screen.queryByTestId('change-table')).not.toBeInTheDocument();
  });
});
