// Shown when the client token is unknown or belongs to another account (the profile answers 404).
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconUserQuestion } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ProductType } from '@bq/domain/product-types';
import { AppLink } from '../../../components/ui/AppLink';

export function ClientNotFound({ productType }: { productType: ProductType }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xl" maw={640} data-testid="client-not-found">
      <Stack gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden>
          <IconUserQuestion size={26} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} fz="h3">
          {t('clients.notFound.title')}
        </Title>
        <Text c="dimmed">{t('clients.notFound.text')}</Text>
        <div>
          <Button
            component={AppLink}
            to={`/product/${productType}`}
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t('clients.notFound.back')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
