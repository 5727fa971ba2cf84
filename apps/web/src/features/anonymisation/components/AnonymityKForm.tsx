// The account's k: aggregates over anonymised people cover at least k of them (never fewer than 3).
import { useState } from 'react';
import { Button, Group, NumberInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANONYMITY_K_MIN } from '@bq/domain/anonymity';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useUpdateAnonymisationSettings } from '../api/update-anonymisation-settings';

export function AnonymityKForm({ savedK, disabled }: { savedK: number; disabled: boolean }) {
  const { t } = useTranslation();
  const [k, setK] = useState<number | string>(savedK);
  const update = useUpdateAnonymisationSettings();
  const value = typeof k === 'number' ? k : Number.parseInt(k, 10);
  const invalid = !Number.isInteger(value) || value < ANONYMITY_K_MIN || value > 100;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        update.mutate({ anonymityK: value }, { onSuccess: () => showSuccess(t('anonymisation.k.saved')), onError: (error) => showApiError(error) });
      }}
    >
      <Group align="flex-end" gap="sm">
        <NumberInput
          label={t('anonymisation.k.label')}
          description={t('anonymisation.k.hint', { min: ANONYMITY_K_MIN })}
          value={k}
          onChange={setK}
          min={ANONYMITY_K_MIN}
          max={100}
          allowDecimal={false}
          disabled={disabled}
          error={invalid ? t('anonymisation.k.invalid', { min: ANONYMITY_K_MIN }) : undefined}
          w={320}
          data-testid="anonymity-k"
        />
        <Button type="submit" disabled={disabled || invalid || value === savedK} loading={update.isPending}>
          {t('anonymisation.k.save')}
        </Button>
      </Group>
    </form>
  );
}
