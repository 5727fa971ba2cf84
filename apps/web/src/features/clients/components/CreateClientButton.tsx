// "Create client": absent without CREATE on BQ_USER in the product's realm; disabled, with the reason beside it,
// when the account's client limit is used up (the reason is text, not a tooltip, so keyboard and screen-reader
// users get it too).
import { useId } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/ui/AppLink';
import { useClientLimit } from '../api/get-client-limit';
import type { ClientProduct } from '../use-client-product';

interface CreateClientButtonProps {
  product: ClientProduct;
  testId?: string;
}

export function CreateClientButton({ product, testId = 'create-client-button' }: CreateClientButtonProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const limit = useClientLimit(product.user.id, { enabled: product.canCreate });
  if (!product.canCreate) return null;
  const limitReached = limit.data ? !limit.data.available : false;
  const to = `/${product.productType}/client`;

  return (
    <Group gap="sm" wrap="nowrap" align="center">
      {limitReached ? (
        <Text size="sm" c="dimmed" id={reasonId} maw={320} data-testid="client-limit-notice">
          {t('clients.limit.reached', { limit: limit.data?.limit ?? 0 })}
        </Text>
      ) : null}
      {limitReached ? (
        <Button
          disabled
          aria-describedby={reasonId}
          leftSection={<IconUserPlus size={18} aria-hidden />}
          data-testid={testId}
        >
          {t('clients.create')}
        </Button>
      ) : (
        <Button
          component={AppLink}
          to={to}
          leftSection={<IconUserPlus size={18} aria-hidden />}
          data-testid={testId}
        >
          {t('clients.create')}
        </Button>
      )}
    </Group>
  );
}
