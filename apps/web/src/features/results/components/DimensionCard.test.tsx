// One band system: the level a card names (from the stanine) and the zone its mark is drawn in (the T scale's
// shading) come from the same bands, so a T of 41 (stanine 3) reads "below average" and sits in the lighter
// below-average zone, not in the average zone (which was 40-60 and now is 42.5-57.5).
import { render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCORE_LEVEL_BANDS, scoreLevelOfStanine, type TDimensionResult } from '@bq/contracts/dashboard';
import { theme } from '../../../app/theme';
import { initTestI18n } from '../../../test/i18n';
import { tPosition } from '../dimension-texts';
import { DimensionCard } from './DimensionCard';

beforeAll(() => initTestI18n());

const texts = { name: 'Risk tolerance', description: '', low: 'Prefers safety.', high: 'Accepts swings.' };

function result(t: number, stanine: number): TDimensionResult {
  return {
    key: 'tolerance',
    computable: true,
    answered: 5,
    itemCount: 5,
    raw: 3,
    z: (t - 50) / 10,
    t,
    stanine,
    percentile: 20,
    band: { low: t - 5, high: t + 5 },
    level: scoreLevelOfStanine(stanine),
  };
}

/** The shaded zone (as drawn) that contains the mark's position, or 'none'. */
function zoneOfMark(card: HTMLElement, t: number): string {
  const x = tPosition(t);
  const zone = [...card.querySelectorAll('rect[data-level]')].find((rect) => {
    const left = Number(rect.getAttribute('x'));
    return x >= left && x < left + Number(rect.getAttribute('width'));
  });
  return zone?.getAttribute('data-level') ?? 'none';
}

describe('dimension card: label and shading from one band system', () => {
  it.each([
    [41, 3, 'Below average', 'BELOW_AVERAGE'],
    [43, 4, 'Average', 'AVERAGE'],
    [57.6, 7, 'Above average', 'ABOVE_AVERAGE'],
    [36, 2, 'Low', 'none'],
    [64.7, 8, 'High', 'none'],
  ])('T %f (stanine %i) reads "%s" and is drawn in the %s zone', (t, stanine, label, zone) => {
    render(
      <MantineProvider theme={theme} env="test">
        <DimensionCard result={result(t, stanine)} texts={texts} />
      </MantineProvider>,
    );
    const card = screen.getByTestId('result-dimension-tolerance');
    expect(within(card).getByText(label)).toBeInTheDocument();
    expect(zoneOfMark(card, t)).toBe(zone);
    // The zone drawn is the band of the label (LOW and HIGH are the unshaded ends).
    const band = SCORE_LEVEL_BANDS.find((b) => b.stanines.includes(stanine))!;
    expect(band.level === 'LOW' || band.level === 'HIGH' ? 'none' : band.level).toBe(zone);
  });
});

describe('dimension card: knowledge in the client\'s own answers (docs/decisions/0086)', () => {
  it('shows what was answered instead of "sound knowledge", and says the level was lowered', () => {
    const knowledge: TDimensionResult = {
      ...result(60, 7),
      key: 'knowledge',
      level: 'BELOW_AVERAGE',
      knowledge: {
        experience: [
          { item: 'knowledge_shares', answer: 'aware' },
          { item: 'knowledge_funds', answer: 'aware' },
        ],
        test: { asked: 3, correct: 1 },
        cap: 'BELOW_AVERAGE',
      },
    };
    render(
      <MantineProvider theme={theme} env="test">
        <DimensionCard result={knowledge} texts={{ ...texts, high: 'Sound knowledge and regular experience.' }} />
      </MantineProvider>,
    );
    const card = screen.getByTestId('result-dimension-knowledge');
    expect(within(card).getByText('Below average')).toBeInTheDocument();
    expect(within(card).getByTestId('result-knowledge-answers')).toHaveTextContent(
      'Knows how they work but has never invested: shares and funds (including ETFs). Knowledge questions: 1 of 3 answered correctly. The level follows these answers; the score alone would read “Above average”.',
    );
    expect(card).not.toHaveTextContent('Sound knowledge');
  });
});
