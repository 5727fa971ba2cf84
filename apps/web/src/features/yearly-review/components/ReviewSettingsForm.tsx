// On a risk product's card, for the account admin: after how many months a client's yearly review falls due (0: no
// reviews) and how many days before that the adviser is told (docs/decisions/0093). Checked with the contract's rule,
// the server's own; saved with PUT /api/account/products/{id}/review.
import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZProductReviewSettings, type TProductConfiguration, type TProductReviewSettings } from '@bq/contracts/user';
import { api } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/query-keys';
import { showApiError, showSuccess } from '../../../lib/notify';

export function ReviewSettingsForm({ product }: { product: TProductConfiguration }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [months, setMonths] = useState<number | string>(product.reviewEveryMonths);
  const [days, setDays] = useState<number | string>(product.reviewNoticeDays);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: (settings: TProductReviewSettings) => api.put<TProductReviewSettings>(`/api/account/products/${encodeURIComponent(product.id)}/review`, settings),
    meta: { showsOwnError: true },
    onSuccess: async () => {
      showSuccess(t('review.settings.saved'));
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
    onError: (error) => showApiError(error, { fallbackKey: 'ERROR_REVIEW_SETTINGS' }),
  });
  const parsed = ZProductReviewSettings.safeParse({ reviewEveryMonths: Number(months), reviewNoticeDays: Number(days) });
  const issue = (field: keyof TProductReviewSettings) => (tried && !parsed.success && parsed.error.issues.some((i) => i.path[0] === field) ? t(`review.settings.${field}Invalid`) : undefined);

  return (
    <form
      noValidate
      aria-label={t('review.settings.title')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (parsed.success && months !== '' && days !== '') save.mutate(parsed.data);
      }}
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('review.settings.title')}
        </Text>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NumberInput label={t('review.settings.months')} description={t('review.settings.monthsHint')} min={0} max={60} allowDecimal={false} value={months} onChange={setMonths} error={issue('reviewEveryMonths')} w={170} data-testid="review-settings-months" />
          <NumberInput label={t('review.settings.days')} description={t('review.settings.daysHint')} min={0} max={90} allowDecimal={false} value={days} onChange={setDays} error={issue('reviewNoticeDays')} w={170} data-testid="review-settings-days" />
        </Group>
        <div>
          <Button type="submit" size="xs" variant="light" loading={save.isPending} data-testid="review-settings-save">
            {t('review.settings.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
