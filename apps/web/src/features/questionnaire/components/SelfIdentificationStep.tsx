// The optional self-identification step under the thanks of a submitted selection or performance questionnaire
// (docs/decisions/0051): the categories the account asks, each with "prefer not to say", and why and who sees it.
// Nothing is required; nothing shows when the account asks nothing or the product does not ask.
import { useState } from 'react';
import { Alert, Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREFER_NOT_TO_SAY, type SelfIdCategory, type TSelfIdentificationRequest } from '@bq/contracts/fairness';
import { useSaveSelfIdentification, useSelfIdentificationForm } from '../api/self-identification';

export function SelfIdentificationStep({ instanceToken }: { instanceToken: string }) {
  const { t } = useTranslation();
  const form = useSelfIdentificationForm(instanceToken);
  const save = useSaveSelfIdentification(instanceToken);
  const [chosen, setChosen] = useState<TSelfIdentificationRequest>({});
  if (!form.data?.offered) return null;
  const given = form.data.given ?? {};
  const value = (category: SelfIdCategory) => chosen[category] ?? given[category] ?? '';

  return (
    <Paper withBorder p="md" mt="lg" data-testid="self-identification" component="section" aria-labelledby="self-id-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="self-id-title">
          {t('selfId.title')}
        </Title>
        <Text size="sm">{t('selfId.why')}</Text>
        {form.data.categories.map(({ category, options }) => (
          <Radio.Group key={category} label={t(`selfId.category.${category}`)} value={value(category)} onChange={(v) => setChosen((c) => ({ ...c, [category]: v }))}>
            <Stack gap={6} mt={6}>
              {options.map((o) => (
                <Radio key={o.code} value={o.code} label={o.label ?? t(`fairness.option.${category}.${o.code}`)} />
              ))}
              <Radio value={PREFER_NOT_TO_SAY} label={t('fairness.option.PREFER_NOT_TO_SAY')} />
            </Stack>
          </Radio.Group>
        ))}
        {save.isSuccess ? (
          <Alert color="green" role="status">
            {t('selfId.saved')}
          </Alert>
        ) : null}
        <Button
          onClick={() => save.mutate({ ...Object.fromEntries(Object.entries(given)), ...chosen })}
          loading={save.isPending}
          disabled={Object.keys(chosen).length === 0}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('selfId.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
