// In the send dialog of a risk product, for a client with a result: "start from the answers of <date>" (the yearly
// review, docs/decisions/0093). Ticked when the review is due. The client then sees those answers filled in and
// confirms or changes each; the new profile is shown beside the old one.
import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/formats';

export function StartFromPreviousField({ latestResultAt, checked, onChange }: { latestResultAt: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const { formatDate } = useFormat();
  return (
    <Checkbox
      label={t('review.send.fromPrevious', { date: formatDate(latestResultAt) })}
      description={t('review.send.fromPreviousHint')}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="send-interaction-from-previous"
    />
  );
}
