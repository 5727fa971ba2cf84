// The risk section's figures say what they are (US dollars, total return, nominal or real) in every locale, the
// switch between nominal and inflation-adjusted figures, the drawdown the server measured over every month, the
// PRIIPs-way market-risk class beside the product's own class, and chart IV's evenly spaced year ticks.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locale } from '@bq/domain/locales';
import deBqui from '../../../../../server/src/features/translations/data/DE_DE/BQUI.json';
import ukBqui from '../../../../../server/src/features/translations/data/EN_UK/BQUI.json';
import { initI18nWith } from '../../../lib/i18n';
import { enUsTexts, initTestI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { contentOf, dashboardOf, historySection } from '../test-data';
import { RiskSection } from './RiskSection';

afterAll(() => initTestI18n());

async function renderIn(locale: Locale, texts: Record<string, string>) {
  await initI18nWith(locale, texts);
  const content = contentOf({ sections: { BQA_RISK: historySection() } });
  renderWithProviders(<RiskSection content={content} risk={dashboardOf().risk} token="i1" canResolve={false} />);
  return screen.getByTestId('risk-section');
}

describe('risk section figures', () => {
  it('switches between nominal and real figures; the drawdown is the server figure from every month', async () => {
    const section = await renderIn('EN_US', enUsTexts);
    expect(within(section).getByTestId('risk-basis-what')).toHaveTextContent(
      'US stocks (S&P 500, dividends reinvested) and 10-year US Treasuries, total return in US dollars, nominal',
    );
    const chartIV = within(section).getByTestId('risk-chart-IV');
    expect(chartIV).toHaveAccessibleName(/^Chart IV – Value over time, nominal, in US dollars/);
    expect(within(section).getByTestId('risk-drawdown')).toHaveTextContent(
      'Largest fall from a previous high, over every month: -27.8% (Sep 1929 to Jun 1932); back at the previous high in Jan 1936.',
    );
    expect(within(section).getByTestId('risk-table')).toHaveAttribute('data-basis', 'nominal');
    expect(within(section).getByTestId('risk-chart-I')).toHaveTextContent('Worst: -18.2% per year');

    fireEvent.click(within(section).getByRole('radio', { name: 'Real (after US inflation)' }));
    expect(within(section).getByTestId('risk-basis-note')).toHaveTextContent(enUsTexts['results.risk.view.realNote']!);
    expect(within(section).getByTestId('risk-chart-IV')).toHaveAccessibleName(/^Chart IV – Value over time after US inflation/);
    expect(within(section).getByTestId('risk-chart-I')).toHaveTextContent('Worst: -21.2% per year');
    expect(within(section).getByTestId('risk-drawdown')).toHaveTextContent('-30.8% (Sep 1929 to Jun 1932); not back');
    expect(within(section).getByTestId('risk-table')).toHaveAttribute('data-basis', 'real');
    expect(within(section).getByTestId('risk-line-summary')).toHaveTextContent(/^After US inflation, \$100 invested/);
  });

  it('says in which month the figures end and why, and words a fall not yet regained against that month (issue 37 point 3)', async () => {
    let section = await renderIn('EN_US', enUsTexts);
    expect(within(section).getByTestId('risk-basis-cut')).toHaveTextContent(
      'The figures end in Jun 2023: for later months the data source is missing dividends or interest rates (its file runs to Jun 2026), so those months are left out rather than estimated.',
    );
    fireEvent.click(within(section).getByRole('radio', { name: 'Real (after US inflation)' }));
    expect(within(section).getByTestId('risk-drawdown')).toHaveTextContent(/not back at the previous high by [A-Z][a-z]{2} \d{4}, the last month of the data\./);
    expect(within(section).getByTestId('risk-drawdown')).not.toHaveTextContent(/end of the history/);
    section.remove();

    section = await renderIn('DE_DE', deBqui as Record<string, string>);
    expect(within(section).getByTestId('risk-basis-cut')).toHaveTextContent(/^Die Zahlen enden im Juni 2023: .*\(ihre Datei reicht bis Juni 2026\)/);
  });

  it('says nothing of a cut when the figures reach the end of the imported file', async () => {
    await initI18nWith('EN_US', enUsTexts);
    const full = historySection();
    if (full.basis.kind !== 'history') throw new Error('a history section');
    full.basis.marketData.fileLastDate = full.basis.lastDate;
    renderWithProviders(<RiskSection content={contentOf({ sections: { BQA_RISK: full } })} risk={dashboardOf().risk} token="i1" canResolve={false} />);
    expect(screen.getByTestId('risk-basis')).toBeInTheDocument();
    expect(screen.queryByTestId('risk-basis-cut')).not.toBeInTheDocument();
  });

  it('shows the PRIIPs-way market-risk class beside the class and names the class scale as the product own', async () => {
    const section = await renderIn('EN_US', enUsTexts);
    const mrm = within(section).getByTestId('risk-market-class');
    expect(mrm).toHaveAttribute('data-mrm', '3');
    expect(mrm).toHaveTextContent('Market-risk class of the model portfolio (PRIIPs method)3 of 7');
    expect(mrm).toHaveTextContent('VaR-equivalent volatility 5.2% from the monthly returns Jun 2018 – Jun 2023');
    expect(mrm).toHaveTextContent('It is not the summary risk indicator of a product');
    expect(within(section).getByTestId('risk-scale-note')).toHaveTextContent(
      "Risk classes 1–7 are this product's own scale for the client's risk profile, not a PRIIPs summary risk indicator.",
    );
  });

  it('ticks chart IV at evenly spaced round years, without gaps', async () => {
    const section = await renderIn('EN_US', enUsTexts);
    // The fixture runs from Jan 1926 to Dec 2025: 100 years at a step of 20.
    const ticks = within(section).getByTestId('risk-line-ticks').getAttribute('data-ticks')!.split(',').map(Number);
    expect(ticks).toEqual([1940, 1960, 1980, 2000, 2020]);
  });

  it.each([
    ['DE_DE', deBqui, '100 US$, im Jan. 1926 im Modellportfolio angelegt', 'Gesamtrendite in US-Dollar, nominal'],
    ['EN_UK', ukBqui, 'US$100 invested in the model portfolio in Jan 1926', 'total return in US dollars, nominal'],
  ] as const)('writes dollar figures in dollars in %s, never with a euro sign', async (locale, texts, summary, what) => {
    const section = await renderIn(locale, texts as Record<string, string>);
    expect(within(section).getByTestId('risk-line-summary')).toHaveTextContent(summary);
    expect(within(section).getByTestId('risk-basis-what')).toHaveTextContent(what);
    expect(section.textContent).not.toContain('€');
  });
});
