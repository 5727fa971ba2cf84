// The questionnaire as the participant's page walks it: items in page order with their answer options, which
// required questions are still open, and where a returning participant continues.
import type { TPublicInteraction, TQuestionnaire } from '@bq/contracts/questionnaire';

export type AnswerValue = TQuestionnaire['answers'][string];
export type Answers = Record<string, AnswerValue>;
type Item = TPublicInteraction['items'][number];

export interface AnswerOption {
  value: AnswerValue;
  labelKey: string;
}

export interface QuestionnaireItem {
  key: string;
  type: Item['type'];
  textKey: string;
  required: boolean;
  options: AnswerOption[];
}

export interface QuestionnairePage {
  key: string;
  titleKey: string;
  items: QuestionnaireItem[];
}

/** The pages with their items resolved; a Likert item's options are its scale's points. */
export function questionnairePages(interaction: TPublicInteraction): QuestionnairePage[] {
  const items = new Map(interaction.items.map((item) => [item.key, item]));
  const scales = new Map(interaction.scales.map((scale) => [scale.id, scale.points]));
  const optionsOf = (item: Item): AnswerOption[] =>
    item.type === 'likert'
      ? (scales.get(item.scale ?? '') ?? []).map((point) => ({
          value: point.value,
          labelKey: point.labelKey,
        }))
      : (item.options ?? []).map((option) => ({ value: option.key, labelKey: option.labelKey }));
  return interaction.pages.map((page) => ({
    key: page.key,
    titleKey: page.titleKey,
    items: page.itemKeys.flatMap((itemKey) => {
      const item = items.get(itemKey);
      return item
        ? [
            {
              key: item.key,
              type: item.type,
              textKey: item.textKey,
              required: item.required,
              options: optionsOf(item),
            },
          ]
        : [];
    }),
  }));
}

export const isAnswered = (answers: Answers, itemKey: string) => answers[itemKey] !== undefined;

/** Required items without an answer, in page order. */
export function missingRequired(pages: QuestionnairePage[], answers: Answers): string[] {
  return pages.flatMap((page) =>
    page.items.filter((item) => item.required && !isAnswered(answers, item.key)).map((item) => item.key),
  );
}

export function pageIndexOfItem(pages: QuestionnairePage[], itemKey: string): number {
  return pages.findIndex((page) => page.items.some((item) => item.key === itemKey));
}

/**
 * Where a participant continues: the first page with an unanswered required question; when all required ones
 * are answered, where they left off (the page of the first open question after the last answered one); when
 * nothing after that is open, the last page (to submit).
 */
export function resumePageIndex(pages: QuestionnairePage[], answers: Answers): number {
  if (pages.length === 0) return 0;
  const required = pages.findIndex((page) =>
    page.items.some((item) => item.required && !isAnswered(answers, item.key)),
  );
  if (required >= 0) return required;
  const order = pages.flatMap((page, index) => page.items.map((item) => ({ index, key: item.key })));
  const lastAnswered = order.findLastIndex((entry) => isAnswered(answers, entry.key));
  const next = order.slice(lastAnswered + 1).find((entry) => !isAnswered(answers, entry.key));
  return next ? next.index : pages.length - 1;
}

/** How many of the questionnaire's items have an answer. */
export function answeredCount(interaction: TPublicInteraction, answers: Answers): number {
  return interaction.items.filter((item) => isAnswered(answers, item.key)).length;
}
