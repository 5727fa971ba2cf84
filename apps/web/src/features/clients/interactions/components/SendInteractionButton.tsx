// "Send questionnaire" on the client view. Disabled, with the reason as text beside it (not a tooltip, so
// keyboard and screen-reader users get it too), when the user may not send in this product, the client is
// inactive here, the product has no interaction, or the product's questionnaire limit is used up.
import { useId } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientProfile } from '@bq/contracts/clients';
import type { ClientProduct } from '../../use-client-product';
import { useProductInteraction } from '../api/get-account-interactions';
import { useInteractionLimit } from '../api/get-interaction-limit';
import { mayOnInstances } from '../instance-permissions';
import { SendInteractionModal } from './SendInteractionModal';

interface SendInteractionButtonProps {
  client: TClientProfile;
  product: ClientProduct;
}

export function SendInteractionButton({ client, product }: SendInteractionButtonProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [opened, { open, close }] = useDisclosure(false);
  const mayCreate = mayOnInstances(product.user, product.productType, 'CREATE');
  const interaction = useProductInteraction(product.configuration.id, { enabled: mayCreate });
  const interactionId = interaction.data?.interactionId ?? '';
  const limit = useInteractionLimit(product.user.id, interactionId, { enabled: mayCreate });

  const reason = !mayCreate
    ? t('interactions.send.disabled.noPermission')
    : !client.active
      ? t('interactions.send.disabled.inactive')
      : interaction.data === null || interaction.isError
        ? t('interactions.send.disabled.noInteraction')
        : limit.data && !limit.data.available
          ? t('interactions.send.disabled.limit', { limit: limit.data.limit ?? 0 })
          : null;
  const ready = reason === null && interaction.data !== undefined && interaction.data !== null;

  return (
    <Group gap="sm" wrap="nowrap" align="center" justify="flex-end">
      {reason ? (
        <Text size="sm" c="dimmed" id={reasonId} maw={360} ta="right" data-testid="send-interaction-notice">
          {reason}
        </Text>
      ) : null}
      <Button
        leftSection={<IconSend size={18} aria-hidden />}
        disabled={!ready}
        loading={reason === null && !ready}
        aria-describedby={reason ? reasonId : undefined}
        onClick={open}
        data-testid="send-interaction-button"
      >
        {t('interactions.send.button')}
      </Button>
      {ready && interaction.data ? (
        <SendInteractionModal
          opened={opened}
          onClose={close}
          client={client}
          interaction={interaction.data}
        />
      ) : null}
    </Group>
  );
}
