// "Why this score" names the dimension's part in the fit as the fit computes it (decision 0074): the gap in T points
// and sds, weight x gap² and the fit points lost, never the old gap x weight / 40.
import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type { TResultExplanation } from '@bq/contracts/explanation';
import { initTestI18n } from '../../../test/i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { WhyThisScore } from './WhyThisScore';

beforeAll(() => initTestI18n());

// The API's answer for T 56.4 against a target of 60 with weight 16 (explanation.test.ts on the server).
const explanation: TResultExplanation = {
  instanceToken: 'i1',
  locale: 'EN_US',
  fitProfile: { profileName: 'Sales', fit: 91 },
  dimensions: [
    {
      key: 'conscientiousness',
      name: 'Conscientiousness',
      computable: true,
      answered: 1,
      itemCount: 1,
      raw: 4,
      t: 56.4,
      norm: { mean: 3.9, sd: 0.55 },
      baseline: 50,
      answers: [
        {
          itemKey: 'c1',
          text: 'I finish what I start.',
          answer: '4 – Agree',
          itemScore: 4,
          reverse: false,
          raw: 4,
          t: 6.4,
          tShown: 6.4,
        },
      ],
      fit: { target: 60, weight: 16, gap: 3.6, gapSd: 0.36, weightedSquaredGap: 2.07, pointsLost: 9.3 },
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) =>
      String(input) === '/api/dashboard/i1/explanation?locale=EN_US'
        ? jsonResponse(explanation)
        : jsonResponse({ errorKey: 'error.not_found', message: 'x' }, 404),
    ),
  );
});

it("states the dimension's gap, weight x gap² and fit points lost in one sentence", async () => {
  renderWithProviders(<WhyThisScore token="i1" dimensionKey="conscientiousness" />);
  fireEvent.click(screen.getByTestId('why-score-toggle-conscientiousness'));
  expect(await screen.findByTestId('why-score-fit')).toHaveTextContent(
    'In the fit to "Sales": a gap of 3.6 T points (0.36 SD) to the target; weight 16 × 0.36² = 2.07; this dimension costs 9.3 fit points.',
  );
});
