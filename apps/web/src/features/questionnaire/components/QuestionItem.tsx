// One question: a fieldset of native radio buttons with the question as its legend and each option's text as
// its radio's label (the whole tile, at least 48 px high, is the tap target), so arrow keys move between the
// options and every radio is found by its option's text. A scale of up to five points lies in a row on wider
// screens; other options are listed one below the other.
import { useId, type CSSProperties } from 'react';
import { useTexts } from '../../../participant/texts';
import type { AnswerValue, QuestionnaireItem } from '../questionnaire-model';

interface QuestionItemProps {
  item: QuestionnaireItem;
  value: AnswerValue | undefined;
  /** The item's text (and its options' texts) in the participant's language. */
  textOf: (key: string) => string;
  showError: boolean;
  onAnswer: (itemKey: string, value: AnswerValue) => void;
}

export function QuestionItem({ item, value, textOf, showError, onAnswer }: QuestionItemProps) {
  const { t } = useTexts();
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  // Up to five points fit in a row with their labels; longer scales are listed like choices.
  const inRow = item.type === 'likert' && item.options.length <= 5;
  return (
    <fieldset
      className="p-question"
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={item.required || undefined}
      aria-invalid={showError || undefined}
      aria-describedby={showError ? errorId : undefined}
      data-invalid={showError ? '' : undefined}
      data-answered={value !== undefined ? '' : undefined}
      data-item-key={item.key}
      data-testid={`questionnaire-item-${item.key}`}
    >
      <legend className="p-legend">
        <span id={legendId}>
          {textOf(item.textKey)}
          {item.required ? (
            <span className="p-required" aria-hidden="true">
              *
            </span>
          ) : null}
        </span>
      </legend>
      <div
        className={inRow ? 'p-options p-scale' : 'p-options'}
        style={inRow ? ({ '--scale-points': item.options.length } as CSSProperties) : undefined}
      >
        {item.options.map((option) => (
          <label key={String(option.value)} className="p-option">
            <input
              type="radio"
              name={`${id}-answer`}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onAnswer(item.key, option.value)}
            />
            <span>{textOf(option.labelKey)}</span>
          </label>
        ))}
      </div>
      {showError ? (
        <p id={errorId} className="p-error-text">
          {t('questionnaire.item.required')}
        </p>
      ) : null}
    </fieldset>
  );
}
