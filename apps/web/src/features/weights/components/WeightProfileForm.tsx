// Create or edit a weight profile: a name and, per dimension of the product, a weight on the spec's scale
// (1, 2, 4, 8, 16) and a target T-score. Checked with the shared contract before it is sent.
import { useState } from 'react';
import {
  Button,
  Group,
  NumberInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ZUpdateWeightProfileRequest,
  type TProductWeights,
  type TUpdateWeightProfileRequest,
  type TWeightProfile,
} from '@bq/contracts/weights';
import { errorKeyToTranslationKey } from '@bq/domain/error-keys';
import { ApiError } from '../../../lib/api-client';
import { showApiError } from '../../../lib/notify';

interface WeightProfileFormProps {
  dimensions: TProductWeights;
  profile: TWeightProfile | null;
  pending: boolean;
  onSubmit: (body: TUpdateWeightProfileRequest) => Promise<unknown>;
  onCancel: () => void;
}

export function WeightProfileForm({
  dimensions,
  profile,
  pending,
  onSubmit,
  onCancel,
}: WeightProfileFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(profile?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [rows, setRows] = useState(() =>
    dimensions.dimensions.map((d) => {
      const existing = profile?.weights.find((w) => w.dimension === d.key);
      return {
        dimension: d.key,
        weight: existing?.weight ?? 1,
        target: existing?.target ?? dimensions.defaultTarget,
      };
    }),
  );
  const update = (index: number, change: Partial<(typeof rows)[number]>) =>
    setRows((current) => current.map((r, i) => (i === index ? { ...r, ...change } : r)));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZUpdateWeightProfileRequest.safeParse({ name, weights: rows });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'name');
      setNameError(
        issue ? t(errorKeyToTranslationKey(issue.message) ?? 'ERROR_VALIDATION') : t('ERROR_VALIDATION'),
      );
      return;
    }
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.fields.some((f) => f.path === 'name'))
        setNameError(t(errorKeyToTranslationKey(error.errorKey) ?? 'ERROR_VALIDATION'));
      else showApiError(error);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="weight-profile-form">
      <Stack gap="md">
        <TextInput
          label={t('weights.form.name')}
          required
          value={name}
          error={nameError}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          data-testid="weight-profile-name"
        />
        <Text size="sm" c="dimmed">
          {t('weights.form.lead', { min: dimensions.targetMin, max: dimensions.targetMax })}
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('weights.dimension')}</Table.Th>
                <Table.Th scope="col">{t('weights.weight')}</Table.Th>
                <Table.Th scope="col">{t('weights.target')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {dimensions.dimensions.map((d, index) => (
                <Table.Tr key={d.key} data-testid={`weight-row-${d.key}`}>
                  <Table.Th scope="row">{d.name}</Table.Th>
                  <Table.Td>
                    <Radio.Group
                      value={String(rows[index]!.weight)}
                      onChange={(value) => update(index, { weight: Number(value) as 1 })}
                      label={
                        <VisuallyHidden>{t('weights.form.weightOf', { dimension: d.name })}</VisuallyHidden>
                      }
                    >
                      <Group gap="xs" wrap="nowrap">
                        {dimensions.scale.map((w) => (
                          <Radio
                            key={w}
                            value={String(w)}
                            label={t(`weights.scale.${w}`)}
                            data-testid={`weight-${d.key}-${w}`}
                          />
                        ))}
                      </Group>
                    </Radio.Group>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('weights.form.targetOf', { dimension: d.name })}
                      min={dimensions.targetMin}
                      max={dimensions.targetMax}
                      step={1}
                      allowDecimal={false}
                      clampBehavior="strict"
                      w={96}
                      value={rows[index]!.target}
                      onChange={(value) =>
                        update(index, {
                          target: typeof value === 'number' ? value : dimensions.defaultTarget,
                        })
                      }
                      data-testid={`target-${d.key}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid="weight-profile-save">
            {t('weights.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
