import { describe, expect, it } from 'vitest';
import type { TPublicInteraction } from '@bq/contracts/questionnaire';
import { missingRequired, questionnairePages, resumePageIndex } from './questionnaire-model';

const interaction: TPublicInteraction = {
  id: 'demo',
  version: 1,
  estimatedMinutes: 5,
  nameKey: 'n',
  introKey: 'i',
  outroKey: 'o',
  scales: [{ id: 's', points: [1, 2, 3].map((value) => ({ value, labelKey: `s${value}` })) }],
  pages: [
    { key: 'a', titleKey: 'pa', itemKeys: ['q1', 'q2'] },
    { key: 'b', titleKey: 'pb', itemKeys: ['q3'] },
    { key: 'c', titleKey: 'pc', itemKeys: ['q4'] },
  ],
  items: [
    { key: 'q1', type: 'likert', textKey: 't1', required: true, scale: 's' },
    { key: 'q2', type: 'choice', textKey: 't2', required: false, options: [{ key: 'x', labelKey: 'lx' }] },
    { key: 'q3', type: 'likert', textKey: 't3', required: false, scale: 's' },
    { key: 'q4', type: 'likert', textKey: 't4', required: true, scale: 's' },
  ],
};
const pages = questionnairePages(interaction);

describe('questionnaire model', () => {
  it("gives a scale item its scale's points and a choice item its options", () => {
    expect(pages[0]!.items.map((item) => item.options.map((option) => option.value))).toEqual([
      [1, 2, 3],
      ['x'],
    ]);
  });

  it('lists unanswered required items in page order', () => {
    expect(missingRequired(pages, {})).toEqual(['q1', 'q4']);
    expect(missingRequired(pages, { q1: 2 })).toEqual(['q4']);
  });

  it.each([
    ['a new participant on the first page', {}, 0],
    ['to the first open required question before where the participant stopped', { q4: 3 }, 0],
    ['past answered pages to the first open required question', { q1: 1 }, 2],
    [
      'to the last page once the required questions are answered and the rest was passed by',
      { q1: 1, q4: 3 },
      2,
    ],
    ['to the last page when everything is answered', { q1: 1, q2: 'x', q3: 2, q4: 3 }, 2],
  ])('resumes %s', (_label, answers, index) => {
    expect(resumePageIndex(pages, answers)).toBe(index);
  });

  it.each([
    [{}, 0],
    [{ q1: 1 }, 0],
    [{ q1: 1, q2: 'x' }, 1],
    [{ q3: 1 }, 2],
  ])(
    'resumes a questionnaire without required questions where the participant left off (%o)',
    (answers, index) => {
      const optional = questionnairePages({
        ...interaction,
        items: interaction.items.map((item) => ({ ...item, required: false })),
      });
      expect(resumePageIndex(optional, answers)).toBe(index);
    },
  );
});
