// The fit to the client's requirement profile: the number, the formula in one sentence and, per dimension in the
// dashboard's order, the gap in sds, weight x gap² and the points lost, so the adviser can redo it (decision 0074).
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TResultFit } from '@bq/contracts/weights';
import { theme } from '../../../app/theme';
import { initTestI18n } from '../../../test/i18n';
import { contentOf } from '../test-data';
import { FitSection } from './FitSection';

beforeAll(() => initTestI18n());

// The hand-computed case of packages/scoring/src/fit.test.ts: tolerance 1 sd below 60 (x16), capacity 2 sds above
// 50 (x1), D^2 = 20 / 17, fit = 100 x exp(-0.75 x 20 / 17) = 41.4.
const fit: TResultFit = {
  profileId: 'p1',
  profileName: 'Growth investor',
  fit: 41,
  rmsGapSd: 1.08,
  contributions: [
    {
      key: 'capacity',
      score: 70,
      target: 50,
      weight: 1,
      gap: 20,
      gapSd: 2,
      weightedSquaredGap: 4,
      pointsLost: 11.7,
    },
    {
      key: 'tolerance',
      score: 50,
      target: 60,
      weight: 16,
      gap: 10,
      gapSd: 1,
      weightedSquaredGap: 16,
      pointsLost: 46.9,
    },
  ],
  missing: [],
};

describe('FitSection', () => {
  it('shows the fit, its formula and per dimension gap (sd), weight, weight x gap² and points lost', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <FitSection fit={fit} content={contentOf()} />
      </MantineProvider>,
    );
    expect(screen.getByTestId('result-fit-value')).toHaveTextContent('41');
    expect(screen.getByText('Profile: Growth investor')).toBeInTheDocument();
    expect(screen.getByTestId('result-fit-method')).toHaveTextContent(
      'Fit = 100 × e^(−0.75 × D²), where D² = the sum of weight × gap² ÷ the sum of weights',
    );
    expect(screen.getByTestId('result-fit-rms')).toHaveTextContent('D = 1.08 SD');
    const table = screen.getByTestId('result-fit-table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual([
      'Dimension',
      'Score (T)',
      'Target (T)',
      'Gap (SD)',
      'Weight',
      'Weight × gap²',
      'Fit points lost',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    // The dashboard's dimension order: tolerance before capacity.
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual([
      'result-fit-row-tolerance',
      'result-fit-row-capacity',
    ]);
    // The column under "Weight × gap²" is the product of the two before it: 16 x 1.00² and 1 x 2.00².
    expect(rows[0]).toHaveTextContent(/50\.0\s*60\s*1\.00\s*×16\s*16\.00\s*46\.9/);
    expect(rows[1]).toHaveTextContent(/70\.0\s*50\s*2\.00\s*×1\s*4\.00\s*11\.7/);
  });
});
