// After a submit attempt: the required questions still unanswered, each a button that opens its page.
import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface MissingAnswer {
  itemKey: string;
  page: number;
  question: string;
}

export function MissingAnswers({
  missing,
  onOpen,
}: {
  missing: MissingAnswer[];
  onOpen: (itemKey: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('questionnaire.missing.title')}
      data-testid="questionnaire-missing"
    >
      {t('questionnaire.missing.text')}
      <List size="sm" mt="xs" spacing={4}>
        {missing.map((entry) => (
          <List.Item key={entry.itemKey}>
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="start"
              onClick={() => onOpen(entry.itemKey)}
              data-testid={`questionnaire-missing-${entry.itemKey}`}
            >
              {t('questionnaire.missing.item', { page: entry.page, question: entry.question })}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
