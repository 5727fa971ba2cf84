// The last step before handing in: every question with the answer given, page by page, each with a "Change" button
// that opens its page with the focus on it. Nothing is sent until the participant submits here; after that the
// answers can no longer be changed, which the lead says.
import type { ReactNode, Ref } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  isAnswered,
  type AnswerValue,
  type Answers,
  type QuestionnaireItem,
  type QuestionnairePage,
} from '../questionnaire-model';

interface QuestionnaireReviewProps {
  pages: QuestionnairePage[];
  answers: Answers;
  textOf: (key: string) => string;
  onChange: (itemKey: string) => void;
  onBack: () => void;
  onSubmit: () => void;
  submitting: boolean;
  /** The submit error, if the last attempt failed (shown above the buttons). */
  problem: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The answer as the participant chose it: the option's text; a value without an option (free input) as given. */
function answerText(item: QuestionnaireItem, value: AnswerValue, textOf: (key: string) => string): string {
  const label = (one: unknown) => {
    const option = item.options.find((candidate) => candidate.value === one);
    return option ? textOf(option.labelKey) : String(one);
  };
  return Array.isArray(value) ? value.map(label).join(', ') : label(value);
}

export function QuestionnaireReview(props: QuestionnaireReviewProps) {
  const { t } = useTranslation();
  const { pages, answers, textOf } = props;
  return (
    <Stack
      gap="md"
      data-testid="questionnaire-review"
      component="section"
      aria-labelledby="questionnaire-review-title"
    >
      <Title order={2} fz="h3" ref={props.headingRef} tabIndex={-1} id="questionnaire-review-title">
        {t('questionnaire.review.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('questionnaire.review.lead')}
      </Text>
      {pages.map((page) => (
        <Paper key={page.key} withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
          <Title order={3} fz="h5" mb="xs">
            {textOf(page.titleKey)}
          </Title>
          <Stack gap="sm" component="dl" m={0}>
            {page.items.map((item) => {
              const question = textOf(item.textKey);
              const answered = isAnswered(answers, item.key);
              return (
                <div key={item.key} data-testid={`questionnaire-review-${item.key}`}>
                  <Text component="dt" size="sm" c="dimmed">
                    {question}
                  </Text>
                  <Group
                    component="dd"
                    m={0}
                    justify="space-between"
                    align="flex-start"
                    wrap="nowrap"
                    gap="md"
                  >
                    <Text fw={answered ? 600 : undefined} fs={answered ? undefined : 'italic'}>
                      {answered
                        ? answerText(item, answers[item.key]!, textOf)
                        : t('questionnaire.review.notAnswered')}
                    </Text>
                    <Button
                      type="button"
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('questionnaire.review.changeLabel', { question })}
                      onClick={() => props.onChange(item.key)}
                      data-testid={`questionnaire-change-${item.key}`}
                    >
                      {t('questionnaire.review.change')}
                    </Button>
                  </Group>
                </div>
              );
            })}
          </Stack>
        </Paper>
      ))}
      {props.problem}
      <Group justify="space-between" mt="sm">
        <Button
          type="button"
          variant="default"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={props.onBack}
          data-testid="questionnaire-review-back"
        >
          {t('questionnaire.back')}
        </Button>
        <Button
          type="button"
          loading={props.submitting}
          rightSection={<IconSend size={18} aria-hidden />}
          onClick={props.onSubmit}
          data-testid="questionnaire-submit"
        >
          {t('questionnaire.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
