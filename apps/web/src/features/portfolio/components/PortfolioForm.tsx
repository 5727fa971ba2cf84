// The current-portfolio form: the date and the weight of each modelled asset class in percent, with a running total.
// Errors show at their field (a weight, the date) or under the weights (they do not add up to 100), from the same
// contract schema the server checks, and the server's 400 fields land on the same inputs.
import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { MODELLED_ASSET_CLASSES, type TPortfolio } from '@bq/contracts/portfolio';
import { ApiError } from '../../../lib/api-client';
import { showApiError, showSuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/formats';
import { useSavePortfolio } from '../api/save-portfolio';
import { PortfolioCsvUpload } from './PortfolioCsvUpload';
import { initialFormValues, serverFormErrors, validatePortfolioForm, weightTotal, type PortfolioFormErrors, type PortfolioFormValues } from '../portfolio-form';

const today = () => new Date().toISOString().slice(0, 10);

export function PortfolioForm({ clientToken, current }: { clientToken: string; current: TPortfolio | null }) {
  const { t } = useTranslation();
  const { formatPercent } = useFormat();
  const save = useSavePortfolio(clientToken);
  const [values, setValues] = useState<PortfolioFormValues>(() => initialFormValues(current, today()));
  const [errors, setErrors] = useState<PortfolioFormErrors>({});
  const message = (field: keyof PortfolioFormErrors) => {
    const key = errors[field];
    return key ? t(errorKeyToTranslationKey(key) ?? 'validation.invalid') : undefined;
  };
  const input = (field: keyof PortfolioFormValues) => ({
    value: values[field],
    error: message(field),
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [field]: value }));
      setErrors((previous) => ({ ...previous, [field]: undefined, total: undefined }));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validatePortfolioForm(values);
    if (!checked.request) return setErrors(checked.errors);
    setErrors({});
    save.mutate(checked.request, {
      onSuccess: () => showSuccess(t('portfolio.form.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.fields.length) setErrors(serverFormErrors(error.fields));
        else showApiError(error);
      },
    });
  };

  const total = weightTotal(values);
  return (
    <form onSubmit={submit} noValidate data-testid="portfolio-form" aria-label={t('portfolio.form.title')}>
      <Stack gap="sm">
        <Text fw={600}>{t('portfolio.form.title')}</Text>
        <Group align="flex-start" gap="sm">
          <TextInput type="date" label={t('portfolio.form.asOf')} required {...input('asOf')} data-testid="portfolio-as-of" />
          {MODELLED_ASSET_CLASSES.map((assetClass) => (
            <TextInput
              key={assetClass}
              label={t('portfolio.form.weight', { assetClass: t(`portfolio.assetClass.${assetClass}`) })}
              inputMode="decimal"
              w={150}
              {...input(assetClass)}
              data-testid={`portfolio-weight-${assetClass}`}
            />
          ))}
        </Group>
        <Text size="sm" c={errors.total ? 'red.8' : 'dimmed'} role={errors.total ? 'alert' : undefined} data-testid="portfolio-total">
          {errors.total ? message('total') : t('portfolio.form.total', { total: total === null ? '–' : formatPercent(total / 100, Number.isInteger(total) ? 0 : 2) })}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="portfolio-save">
            {t('portfolio.form.save')}
          </Button>
        </Group>
        <PortfolioCsvUpload clientToken={clientToken} asOf={values.asOf} />
      </Stack>
    </form>
  );
}
