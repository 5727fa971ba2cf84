// One question: a fieldset of native radio buttons with the question as its legend and each option's text as
// its radio's label, so arrow keys move between the options and every radio is found by its option's text.
// A scale of up to five points lies in a row on wider screens; other options are listed one below the other.
import { useId, type CSSProperties } from 'react';
import { Fieldset, Radio, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, QuestionnaireItem } from '../questionnaire-model';
import classes from './QuestionItem.module.css';

interface QuestionItemProps {
  item: QuestionnaireItem;
  value: AnswerValue | undefined;
  /** The item's text (and its options' texts) in the participant's language. */
  textOf: (key: string) => string;
  showError: boolean;
  onAnswer: (itemKey: string, value: AnswerValue) => void;
}

export function QuestionItem({ item, value, textOf, showError, onAnswer }: QuestionItemProps) {
  const { t } = useTranslation();
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  // Up to five points fit in a row with their labels; longer scales are listed like choices.
  const inRow = item.type === 'likert' && item.options.length <= 5;
  return (
    <Fieldset
      variant="unstyled"
      classNames={{ root: classes.question, legend: classes.legend }}
      legend={
        <span id={legendId}>
          {textOf(item.textKey)}
          {item.required ? (
            <span className={classes.required} aria-hidden>
              *
            </span>
          ) : null}
        </span>
      }
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required={item.required || undefined}
      aria-invalid={showError || undefined}
      aria-describedby={showError ? errorId : undefined}
      mod={{ invalid: showError, answered: value !== undefined }}
      data-item-key={item.key}
      data-testid={`questionnaire-item-${item.key}`}
    >
      <div
        className={inRow ? classes.scale : classes.choices}
        style={inRow ? ({ '--scale-points': item.options.length } as CSSProperties) : undefined}
      >
        {item.options.map((option) => (
          <Radio
            key={String(option.value)}
            name={`${id}-answer`}
            value={String(option.value)}
            checked={value === option.value}
            onChange={() => onAnswer(item.key, option.value)}
            label={textOf(option.labelKey)}
            classNames={{
              root: classes.option,
              body: classes.body,
              inner: classes.inner,
              labelWrapper: classes.labelWrapper,
              label: classes.label,
            }}
          />
        ))}
      </div>
      {showError ? (
        <Text id={errorId} c="var(--mantine-color-error)" size="sm" fw={500} className={classes.error}>
          <IconAlertCircle size={16} aria-hidden />
          {t('questionnaire.item.required')}
        </Text>
      ) : null}
    </Fieldset>
  );
}
