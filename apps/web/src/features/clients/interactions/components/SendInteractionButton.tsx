// "Send questionnaire" on the client view. Disabled, with the reason as text beside it (not a tooltip, so
// keyboard and screen-reader users get it too), when the user may not send in this product, the client is
// erased or inactive here, the product has no interaction, the product's questionnaire limit is used up, or the user's own
// address is not verified yet (then a new verification link is one click away, before any form is filled).
import { useId } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TClientProfile } from '@bq/contracts/clients';
import { showSuccess } from '../../../../lib/notify';
import { useResendVerification } from '../../../signup/api/resend-verification';
import type { ClientProduct } from '../../use-client-product';
import { useProductInteraction } from '../api/get-account-interactions';
import { useInteractionLimit } from '../api/get-interaction-limit';
import { mayOnInstances } from '../instance-permissions';
import { SendInteractionModal } from './SendInteractionModal';
import { ReviewDueText } from '../../../yearly-review/components/ReviewDueText';

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

  const resend = useResendVerification();
  const unverified = product.user.emailVerificationRequired;
  const reason = !mayCreate
    ? t('interactions.send.disabled.noPermission')
    : unverified
      ? t('interactions.send.disabled.unverified', { email: product.user.email })
      : client.erasedAt
      ? t('interactions.send.disabled.erased')
      : !client.active
      ? t('interactions.send.disabled.inactive')
      : interaction.data === null || interaction.isError
        ? t('interactions.send.disabled.noInteraction')
        : limit.data && !limit.data.available
          ? t('interactions.send.disabled.limit', { limit: limit.data.limit ?? 0 })
          : null;
  const ready = reason === null && interaction.data !== undefined && interaction.data !== null;

  // The yearly review is due (decision 0093): the button says so, and its dialog starts from the previous answers.
  const reviewDue = client.reviewDueAt !== null && new Date(client.reviewDueAt).getTime() <= Date.now() + product.configuration.reviewNoticeDays * 86_400_000;
  return (
    <Group gap="sm" wrap="wrap" align="center" justify="flex-end">
      {reviewDue && client.reviewDueAt && reason === null ? <ReviewDueText dueAt={client.reviewDueAt} /> : null}
      {reason ? (
        <Stack gap={2} align="flex-end" maw={360}>
          <Text size="sm" c="dimmed" id={reasonId} ta="right" data-testid="send-interaction-notice">
            {reason}
          </Text>
          {mayCreate && unverified ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (response) => showSuccess(t('verifyEmail.resendSuccess', { email: response.sentTo })),
                })
              }
              data-testid="send-interaction-resend-verification"
            >
              {t('verifyEmail.resendButton')}
            </Anchor>
          ) : null}
        </Stack>
      ) : null}
      <Button
        leftSection={<IconSend size={18} aria-hidden />}
        disabled={!ready}
        loading={reason === null && !ready}
        aria-describedby={reason ? reasonId : undefined}
        onClick={open}
        data-testid="send-interaction-button"
      >
        {reviewDue && reason === null ? t('review.start') : t('interactions.send.button')}
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
