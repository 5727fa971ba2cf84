import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDashboard } from '@bq/contracts/dashboard';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { dashboardOf } from '../test-data';
import { ResultReportLinks } from './ResultReportLinks';

beforeAll(() => initTestI18n());

const render = (overrides: Partial<TDashboard>) =>
  renderWithProviders(<ResultReportLinks dashboard={dashboardOf({ instanceToken: 'i1', ...overrides })} />);

describe('links from a result to its documents', () => {
  it('offers the advisory report and its recommendations for bqa', () => {
    render({ kind: 'bqa', lockStatus: 'UNLOCKED' });
    expect(screen.getByTestId('result-report-link')).toHaveAttribute('href', '/bqa/report/i1');
    expect(screen.getByTestId('result-report-link')).toHaveTextContent(
      enUsTexts['results.documents.report']!,
    );
    expect(screen.getByTestId('result-recommendations-link')).toHaveAttribute(
      'href',
      '/bqaRecommendations/report/i1',
    );
    expect(screen.queryByTestId('result-certificate-link')).not.toBeInTheDocument();
  });

  it('offers the performance report and the certificate for bqp, also on a trial', () => {
    render({ kind: 'bqp', productType: 'BQ_PERFORMANCE', lockStatus: 'TRIAL' });
    expect(screen.getByTestId('result-report-link')).toHaveAttribute('href', '/performance/report/i1');
    expect(screen.getByTestId('result-certificate-link')).toHaveAttribute('href', '/bqp/certificate/i1');
    expect(screen.queryByTestId('result-recommendations-link')).not.toBeInTheDocument();
  });

  it('offers only the performance report for a self-assessment', () => {
    render({ kind: 'sa', lockStatus: 'UNLOCKED' });
    expect(screen.getByTestId('result-report-link')).toHaveAttribute('href', '/performance/report/i1');
    expect(screen.queryByTestId('result-certificate-link')).not.toBeInTheDocument();
  });

  it('offers nothing while the result is locked', () => {
    render({ kind: 'bqp', lockStatus: 'LOCKED' });
    expect(screen.queryByTestId('result-report-links')).not.toBeInTheDocument();
  });
});
