// The fit to the client's requirement profile: the number and, per dimension in the dashboard's order, the gap to
// the target times its weight, so the adviser can explain the number.
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TResultFit } from '@bq/contracts/weights';
import { theme } from '../../../app/theme';
import { initTestI18n } from '../../../test/i18n';
import { contentOf } from '../test-data';
import { FitSection } from './FitSection';

beforeAll(() => initTestI18n());

const fit: TResultFit = {
  profileId: 'p1',
  profileName: 'Growth investor',
  fit: 79,
  contributions: [
    { key: 'capacity', score: 70, target: 50, weight: 1, gap: 20, weightedGap: 0.5, pointsLost: 2.4 },
    { key: 'tolerance', score: 50, target: 60, weight: 16, gap: 10, weightedGap: 4, pointsLost: 19 },
  ],
  missing: [],
};

describe('FitSection', () => {
  it('shows the fit, the profile and per dimension gap, weight and gap x weight', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <FitSection fit={fit} content={contentOf()} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('result-fit-value')).toHaveTextContent('79');
    expect(screen.getByText('Profile: Growth investor')).toBeInTheDocument();
    const rows = within(screen.getByTestId('result-fit-table')).getAllByRole('row').slice(1);
    // The dashboard's dimension order: tolerance before capacity.
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'result-fit-row-tolerance',
      'result-fit-row-capacity',
    ]);
    expect(rows[0]).toHaveTextContent(/50\.0\s*60\s*10\.0\s*×16\s*4\.00\s*19\.0/);
  });
});
